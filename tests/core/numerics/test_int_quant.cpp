// Tests of round_half_even and the symmetric INT8 quantizer.

#include <bit>
#include <catch2/catch.hpp>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>

#include "core/numerics/int_quant.hpp"
#include "tests/support/special_doubles.hpp"

namespace {

using lutsim::Int8Quantizer;
using lutsim::round_half_even;

using lutsim::test::kInf;
using lutsim::test::kNaN;

bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

}  // namespace

TEST_CASE("round_half_even rounds ties to the even integer", "[int8]") {
  CHECK(same_bits(round_half_even(0.5), 0.0));
  CHECK(round_half_even(1.5) == 2.0);
  CHECK(round_half_even(2.5) == 2.0);
  CHECK(round_half_even(3.5) == 4.0);
  CHECK(round_half_even(-0.5) == 0.0);
  CHECK(std::signbit(round_half_even(-0.5)));  // -0, as nearbyint gives
  CHECK(round_half_even(-1.5) == -2.0);
  CHECK(round_half_even(-2.5) == -2.0);
  CHECK(round_half_even(126.5) == 126.0);
  CHECK(round_half_even(-127.5) == -128.0);
  CHECK(round_half_even(0.49999999999999994) == 0.0);
  CHECK(round_half_even(std::nextafter(2.5, 3.0)) == 3.0);
  CHECK(round_half_even(std::nextafter(2.5, 2.0)) == 2.0);
  CHECK(round_half_even(-0.3) == 0.0);
  CHECK(round_half_even(1.7) == 2.0);
  CHECK(round_half_even(-1.2) == -1.0);
  CHECK(round_half_even(4503599627370495.5) == 4503599627370496.0);  // 2^52 - 0.5
  CHECK(round_half_even(4503599627370497.0) == 4503599627370497.0);
  CHECK(round_half_even(1e300) == 1e300);
  CHECK(same_bits(round_half_even(-0.0), -0.0));
}

TEST_CASE("round_half_even equals nearbyint under the default rounding mode", "[int8]") {
  REQUIRE(std::fegetround() == FE_TONEAREST);
  std::mt19937_64 rng(0x1A7'8ull);
  std::uniform_int_distribution<int> exp(-3, 54);
  long mismatches = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    const std::uint64_t r = rng();
    std::uint64_t mant = r >> 12;
    if ((r & 6u) == 0) mant &= ~((std::uint64_t{1} << 40) - 1);  // many exact halves
    double x = std::ldexp(1.0 + std::ldexp(static_cast<double>(mant), -52), exp(rng));
    if ((r & 1u) != 0) x = -x;
    mismatches += !same_bits(round_half_even(x), std::nearbyint(x));
  }
  REQUIRE(mismatches == 0);
}

TEST_CASE("Int8Quantizer rounds ties to even and clamps to plus or minus 127", "[int8]") {
  const Int8Quantizer q(0.5);
  CHECK(q.scale() == 0.5);
  CHECK(q.quantize(0.25) == 0);    // 0.5 -> 0
  CHECK(q.quantize(0.75) == 2);    // 1.5 -> 2
  CHECK(q.quantize(-1.25) == -2);  // -2.5 -> -2
  CHECK(q.quantize(1.0) == 2);
  CHECK(q.quantize(63.5) == 127);
  CHECK(q.quantize(63.75) == 127);  // 127.5 clamps
  CHECK(q.quantize(-63.75) == -127);
  CHECK(q.quantize(-64.0) == -127);  // never -128
  CHECK(q.quantize(-1e300) == -127);
  CHECK(q.quantize(kInf) == 127);
  CHECK(q.quantize(-kInf) == -127);
  CHECK(q.quantize(kNaN) == 0);
  CHECK(q.dequantize(-127) == -63.5);
  CHECK(q.dequantize(3) == 1.5);
  for (int c = -127; c <= 127; ++c) {
    REQUIRE(q.quantize(q.dequantize(static_cast<std::int8_t>(c))) == c);
  }
  // No input reaches -128.
  std::mt19937_64 rng(0x1A7'9ull);
  std::uniform_real_distribution<double> wide(-200.0, 200.0);
  for (int i = 0; i < 100'000; ++i) {
    const int code = q.quantize(wide(rng));
    REQUIRE(code >= -127);
    REQUIRE(code <= 127);
  }
}

TEST_CASE("Int8Quantizer::for_max_abs maps max_abs to 127", "[int8]") {
  const Int8Quantizer q = Int8Quantizer::for_max_abs(254.0);
  CHECK(q.scale() == 2.0);
  CHECK(q.quantize(254.0) == 127);
  CHECK(q.quantize(-254.0) == -127);
  CHECK(q.quantize(3.0) == 2);  // 1.5 -> 2
  CHECK(q.quantize(5.0) == 2);  // 2.5 -> 2

  const Int8Quantizer r = Int8Quantizer::for_max_abs(0.37);
  CHECK(r.scale() == 0.37 / 127.0);
  CHECK(r.quantize(0.37) == 127);
  CHECK(r.quantize(-0.37) == -127);

  const Int8Quantizer zero = Int8Quantizer::for_max_abs(0.0);
  CHECK(zero.scale() == 1.0);
  CHECK(zero.quantize(0.0) == 0);
  CHECK(zero.quantize(0.5) == 0);
}

TEST_CASE("Int8Quantizer rejects a non-positive or non-finite scale", "[int8]") {
  CHECK_THROWS_AS(Int8Quantizer(0.0), std::invalid_argument);
  CHECK_THROWS_AS(Int8Quantizer(-0.0), std::invalid_argument);
  CHECK_THROWS_AS(Int8Quantizer(-1.0), std::invalid_argument);
  CHECK_THROWS_AS(Int8Quantizer(kInf), std::invalid_argument);
  CHECK_THROWS_AS(Int8Quantizer(kNaN), std::invalid_argument);
  CHECK_THROWS_AS(Int8Quantizer::for_max_abs(-1.0), std::invalid_argument);
  CHECK_THROWS_AS(Int8Quantizer::for_max_abs(kInf), std::invalid_argument);
  CHECK_THROWS_AS(Int8Quantizer::for_max_abs(kNaN), std::invalid_argument);
  CHECK_NOTHROW(Int8Quantizer(1e-300));
}
