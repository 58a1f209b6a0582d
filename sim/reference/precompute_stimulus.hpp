#pragma once
// Activation stimulus of the table precompute unit, shared by its Verilator
// bench and its SystemC tests: FP16 specials, subnormals, NaN/inf,
// cancellation and overflow; INT8 extremes. Raw encodings, as on the ports.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "core/numerics/fp16.hpp"

namespace lutsim::cycle_ref {

inline const std::vector<std::uint16_t> kFp16Specials = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x83FF, 0x0400, 0x8400, 0x3C00, 0xBC00,
    0x3C01, 0x7BFF, 0xFBFF, 0x7BFE, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE00, 0x4000,
};
inline const std::vector<std::uint16_t> kFp16Small = {0x0000, 0x8000, 0x0001, 0x3C00, 0xBC00,
                                                      0x7BFF, 0x7C00, 0xFC00, 0x7E00};
inline const std::vector<int> kInt8Specials = {0, 1, -1, 127, -128, -127, 64, -64, 2};
inline const std::vector<std::uint32_t> kInt8Small = {0x00, 0x01, 0xFF, 0x7F, 0x80};

// Distributions of random_fp16 and random_int8.
inline constexpr int kFp16Distributions = 6;
inline constexpr int kInt8Distributions = 3;

// One FP16 activation from distribution `dist` (0 .. kFp16Distributions - 1):
// normal at a random scale, any encoding (NaN, +-inf included), subnormals and
// the smallest normals, cancellation against x0 (+-x0 and neighbours),
// specials mixed with ordinary values, huge values that overflow in sums.
inline std::uint16_t random_fp16(std::mt19937_64& rng, int dist, std::uint16_t x0) {
  const auto r = [&](std::uint64_t n) { return rng() % n; };
  switch (dist) {
    case 0: {  // normal at a random scale 2^-16 .. 2^8
      std::normal_distribution<double> normal(0.0, std::ldexp(1.0, static_cast<int>(r(25)) - 16));
      return Fp16::from_double(normal(rng)).bits();
    }
    case 1:  // any encoding
      return static_cast<std::uint16_t>(rng());
    case 2: {  // subnormals and the smallest normals
      const std::uint16_t exp = r(4) == 0 ? 1 : 0;
      return static_cast<std::uint16_t>((rng() & 0x8000u) | (exp << 10) | (rng() & 0x3FFu));
    }
    case 3: {  // cancellation: +-x0 or a neighbour of it
      const int delta = r(3) == 0 ? static_cast<int>(r(5)) - 2 : 0;
      return static_cast<std::uint16_t>(((x0 ^ (rng() & 0x8000u)) + delta) & 0xFFFFu);
    }
    case 4:  // specials mixed with ordinary values
      if (r(2) == 0) return kFp16Specials[r(kFp16Specials.size())];
      return Fp16::from_double(std::ldexp(static_cast<double>(r(2048)) - 1024, -10)).bits();
    default: {  // huge: exponents 27..30, overflow in sums
      const std::uint16_t exp = static_cast<std::uint16_t>(27 + r(4));
      return static_cast<std::uint16_t>((rng() & 0x8000u) | (exp << 10) | (rng() & 0x3FFu));
    }
  }
}

// One INT8 activation: uniform, extremes (-128, 127, ...), small.
inline int random_int8(std::mt19937_64& rng, int dist) {
  switch (dist) {
    case 0:
      return static_cast<int>(rng() % 256) - 128;
    case 1:
      return kInt8Specials[rng() % kInt8Specials.size()];
    default:
      return static_cast<int>(rng() % 9) - 4;
  }
}

// K activation encodings (FP16 bits, or INT8 in the low 8 bits) from one
// randomly chosen distribution.
inline std::vector<std::uint32_t> random_activations(std::mt19937_64& rng, int k, bool integer) {
  std::vector<std::uint32_t> x(static_cast<std::size_t>(k));
  const int dist = static_cast<int>(rng() % (integer ? kInt8Distributions : kFp16Distributions));
  for (std::size_t j = 0; j < x.size(); ++j) {
    if (integer) {
      x[j] = static_cast<std::uint32_t>(random_int8(rng, dist)) & 0xFFu;
    } else {
      x[j] = random_fp16(
          rng, dist, j == 0 ? static_cast<std::uint16_t>(rng()) : static_cast<std::uint16_t>(x[0]));
    }
  }
  return x;
}

// Every K-tuple over `values` (odometer order), or none if there are more than `limit`.
inline std::vector<std::vector<std::uint32_t>> all_tuples(const std::vector<std::uint32_t>& values,
                                                          int k, std::size_t limit) {
  std::vector<std::vector<std::uint32_t>> out;
  std::size_t count = 1;
  for (int i = 0; i < k; ++i) count *= values.size();
  if (count > limit) return out;
  std::vector<std::size_t> digit(static_cast<std::size_t>(k), 0);
  for (std::size_t n = 0; n < count; ++n) {
    std::vector<std::uint32_t> x(static_cast<std::size_t>(k));
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = values[digit[i]];
    out.push_back(x);
    for (std::size_t i = 0; i < x.size() && ++digit[i] == values.size(); ++i) digit[i] = 0;
  }
  return out;
}

// The special values of one activation type as encodings: the full set and
// the small one for large K.
inline std::vector<std::uint32_t> special_activations(bool integer) {
  std::vector<std::uint32_t> out;
  if (integer) {
    for (int v : kInt8Specials) out.push_back(static_cast<std::uint32_t>(v) & 0xFFu);
  } else {
    out.assign(kFp16Specials.begin(), kFp16Specials.end());
  }
  return out;
}
inline std::vector<std::uint32_t> small_activations(bool integer) {
  if (integer) return kInt8Small;
  return {kFp16Small.begin(), kFp16Small.end()};
}

}  // namespace lutsim::cycle_ref
