#pragma once

#include <string>
#include <vector>

#include "core/specs/hardware_spec.hpp"
#include "validation/measured_gemm.hpp"

namespace lutsim {

// Regimes the errors are reported by: M size, and which roofline the shape
// sits under (arithmetic intensity against the GPU's achievable ridge point).
inline constexpr std::int64_t kGemvMaxM = 16;
inline constexpr std::int64_t kSmallMaxM = 512;

struct ErrorSummary {
  std::string
      group;  // all, gemv (M<=16), small_m (16<M<=512), large_m, memory_bound, compute_bound
  std::int64_t count = 0;
  double mape = 0.0;         // mean |predicted - measured| / measured
  double mean_signed = 0.0;  // mean (predicted - measured) / measured
  double max_abs = 0.0;      // largest |predicted - measured| / measured
};

struct DatasetError {
  std::string dataset;
  std::string gpu;
  std::vector<ErrorSummary> groups;  // "all" first
  const ErrorSummary& group(const std::string& name) const;
};

// The model's prediction for one measurement: kernel time, plus the host
// launch gap when the measurement was timed with events.
double predict_measured(const HardwareSpec& hw, const MeasuredGemm& m);

// Whether the shape is memory-bound on this GPU's achievable roofline.
bool memory_bound(const HardwareSpec& hw, const GemmShape& s);

DatasetError evaluate_dataset(const MeasuredDataset& data, const HardwareSpec& hw);

}  // namespace lutsim
