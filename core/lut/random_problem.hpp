#pragma once

#include <cstdint>

#include "core/lut/lut_config.hpp"
#include "core/lut/matrix.hpp"
#include "core/lut/quantized_weights.hpp"

namespace lutsim {

// A reproducible random mpGEMM problem for numerics studies and tests.
// Activations: normal(0, activation_stddev) rounded to the activation type:
// FP16 and FP8 by round to nearest even (FP8 saturating, unit scale); INT8 as
// the integer codes of a symmetric quantizer whose range is 4 standard
// deviations. Weights: codes uniform in [0, 2^b); per-channel scale
// uniform in [0.5, 1.5] / sqrt(K); zero point (2^b - 1) / 2 when
// symmetric_zero_point, else a uniform integer in [0, 2^b).
struct RandomProblemSpec {
  int m = 1;
  int n = 1;
  int k = 4;
  DataType activation = DataType::kFp16;
  int weight_bits = 2;
  double activation_stddev = 1.0;
  bool symmetric_zero_point = true;
  std::uint64_t seed = 1;
};

struct MpGemmProblem {
  Matrix x;            // M x K, representable in the activation type
  QuantizedWeights w;  // N x K
};

MpGemmProblem make_random_problem(const RandomProblemSpec& spec);

}  // namespace lutsim
