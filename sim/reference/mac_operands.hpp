#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/numerics/fp16.hpp"

namespace lutsim::cycle_ref {

// A seeded source of MAC operands with corner cases, one distribution per dot
// product (the mac_dot_unit and mac_array benches).
// FP16, chosen per dot product (kFp16Dists):
//   0 normal at a random scale 2^-8 .. 2^4      1 any encoding (NaN, +-inf)
//   2 exponents 0..10: products underflow        3 exponents 20..30: products overflow
//   4 cancellation: odd products negate the even ones (a_i = a_{i-1},
//     b_i = -b_{i-1}; the caller pairs them)
//   5 specials mixed with ordinary values        6 small integers, 2048 + 2i: exact sums, ties
// INT8 (kInt8Dists): 0 uniform, 1 extremes (-128, 127, ...), 2 small.
class MacOperands {
 public:
  static constexpr int kFp16Dists = 7;
  static constexpr int kInt8Dists = 3;

  explicit MacOperands(std::mt19937_64& rng) : rng_(rng) {}

  // Operand `second` of a cancelling pair is the negated `partner` (dist 4).
  std::uint16_t fp16(int dist, bool second, std::uint16_t partner) {
    const auto r = [&](std::uint64_t n) { return rng_() % n; };
    const auto with_exp = [&](int exp) {
      return static_cast<std::uint16_t>((rng_() & 0x8000u) | (exp << 10) | (rng_() & 0x3FFu));
    };
    switch (dist) {
      case 0: {
        std::normal_distribution<double> normal(0.0, std::ldexp(1.0, static_cast<int>(r(13)) - 8));
        return Fp16::from_double(normal(rng_)).bits();
      }
      case 1:
        return static_cast<std::uint16_t>(rng_());
      case 2:
        return with_exp(static_cast<int>(r(11)));
      case 3:
        return with_exp(20 + static_cast<int>(r(11)));
      case 4:
        return second ? static_cast<std::uint16_t>(partner ^ 0x8000u)
                      : with_exp(10 + static_cast<int>(r(10)));
      case 5:
        if (r(2) == 0) return kSpecials[r(kSpecials.size())];
        return with_exp(12 + static_cast<int>(r(6)));
      default: {
        if (r(4) == 0) return Fp16::from_double(2048.0 + 2.0 * static_cast<double>(r(8))).bits();
        return Fp16::from_double(static_cast<double>(r(9)) - 4.0).bits();
      }
    }
  }

  std::uint32_t int8(int dist) {
    switch (dist) {
      case 0:
        return static_cast<std::uint32_t>(rng_() & 0xFFu);
      case 1: {
        static constexpr std::uint32_t kExtremes[] = {0x80, 0x7F, 0x81, 0xFF, 0x00, 0x01};
        return kExtremes[rng_() % 6];
      }
      default:
        return static_cast<std::uint32_t>(static_cast<int>(rng_() % 9) - 4) & 0xFFu;
    }
  }

  // One operand pair vector (a, b) of k operands; FP16 cancellation pairs
  // odd operands with the even ones before them (a equal, b negated).
  void vectors(bool integer, int dist, int k, std::vector<std::uint32_t>& a,
               std::vector<std::uint32_t>& b) {
    a.resize(static_cast<std::size_t>(k));
    b.resize(static_cast<std::size_t>(k));
    for (int i = 0; i < k; ++i) {
      const auto u = static_cast<std::size_t>(i);
      if (integer) {
        a[u] = int8(dist);
        b[u] = int8(dist);
      } else {
        const bool second = dist == 4 && i % 2 == 1;
        a[u] = second ? a[u - 1] : fp16(dist, false, 0);
        b[u] = fp16(dist, second, second ? static_cast<std::uint16_t>(b[u - 1]) : 0);
      }
    }
  }

 private:
  static inline const std::vector<std::uint16_t> kSpecials = {
      0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x3C01,
      0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE00, 0x5BFF, 0x2000,
  };
  std::mt19937_64& rng_;
};

}  // namespace lutsim::cycle_ref
