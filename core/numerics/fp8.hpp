#pragma once

#include <cstdint>

namespace lutsim {

// 8-bit floating point as in the OCP OFP8 specification (v1.0):
// - E4M3: bias 7, no infinities, NaN = S.1111.111, largest finite 448.
// - E5M2: bias 15, IEEE-like, infinities and NaNs, largest finite 57344.
// Both have subnormals. Encoding rounds to nearest, ties to even.
enum class Fp8Format { kE4M3, kE5M2 };

// What encoding does with a finite value beyond the largest finite number.
enum class Fp8Overflow {
  kSaturate,  // clamp to +-max finite (what quantizers for inference do)
  kToSpecial  // E5M2: +-infinity; E4M3: NaN (it has no infinity)
};

double fp8_max_finite(Fp8Format format);
std::uint8_t fp8_encode(Fp8Format format, double value, Fp8Overflow overflow);
double fp8_decode(Fp8Format format, std::uint8_t code);  // exact
bool fp8_is_nan(Fp8Format format, std::uint8_t code);

// An FP8 quantizer with an explicit scale: code = encode(x / scale),
// value = decode(code) * scale. Saturating; NaN quantizes to the NaN code.
// for_max_abs(0) gives scale 1; a negative or non-finite max_abs, or one whose
// scale underflows to 0, throws std::invalid_argument.
class Fp8Quantizer {
 public:
  Fp8Quantizer(Fp8Format format, double scale);  // scale > 0 and finite
  // The scale that maps max_abs onto the largest finite FP8 value.
  static Fp8Quantizer for_max_abs(Fp8Format format, double max_abs);

  std::uint8_t quantize(double value) const;
  double dequantize(std::uint8_t code) const;
  double scale() const { return scale_; }
  Fp8Format format() const { return format_; }

 private:
  Fp8Format format_;
  double scale_;
};

}  // namespace lutsim
