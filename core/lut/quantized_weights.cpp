#include "core/lut/quantized_weights.hpp"

#include <stdexcept>
#include <string>

namespace lutsim {

void check_weight_bits(int bits) {
  if (bits < 1 || bits > 8) {
    throw std::invalid_argument("weight bits must be in [1, 8], got " + std::to_string(bits));
  }
}

void QuantizedWeights::validate() const {
  check_weight_bits(bits);
  if (rows < 0 || cols < 0) throw std::invalid_argument("negative weight shape");
  const auto n = static_cast<std::size_t>(rows);
  if (codes.size() != n * static_cast<std::size_t>(cols) || scale.size() != n ||
      zero_point.size() != n) {
    throw std::invalid_argument("weight codes/scale/zero_point sizes do not match N x K");
  }
  for (std::uint8_t c : codes) {
    if (c >= (1u << bits)) {
      throw std::invalid_argument("weight code " + std::to_string(c) + " does not fit in " +
                                  std::to_string(bits) + " bits");
    }
  }
}

Matrix QuantizedWeights::dequantized() const {
  Matrix w(rows, cols);
  for (int n = 0; n < rows; ++n) {
    for (int k = 0; k < cols; ++k) w(n, k) = scale[n] * (code(n, k) - zero_point[n]);
  }
  return w;
}

Matrix ReinterpretedWeights::dequantized() const {
  Matrix w(rows, cols);
  for (int n = 0; n < rows; ++n) {
    for (int k = 0; k < cols; ++k) w(n, k) = scale[n] * (value(n, k) - zero_point[n]);
  }
  return w;
}

ReinterpretedWeights reinterpret_weights(const QuantizedWeights& w) {
  w.validate();
  const int offset = (1 << w.bits) - 1;
  ReinterpretedWeights r;
  r.rows = w.rows;
  r.cols = w.cols;
  r.bits = w.bits;
  r.odd.reserve(w.codes.size());
  for (std::uint8_t c : w.codes) r.odd.push_back(static_cast<std::int16_t>(2 * c - offset));
  for (int n = 0; n < w.rows; ++n) {
    r.scale.push_back(w.scale[n] / 2.0);
    r.zero_point.push_back(2.0 * w.zero_point[n] - offset);
  }
  return r;
}

}  // namespace lutsim
