#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "core/lut/mac_dot_reference.hpp"
#include "core/numerics/fp16.hpp"

using namespace lutsim;

namespace {

std::vector<Fp16> halves(std::initializer_list<double> values) {
  std::vector<Fp16> v;
  for (double x : values) v.push_back(Fp16::from_double(x));
  return v;
}

std::vector<Fp16> ones(std::size_t n) {
  return std::vector<Fp16>(n, Fp16::from_double(1.0));
}

}  // namespace

TEST_CASE("mac dot fp16 sums small integers exactly", "[mac]") {
  CHECK(mac_dot_fp16(halves({1, 2, 3, 4}), halves({1, 1, 1, 1})).to_double() == 10.0);
  CHECK(mac_dot_fp16(halves({1, 2, 3, 4}), halves({4, 3, 2, -1})).to_double() == 4 + 6 + 6 - 4);
  CHECK(mac_dot_fp16(halves({-3}), halves({5})).to_double() == -15.0);
}

TEST_CASE("mac dot fp16 follows the balanced tree order", "[mac]") {
  // Spacing at 2048 is 2. Tree: (2048 + 1) -> 2048 (tie to even), (1 + 1) = 2,
  // 2048 + 2 = 2050. Left to right would give 2048, the exact sum 2051 -> 2052.
  CHECK(mac_dot_fp16(halves({2048, 1, 1, 1}), ones(4)).to_double() == 2050.0);
  // K = 3: the odd last product passes through to the next level.
  CHECK(mac_dot_fp16(halves({2048, 1, 1}), ones(3)).to_double() == 2048.0);
  CHECK(mac_dot_fp16(halves({1, 1, 2048}), ones(3)).to_double() == 2050.0);
  // K = 5: ((p0 + p1) + (p2 + p3)) + p4.
  CHECK(mac_dot_fp16(halves({1, 1, 1, 1, 2048}), ones(5)).to_double() == 2052.0);
  // ((2048 + 1) + (1 + 1)) + 1 = (2048 + 2) + 1 = 2051 -> 2052 (tie to even).
  CHECK(mac_dot_fp16(halves({2048, 1, 1, 1, 1}), ones(5)).to_double() == 2052.0);
}

TEST_CASE("mac dot fp16 rounds every product", "[mac]") {
  // (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20 rounds to 1 + 2^-9 (0x3C02).
  const Fp16 x = Fp16::from_bits(0x3C01);
  CHECK(mac_dot_fp16(std::vector<Fp16>{x}, std::vector<Fp16>{x}).bits() == 0x3C02);
  // Two such products: 2 + 2^-8 = 2 (1 + 2^-9), exactly representable (0x4002).
  CHECK(mac_dot_fp16(std::vector<Fp16>{x, x}, std::vector<Fp16>{x, x}).bits() == 0x4002);
  // Subnormal product: 2^-14 * 0.5 = 2^-15 (0x0200).
  CHECK(mac_dot_fp16(halves({std::ldexp(1.0, -14)}), halves({0.5})).bits() == 0x0200);
}

TEST_CASE("mac dot fp16 overflow zeros and NaN", "[mac]") {
  // 256 * 256 overflows to +inf; +inf + -inf is the canonical NaN.
  CHECK(mac_dot_fp16(halves({256, 1}), halves({256, 1})).bits() == 0x7C00);
  CHECK(mac_dot_fp16(halves({256, -256}), halves({256, 256})).bits() == 0x7E00);
  // Products of zeros carry the sign; (-0) + (-0) = -0, +0 + -0 = +0.
  CHECK(mac_dot_fp16(halves({-0.0, 0.0}), halves({1, -1})).bits() == 0x8000);
  CHECK(mac_dot_fp16(halves({0.0, -0.0}), halves({1, -1})).bits() == 0x0000);
  // The accumulator starts from +0: a -0 dot product gives +0; from -0 it stays -0.
  const auto a = halves({-0.0, -0.0});
  const auto b = halves({1, 1});
  CHECK(mac_dot_fp16_step(Fp16{}, a, b).bits() == 0x0000);
  CHECK(mac_dot_fp16_step(Fp16::from_bits(0x8000), a, b).bits() == 0x8000);
}

TEST_CASE("mac dot fp16 accumulates with one rounding per step", "[mac]") {
  Fp16 acc;
  acc = mac_dot_fp16_step(acc, halves({2048}), halves({1}));
  CHECK(acc.to_double() == 2048.0);
  acc = mac_dot_fp16_step(acc, halves({1}), halves({1}));  // 2049 ties to 2048
  CHECK(acc.to_double() == 2048.0);
  acc = mac_dot_fp16_step(acc, halves({1, 2}), halves({1, 1}));  // + 3 = 2051 -> 2052
  CHECK(acc.to_double() == 2052.0);
}

TEST_CASE("mac dot int8 is exact and the accumulator wraps", "[mac]") {
  const std::vector<std::int8_t> a{127, -128, -128, 1};
  const std::vector<std::int8_t> b{127, -128, -128, -1};
  CHECK(mac_dot_int8(a, b) == 16129 + 16384 + 16384 - 1);
  CHECK(mac_dot_int8_step(100, a, b) == 100 + 48896);
  CHECK_FALSE(mac_dot_int8_overflows(100, a, b));

  const std::vector<std::int8_t> one{1};
  const std::int32_t max = std::numeric_limits<std::int32_t>::max();
  const std::int32_t min = std::numeric_limits<std::int32_t>::min();
  CHECK(mac_dot_int8_step(max, one, one) == min);
  CHECK(mac_dot_int8_overflows(max, one, one));
  const std::vector<std::int8_t> minus_one{-1};
  CHECK(mac_dot_int8_step(min, one, minus_one) == max);
  CHECK(mac_dot_int8_overflows(min, one, minus_one));
}

TEST_CASE("mac dot rejects mismatched or empty operands", "[mac]") {
  CHECK_THROWS_AS(mac_dot_fp16(ones(2), ones(3)), std::invalid_argument);
  CHECK_THROWS_AS(mac_dot_fp16(ones(0), ones(0)), std::invalid_argument);
  const std::vector<std::int8_t> two(2, 1), three(3, 1);
  CHECK_THROWS_AS(mac_dot_int8(two, three), std::invalid_argument);
}
