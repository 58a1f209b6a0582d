#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_model.hpp"
#include "validation/measured_gemm.hpp"

namespace lutsim {

// Regimes the errors are reported by: M size, and which roofline the shape
// sits under (arithmetic intensity against the GPU's achievable ridge point).
inline constexpr std::int64_t kGemvMaxM = 16;
inline constexpr std::int64_t kSmallMaxM = 512;

// "gemv" (M <= 16), "small_m" (16 < M <= 512) or "large_m".
const char* m_regime(std::int64_t m);

struct ErrorSummary {
  std::string
      group;  // all, gemv (M<=16), small_m (16<M<=512), large_m, memory_bound, compute_bound
  std::int64_t count = 0;
  double mape = 0.0;         // mean |predicted - measured| / measured
  double mean_signed = 0.0;  // mean (predicted - measured) / measured
  double max_abs = 0.0;      // largest |predicted - measured| / measured
};

// The model against one measurement.
struct PointError {
  std::size_t index = 0;     // into MeasuredDataset::gemms
  GemmEstimate estimate;     // the fastest tiling the model found
  double predicted_s = 0.0;  // estimate's kernel time (+ launch gap for event timing)
  double error = 0.0;        // (predicted - measured) / measured
  bool memory_bound = false;
};

// The summary of `group` in `groups`; throws std::out_of_range when none.
const ErrorSummary& find_group(const std::vector<ErrorSummary>& groups, const std::string& group);

// MAPE, mean signed and largest error of the relative errors `rel`.
ErrorSummary summarize_errors(const std::string& group, const std::vector<double>& rel);

struct DatasetError {
  std::string dataset;
  std::string gpu;
  std::vector<ErrorSummary> groups;  // "all" first, then the regimes that have points
  std::vector<PointError> points;    // in the dataset's order

  const ErrorSummary& group(const std::string& name) const;
  // The n distinct shapes (M, N, K, batch, type) with the largest |error|,
  // largest first; of a shape measured more than once (two models with the
  // same layer, repeated profiling runs), its worst point.
  std::vector<PointError> worst(const MeasuredDataset& data, std::size_t n) const;
};

// The model's prediction for one measurement: kernel time, plus the host
// launch gap when the measurement was timed with events.
double predict_measured(const HardwareSpec& hw, const MeasuredGemm& m);

// Whether the shape is memory-bound on this GPU's achievable roofline for its
// operand type.
bool memory_bound(const HardwareSpec& hw, const GemmShape& s);

DatasetError evaluate_dataset(const MeasuredDataset& data, const HardwareSpec& hw);

// Throws std::runtime_error when the file records an SM count other than the
// config's: the measurements then come from another GPU than the one predicted.
void check_same_gpu(const MeasuredDataset& data, const HardwareSpec& hw);

}  // namespace lutsim
