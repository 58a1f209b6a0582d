#include "core/numerics/int_quant.hpp"

#include <cmath>
#include <stdexcept>

namespace lutsim {

// Explicit ties-to-even rounding, independent of the floating-point
// environment (std::nearbyint would follow whatever rounding mode the caller
// set). Every step is exact: for |value| < 2^52, value - floor(value) is a
// multiple of ulp(value) in [0, 1) and hence representable, and floor + 1 is
// an integer below 2^53. Doubles of magnitude >= 2^52 are already integers.
// The result carries the input's sign, so -0.3 gives -0.0 as nearbyint does.
double round_half_even(double value) {
  constexpr double kAllIntegers = 4503599627370496.0;  // 2^52
  if (!(std::fabs(value) < kAllIntegers)) return value;
  const double below = std::floor(value);
  const double fraction = value - below;
  double rounded = below + 1.0;
  if (fraction < 0.5 || (fraction == 0.5 && std::fmod(below, 2.0) == 0.0)) {
    rounded = below;
  }
  return std::copysign(rounded, value);
}

Int8Quantizer::Int8Quantizer(double scale) : scale_(scale) {
  if (!(scale > 0.0) || !std::isfinite(scale)) {
    throw std::invalid_argument("Int8Quantizer: scale must be positive and finite");
  }
}

// A negative or non-finite max_abs, or one so small that max_abs / 127
// underflows to zero, throws std::invalid_argument from the constructor.
Int8Quantizer Int8Quantizer::for_max_abs(double max_abs) {
  if (max_abs == 0.0) return Int8Quantizer(1.0);
  return Int8Quantizer(max_abs / kMaxCode);
}

// Clamping before rounding is equivalent to the contract's
// clamp(round(x / scale)) because +-127 are integers, and it keeps infinite
// quotients (huge x or tiny scale) away from round_half_even. NaN input has no
// meaningful code and gives 0.
std::int8_t Int8Quantizer::quantize(double value) const {
  const double ratio = value / scale_;
  if (std::isnan(ratio)) return 0;
  constexpr double kLimit = kMaxCode;
  const double clamped = ratio < -kLimit ? -kLimit : (ratio > kLimit ? kLimit : ratio);
  return static_cast<std::int8_t>(round_half_even(clamped));
}

}  // namespace lutsim
