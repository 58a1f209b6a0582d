#include "core/numerics/fp16.hpp"

#include <bit>
#include <cstdint>

#include "core/numerics/shift_round.hpp"

namespace lutsim {
namespace {

// binary16 layout.
constexpr int kHalfMantBits = 10;
constexpr int kHalfBias = 15;
constexpr std::uint32_t kHalfMantMask = 0x03FFu;
constexpr std::uint32_t kHalfExpField = 0x1Fu;
constexpr std::uint32_t kHalfQuietBit = 0x0200u;
constexpr std::uint16_t kHalfSignBit = 0x8000u;

// binary64 layout.
constexpr int kDoubleMantBits = 52;
constexpr int kDoubleBias = 1023;
constexpr std::uint64_t kDoubleMantMask = (std::uint64_t{1} << 52) - 1;
constexpr std::uint32_t kDoubleExpField = 0x7FFu;

// binary32 layout.
constexpr int kFloatMantBits = 23;
constexpr std::uint32_t kFloatMantMask = (1u << 23) - 1;
constexpr std::uint32_t kFloatExpField = 0xFFu;

// A wider IEEE binary format that every binary16 value converts to exactly.
struct WideFormat {
  int sign_shift;  // position of the sign bit
  int mant_bits;
  int bias;
  std::uint64_t exp_field;  // all-ones exponent field
};
constexpr WideFormat kFloatFormat{31, kFloatMantBits, 127, kFloatExpField};
constexpr WideFormat kDoubleFormat{63, kDoubleMantBits, kDoubleBias, kDoubleExpField};

using detail::shift_right_rne;

// Exact binary16 -> wider binary format, as raw bits of the wider format.
// NaNs keep sign and payload (shifted to the top of the wider mantissa) and
// are made quiet, which is what x86 (F16C and the libgcc emulation) does.
std::uint64_t widen_half(std::uint16_t h, WideFormat f) {
  const std::uint64_t sign = std::uint64_t{(h & kHalfSignBit) != 0u} << f.sign_shift;
  const std::uint32_t exp = (h >> kHalfMantBits) & kHalfExpField;
  const std::uint64_t mant = h & kHalfMantMask;
  const int mant_shift = f.mant_bits - kHalfMantBits;

  if (exp == kHalfExpField) {  // inf or NaN
    std::uint64_t wide_mant = mant << mant_shift;
    if (mant != 0) wide_mant |= std::uint64_t{1} << (f.mant_bits - 1);
    return sign | (f.exp_field << f.mant_bits) | wide_mant;
  }
  if (exp == 0) {
    if (mant == 0) return sign;  // signed zero
    // Subnormal: mant * 2^-24. Normalize so the leading 1 becomes hidden.
    const int lead = std::bit_width(mant) - 1;  // 0..9
    const std::uint64_t wide_exp = static_cast<std::uint64_t>(lead - 24 + f.bias);
    const std::uint64_t frac =
        (mant << (f.mant_bits - lead)) & ((std::uint64_t{1} << f.mant_bits) - 1);
    return sign | (wide_exp << f.mant_bits) | frac;
  }
  const std::uint64_t wide_exp =
      static_cast<std::uint64_t>(static_cast<int>(exp) - kHalfBias + f.bias);
  return sign | (wide_exp << f.mant_bits) | (mant << mant_shift);
}

// A NaN converted to binary16: sign and the top 10 payload bits kept, quiet
// bit forced on (matches x86 VCVTPS2PH and libgcc __trunc{s,d}fhf2).
Fp16 nan_to_half(bool negative, std::uint16_t top_payload_bits) {
  const std::uint16_t sign = negative ? kHalfSignBit : 0u;
  return Fp16::from_bits(static_cast<std::uint16_t>(
      sign | Fp16::kPositiveInfinityBits | kHalfQuietBit | (top_payload_bits & kHalfMantMask)));
}

// Rounds a finite or infinite (non-NaN) double to binary16, RNE.
std::uint16_t round_non_nan(std::uint64_t bits) {
  const std::uint16_t sign = (bits >> 63) != 0 ? kHalfSignBit : 0u;
  const std::uint32_t exp_field =
      static_cast<std::uint32_t>(bits >> kDoubleMantBits) & kDoubleExpField;
  if (exp_field == kDoubleExpField) {  // infinity (NaN handled by caller)
    return sign | Fp16::kPositiveInfinityBits;
  }
  // Zero and double subnormals (< 2^-1022, far below half of 2^-24) give a
  // signed zero.
  if (exp_field == 0) return sign;

  const int e = static_cast<int>(exp_field) - kDoubleBias;  // value in [2^e, 2^(e+1))
  if (e > kHalfBias) return sign | Fp16::kPositiveInfinityBits;
  const std::uint64_t significand =
      (bits & kDoubleMantMask) | (std::uint64_t{1} << kDoubleMantBits);

  // Result = base + r, where r is the significand rounded to the binary16
  // quantum of this binade (it includes the hidden bit). For normals the base
  // is (biased exponent - 1) << 10, so the hidden bit adds the missing 1 and
  // a carry out of the mantissa (r == 2^11) moves to the next binade, or from
  // 65504 on to infinity (0x7C00). Subnormals have quantum 2^-24 and base 0,
  // so r == 2^10 lands exactly on the smallest normal 0x0400.
  constexpr int kMinNormalExp = 1 - kHalfBias;  // -14
  int shift = kDoubleMantBits - kHalfMantBits;  // 42
  std::uint32_t base = 0;
  if (e >= kMinNormalExp) {
    base = static_cast<std::uint32_t>(e + kHalfBias - 1) << kHalfMantBits;
  } else {
    shift += kMinNormalExp - e;  // > 42
  }
  const std::uint64_t r = shift_right_rne(significand, shift);
  return static_cast<std::uint16_t>(sign | (base + static_cast<std::uint32_t>(r)));
}

}  // namespace

Fp16 Fp16::from_float(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  if (value != value) {
    return nan_to_half(
        (bits >> 31) != 0,
        static_cast<std::uint16_t>((bits & kFloatMantMask) >> (kFloatMantBits - kHalfMantBits)));
  }
  // float -> double is exact, so this rounds only once.
  return from_bits(round_non_nan(std::bit_cast<std::uint64_t>(static_cast<double>(value))));
}

Fp16 Fp16::from_double(double value) {
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
  if (value != value) {
    return nan_to_half(
        (bits >> 63) != 0,
        static_cast<std::uint16_t>((bits & kDoubleMantMask) >> (kDoubleMantBits - kHalfMantBits)));
  }
  return from_bits(round_non_nan(bits));
}

float Fp16::to_float() const {
  return std::bit_cast<float>(static_cast<std::uint32_t>(widen_half(bits_, kFloatFormat)));
}

double Fp16::to_double() const {
  return std::bit_cast<double>(widen_half(bits_, kDoubleFormat));
}

Fp16 fp16_round(double exact) {
  if (exact != exact) return Fp16::from_bits(Fp16::kCanonicalNaNBits);
  return Fp16::from_bits(round_non_nan(std::bit_cast<std::uint64_t>(exact)));
}

// The sum of two binary16 values is exact in double: both are multiples of
// 2^-24 below 2^16, so the sum is an integer multiple of 2^-24 below 2^17
// (41 bits). inf - inf and NaN operands give a double NaN, which fp16_round
// turns into the canonical NaN. The sign of an exact zero sum is set here by
// the IEEE rule for round to nearest (-0 only for (-0) + (-0)), so the result
// does not depend on the caller's floating-point rounding mode.
Fp16 fp16_add(Fp16 a, Fp16 b) {
  const double sum = a.to_double() + b.to_double();
  if (sum == 0.0) {
    return Fp16::from_bits(static_cast<std::uint16_t>(a.bits() & b.bits() & kHalfSignBit));
  }
  return fp16_round(sum);
}

// a - b == a + (-b) exactly, zeros and NaNs included.
Fp16 fp16_sub(Fp16 a, Fp16 b) {
  return fp16_add(a, fp16_neg(b));
}

// The product of two binary16 values is exact in double: 11 x 11 significand
// bits give at most 22 bits, and the exponent stays within [2^-48, 2^32).
// 0 * inf and NaN operands give a double NaN -> canonical NaN.
Fp16 fp16_mul(Fp16 a, Fp16 b) {
  return fp16_round(a.to_double() * b.to_double());
}

}  // namespace lutsim
