#pragma once

#include <cstdint>
#include <vector>

#include "core/lut/matrix.hpp"

namespace lutsim {

// Throws std::invalid_argument unless 1 <= bits <= 8 (the widths a weight
// code or a LUT datapath can have).
void check_weight_bits(int bits);

// A b-bit weight tensor W[N,K] as quantizers store it:
//   W[n,k] = scale[n] * (code[n,k] - zero_point[n]),  code in [0, 2^b).
// One scale and zero point per output channel n. The zero point may be
// fractional (e.g. (2^b - 1) / 2 for a symmetric grid).
struct QuantizedWeights {
  int rows = 0;                     // N
  int cols = 0;                     // K
  int bits = 0;                     // b
  std::vector<std::uint8_t> codes;  // row-major N x K
  std::vector<double> scale;        // N
  std::vector<double> zero_point;   // N

  // Throws std::invalid_argument on inconsistent sizes or codes >= 2^bits.
  void validate() const;
  std::uint8_t code(int n, int k) const { return codes[static_cast<std::size_t>(n) * cols + k]; }
  // W as real numbers (the dequantized tensor), N x K.
  Matrix dequantized() const;
};

// The same tensor after weight reinterpretation, an offline transform:
//   odd = 2 * code - (2^b - 1), an odd integer in [-(2^b - 1), 2^b - 1],
//   scale' = scale / 2, zero_point' = 2 * zero_point - (2^b - 1),
// so W[n,k] = scale'[n] * (odd[n,k] - zero_point'[n]) is unchanged. Bit j of
// code is then a digit 2*bit - 1 in {-1, +1} of weight 2^j:
//   odd = sum_j 2^j (2 * bit_j(code) - 1),
// which makes every table odd-symmetric. The stored bit planes are the
// codes' bits; only the meaning of a bit changes.
struct ReinterpretedWeights {
  int rows = 0;
  int cols = 0;
  int bits = 0;
  std::vector<std::int16_t> odd;  // row-major N x K
  std::vector<double> scale;
  std::vector<double> zero_point;

  std::int16_t value(int n, int k) const { return odd[static_cast<std::size_t>(n) * cols + k]; }
  // Bit j of the code this odd value was made from (the stored plane bit).
  int plane_bit(int n, int k, int j) const {
    const int code = (value(n, k) + (1 << bits) - 1) / 2;
    return (code >> j) & 1;
  }
  Matrix dequantized() const;
};

ReinterpretedWeights reinterpret_weights(const QuantizedWeights& w);

}  // namespace lutsim
