#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/lut/random_problem.hpp"

namespace lutsim {

// Accuracy of one LUT datapath on one random problem, against references in
// double on the same (already quantized) activations and weights, so only
// the datapath's own rounding and table quantization are measured.
struct DatapathAccuracy {
  LutGemmConfig datapath;
  std::int64_t outputs = 0;         // M x N
  std::int64_t lookups = 0;         // M x N x (K / k) x b table reads
  std::int64_t nonfinite_outputs = 0;  // accumulators that overflowed to +-inf
  double max_abs_error = 0.0;       // max |Y_lut - Y_dequant|, output units
  double rel_rms_error = 0.0;       // ||Y_lut - Y_dequant||_2 / ||Y_dequant||_2
  double max_acc_error = 0.0;       // max |acc - sum x q|, accumulator units
  double max_error_to_bound = 0.0;  // max over outputs of |acc - sum x q| / bound
  double host_seconds = 0.0;        // wall time of the LUT evaluation
};

// Output rows done of all datapaths' rows (M per datapath).
using AccuracyProgress = std::function<void(std::size_t rows_done, std::size_t rows)>;

// Evaluates every datapath on the problem (activation type and weight bits
// taken from each datapath; same seed, so datapaths sharing them see the
// same data). Calls `progress` after each row of outputs if given: one
// datapath of a large problem takes minutes.
std::vector<DatapathAccuracy> evaluate_datapaths(const RandomProblemSpec& problem,
                                                 const std::vector<LutGemmConfig>& datapaths,
                                                 const AccuracyProgress& progress = {});

}  // namespace lutsim
