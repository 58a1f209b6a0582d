#pragma once

#include <cstdint>

namespace lutsim {

// IEEE 754 binary16 in software: the golden half-precision numerics that the
// tile simulator, the SystemC models and the RTL benches are held to, bit for
// bit.
//
// Contract:
// - Arithmetic results are correctly rounded, round to nearest, ties to even.
//   Subnormal inputs and outputs are kept (no flush to zero). Overflow rounds
//   to infinity.
// - Any arithmetic result that is NaN is the canonical quiet NaN 0x7E00, as
//   hardware without payload propagation produces it.
// - Conversions from float/double round to nearest even; a NaN converts to a
//   quiet NaN with its sign and the top payload bits kept (as x86 does).
// - Conversions to float/double are exact for every non-NaN value; a NaN keeps
//   its sign and payload and gets the quiet bit (as x86 does).
// - x86 _Float16 arithmetic differs only in NaN results (it propagates
//   payloads and its default NaN is 0xFE00); every non-NaN result is equal.
class Fp16 {
 public:
  static constexpr std::uint16_t kCanonicalNaNBits = 0x7E00;
  static constexpr std::uint16_t kPositiveInfinityBits = 0x7C00;
  static constexpr std::uint16_t kMaxFiniteBits = 0x7BFF;  // 65504

  constexpr Fp16() = default;  // +0
  static constexpr Fp16 from_bits(std::uint16_t bits) {
    Fp16 h;
    h.bits_ = bits;
    return h;
  }
  static Fp16 from_float(float value);
  static Fp16 from_double(double value);

  constexpr std::uint16_t bits() const { return bits_; }
  float to_float() const;
  double to_double() const;

  constexpr bool sign() const { return (bits_ & 0x8000u) != 0; }
  constexpr bool is_nan() const { return (bits_ & 0x7C00u) == 0x7C00u && (bits_ & 0x03FFu) != 0; }
  constexpr bool is_inf() const { return (bits_ & 0x7FFFu) == 0x7C00u; }
  constexpr bool is_zero() const { return (bits_ & 0x7FFFu) == 0; }
  constexpr bool is_subnormal() const { return (bits_ & 0x7C00u) == 0 && (bits_ & 0x03FFu) != 0; }
  constexpr bool is_finite() const { return (bits_ & 0x7C00u) != 0x7C00u; }

 private:
  std::uint16_t bits_ = 0;
};

// Correctly rounded binary16 arithmetic (see the contract on Fp16).
Fp16 fp16_add(Fp16 a, Fp16 b);
Fp16 fp16_sub(Fp16 a, Fp16 b);
Fp16 fp16_mul(Fp16 a, Fp16 b);
// Sign flip; exact, also for NaN (only the sign bit changes).
constexpr Fp16 fp16_neg(Fp16 a) {
  return Fp16::from_bits(a.bits() ^ 0x8000u);
}

// Rounds a real value, given exactly as a double, to binary16 once (round to
// nearest even). Fused operations use it: e.g. acc + 2^j * entry computed
// exactly in double and rounded once. NaN input gives the canonical NaN.
Fp16 fp16_round(double exact);

}  // namespace lutsim
