#include "core/numerics/fp8.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "core/numerics/shift_round.hpp"

namespace lutsim {
namespace {

constexpr std::uint8_t kFp8SignBit = 0x80u;

// Field layout and special codes of one OFP8 format. Codes are given without
// the sign bit.
struct Fp8Spec {
  int mant_bits;
  int bias;
  int max_exp;              // unbiased exponent of the largest finite value
  std::uint8_t max_finite;  // largest finite code
  std::uint8_t nan;         // NaN code produced by encoding
  std::uint8_t overflow;    // code for overflow in kToSpecial mode
  bool has_inf;
};

// E4M3: S.1111.111 is the only NaN, so exponent 15 holds finite values up to
// 1.75 * 2^8 = 448; kToSpecial overflow gives NaN.
constexpr Fp8Spec kE4M3{3, 7, 8, 0x7Eu, 0x7Fu, 0x7Fu, false};
// E5M2: IEEE-like; exponent 31 is inf (mantissa 0) or NaN. Max 1.75 * 2^15.
constexpr Fp8Spec kE5M2{2, 15, 15, 0x7Bu, 0x7Eu, 0x7Cu, true};

const Fp8Spec& spec_of(Fp8Format format) {
  return format == Fp8Format::kE4M3 ? kE4M3 : kE5M2;
}

using detail::shift_right_rne;

// Magnitude code of the normal double 2^(exp - 52) * significand (hidden bit
// included in significand), rounded to nearest even with the format's
// exponent range extended upward, so the caller sees overflow as a code above
// max_finite. The code is base + r, r being the significand rounded to the
// binade's quantum (hidden bit included): a mantissa carry moves into the
// exponent field, and a subnormal rounding up to 2^mant_bits lands on the
// smallest normal.
std::uint32_t round_magnitude(const Fp8Spec& s, int exp, std::uint64_t significand) {
  const int min_normal_exp = 1 - s.bias;
  int shift = 52 - s.mant_bits;
  std::uint32_t base = 0;
  if (exp >= min_normal_exp) {
    base = static_cast<std::uint32_t>(exp + s.bias - 1) << s.mant_bits;
  } else {
    shift += min_normal_exp - exp;
  }
  return base + static_cast<std::uint32_t>(shift_right_rne(significand, shift));
}

std::uint8_t overflow_code(const Fp8Spec& s, Fp8Overflow mode) {
  return mode == Fp8Overflow::kSaturate ? s.max_finite : s.overflow;
}

}  // namespace

double fp8_max_finite(Fp8Format format) {
  const Fp8Spec& s = spec_of(format);
  return fp8_decode(format, s.max_finite);
}

// RNE encoding. Zeros keep their sign. NaN gives the format's NaN with the
// input's sign in both modes. Infinite input and finite values that round
// above the largest finite value give +-max finite (kSaturate) or the
// overflow code (kToSpecial: E5M2 inf, E4M3 NaN), with the input's sign.
std::uint8_t fp8_encode(Fp8Format format, double value, Fp8Overflow overflow) {
  const Fp8Spec& s = spec_of(format);
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
  const std::uint8_t sign = (bits >> 63) != 0 ? kFp8SignBit : 0u;
  if (std::isnan(value)) return sign | s.nan;
  if (std::isinf(value)) return sign | overflow_code(s, overflow);

  const int exp_field = static_cast<int>((bits >> 52) & 0x7FFu);
  // Zero and double subnormals (< 2^-1022) round to a signed zero.
  if (exp_field == 0) return sign;
  const int exp = exp_field - 1023;
  if (exp > s.max_exp) return sign | overflow_code(s, overflow);

  const std::uint64_t significand =
      (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
  const std::uint32_t magnitude = round_magnitude(s, exp, significand);
  if (magnitude > s.max_finite) return sign | overflow_code(s, overflow);
  return static_cast<std::uint8_t>(sign | magnitude);
}

// Exact: every OFP8 value is a small integer times a power of two.
double fp8_decode(Fp8Format format, std::uint8_t code) {
  const Fp8Spec& s = spec_of(format);
  const double sign = (code & kFp8SignBit) != 0 ? -1.0 : 1.0;
  if (fp8_is_nan(format, code)) {
    return std::copysign(std::numeric_limits<double>::quiet_NaN(), sign);
  }
  const int exp_field = (code & 0x7F) >> s.mant_bits;
  const int mant = code & ((1 << s.mant_bits) - 1);
  const int max_exp_field = (1 << (7 - s.mant_bits)) - 1;
  if (s.has_inf && exp_field == max_exp_field) {  // mant == 0, NaN excluded
    return sign * std::numeric_limits<double>::infinity();
  }
  if (exp_field == 0) return sign * std::ldexp(mant, 1 - s.bias - s.mant_bits);
  const int significand = (1 << s.mant_bits) | mant;
  return sign * std::ldexp(significand, exp_field - s.bias - s.mant_bits);
}

bool fp8_is_nan(Fp8Format format, std::uint8_t code) {
  const std::uint8_t magnitude = code & 0x7Fu;
  if (format == Fp8Format::kE4M3) return magnitude == 0x7Fu;
  return (magnitude & 0x7Cu) == 0x7Cu && (magnitude & 0x03u) != 0;
}

Fp8Quantizer::Fp8Quantizer(Fp8Format format, double scale) : format_(format), scale_(scale) {
  if (!(scale > 0.0) || !std::isfinite(scale)) {
    throw std::invalid_argument("Fp8Quantizer: scale must be positive and finite");
  }
}

// max_abs == 0 (an all-zero tensor) gives scale 1, as Int8Quantizer does.
// A negative or non-finite max_abs, or one so small that the scale underflows
// to zero, throws std::invalid_argument from the constructor.
Fp8Quantizer Fp8Quantizer::for_max_abs(Fp8Format format, double max_abs) {
  if (max_abs == 0.0) return Fp8Quantizer(format, 1.0);
  return Fp8Quantizer(format, max_abs / fp8_max_finite(format));
}

// x / scale is rounded to double first, as the contract states; with a
// power-of-two scale that division is exact.
std::uint8_t Fp8Quantizer::quantize(double value) const {
  return fp8_encode(format_, value / scale_, Fp8Overflow::kSaturate);
}

double Fp8Quantizer::dequantize(std::uint8_t code) const {
  return fp8_decode(format_, code) * scale_;
}

}  // namespace lutsim
