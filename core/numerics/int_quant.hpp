#pragma once

#include <cstdint>

namespace lutsim {

// Round to nearest integer, ties to even (the rounding every lutsim quantizer
// uses). Input must be finite.
double round_half_even(double value);

// Symmetric INT8 quantizer with an explicit scale:
// q = clamp(round_half_even(x / scale), -127, 127), value = q * scale.
// -128 is never produced, so negation is closed (the LUT tables rely on it).
// NaN quantizes to 0; +-infinity clamps to +-127.
class Int8Quantizer {
 public:
  static constexpr int kMaxCode = 127;

  explicit Int8Quantizer(double scale);  // scale > 0 and finite
  // scale = max_abs / 127; max_abs == 0 gives scale 1.
  static Int8Quantizer for_max_abs(double max_abs);

  std::int8_t quantize(double value) const;
  double dequantize(std::int8_t code) const { return code * scale_; }
  double scale() const { return scale_; }

 private:
  double scale_;
};

}  // namespace lutsim
