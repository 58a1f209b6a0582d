#include "core/lut/random_problem.hpp"

#include <cmath>
#include <random>
#include <stdexcept>

#include "core/numerics/fp16.hpp"
#include "core/numerics/fp8.hpp"
#include "core/numerics/int_quant.hpp"

namespace lutsim {
namespace {

double to_activation_type(double v, DataType type, const Int8Quantizer& int8) {
  switch (type) {
    case DataType::kFp16:
      return Fp16::from_double(v).to_double();
    case DataType::kFp8E4M3:
      return fp8_decode(Fp8Format::kE4M3, fp8_encode(Fp8Format::kE4M3, v, Fp8Overflow::kSaturate));
    case DataType::kFp8E5M2:
      return fp8_decode(Fp8Format::kE5M2, fp8_encode(Fp8Format::kE5M2, v, Fp8Overflow::kSaturate));
    case DataType::kInt8:
      return int8.quantize(v);
    default:
      require_one_of(type, kLutActivationTypes, "random problem activation");
  }
  return v;
}

QuantizedWeights random_weights(const RandomProblemSpec& spec, std::mt19937_64& rng) {
  QuantizedWeights w;
  w.rows = spec.n;
  w.cols = spec.k;
  w.bits = spec.weight_bits;
  const int levels = 1 << spec.weight_bits;
  std::uniform_int_distribution<int> code(0, levels - 1);
  std::uniform_real_distribution<double> scale(0.5, 1.5);
  w.codes.resize(static_cast<std::size_t>(spec.n) * spec.k);
  for (auto& c : w.codes) c = static_cast<std::uint8_t>(code(rng));
  for (int n = 0; n < spec.n; ++n) {
    w.scale.push_back(scale(rng) / std::sqrt(static_cast<double>(spec.k)));
    w.zero_point.push_back(spec.symmetric_zero_point ? (levels - 1) / 2.0 : code(rng));
  }
  return w;
}

}  // namespace

MpGemmProblem make_random_problem(const RandomProblemSpec& spec) {
  if (spec.m < 1 || spec.n < 1 || spec.k < 1) {
    throw std::invalid_argument("make_random_problem: M, N and K must be positive");
  }
  if (!(spec.activation_stddev > 0.0)) {
    throw std::invalid_argument("make_random_problem: activation_stddev must be positive");
  }
  std::mt19937_64 rng(spec.seed);
  std::normal_distribution<double> normal(0.0, spec.activation_stddev);
  const auto int8 = Int8Quantizer::for_max_abs(4.0 * spec.activation_stddev);
  MpGemmProblem p{Matrix(spec.m, spec.k), {}};
  for (int i = 0; i < spec.m; ++i) {
    for (int j = 0; j < spec.k; ++j)
      p.x(i, j) = to_activation_type(normal(rng), spec.activation, int8);
  }
  p.w = random_weights(spec, rng);
  return p;
}

}  // namespace lutsim
