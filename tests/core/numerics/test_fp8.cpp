// Tests of OFP8 E4M3 / E5M2 encoding and decoding. Expected values come from
// the OCP OFP8 v1.0 field definitions, evaluated independently here, and from
// a brute-force nearest-value search over all codes.

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "core/numerics/fp16.hpp"
#include "core/numerics/fp8.hpp"
#include "tests/support/special_doubles.hpp"

namespace {

using lutsim::fp8_decode;
using lutsim::fp8_encode;
using lutsim::Fp8Format;
using lutsim::Fp8Overflow;

using lutsim::test::kInf;
using lutsim::test::kNaN;

struct Layout {
  int exp_bits;
  int mant_bits;
  int bias;
};

Layout layout(Fp8Format f) {
  return f == Fp8Format::kE4M3 ? Layout{4, 3, 7} : Layout{5, 2, 15};
}

const char* name(Fp8Format f) {
  return f == Fp8Format::kE4M3 ? "E4M3" : "E5M2";
}

// The OFP8 definition: (-1)^S * 2^(E - bias) * 1.M for E > 0 and
// (-1)^S * 2^(1 - bias) * 0.M for E = 0. E4M3: S.1111.111 is NaN, no inf.
// E5M2: E = 31 is inf (M = 0) or NaN.
double ofp8_value(Fp8Format f, std::uint8_t code) {
  const Layout l = layout(f);
  const bool negative = (code & 0x80) != 0;
  const int e = (code >> l.mant_bits) & ((1 << l.exp_bits) - 1);
  const int m = code & ((1 << l.mant_bits) - 1);
  const int e_max = (1 << l.exp_bits) - 1;
  double magnitude = 0.0;
  if (f == Fp8Format::kE4M3 && e == e_max && m == (1 << l.mant_bits) - 1) {
    magnitude = kNaN;
  } else if (f == Fp8Format::kE5M2 && e == e_max) {
    magnitude = m == 0 ? kInf : kNaN;
  } else {
    const double fraction = m / std::pow(2.0, l.mant_bits);
    magnitude = e == 0 ? fraction * std::pow(2.0, 1 - l.bias)
                       : (1.0 + fraction) * std::pow(2.0, e - l.bias);
  }
  return negative ? -magnitude : magnitude;
}

std::uint8_t max_code(Fp8Format f) {
  return f == Fp8Format::kE4M3 ? 0x7E : 0x7B;
}

// Brute-force RNE: the nearest of all non-negative finite codes plus the one
// code above the largest finite value that an unbounded exponent would give
// (E4M3 0x7F = 480, E5M2 0x7C = 65536); ties go to the even code, which is
// the even mantissa. Choosing that extra code, or |x| beyond it, is overflow.
std::uint8_t reference_encode(Fp8Format f, double x, Fp8Overflow mode) {
  const std::uint8_t sign = std::signbit(x) ? 0x80 : 0x00;
  const double a = std::fabs(x);
  const std::uint8_t top = max_code(f);
  const double beyond = f == Fp8Format::kE4M3 ? 480.0 : 65536.0;
  std::uint8_t best = 0;
  double best_err = kInf;
  for (int c = 0; c <= top + 1; ++c) {
    const double v = c == top + 1 ? beyond : ofp8_value(f, static_cast<std::uint8_t>(c));
    const double err = std::fabs(v - a);
    if (err < best_err || (err == best_err && c % 2 == 0)) {
      best = static_cast<std::uint8_t>(c);
      best_err = err;
    }
  }
  if (best > top || a > beyond) {
    if (mode == Fp8Overflow::kSaturate) return sign | top;
    return sign | (f == Fp8Format::kE4M3 ? 0x7F : 0x7C);
  }
  return sign | best;
}

std::string code_hex(unsigned v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%02x", v);
  return buf;
}

constexpr Fp8Format kFormats[] = {Fp8Format::kE4M3, Fp8Format::kE5M2};
constexpr Fp8Overflow kModes[] = {Fp8Overflow::kSaturate, Fp8Overflow::kToSpecial};

}  // namespace

TEST_CASE("FP8 decodes all 256 codes of both formats per the OFP8 definition", "[fp8]") {
  for (const Fp8Format f : kFormats) {
    for (int c = 0; c < 256; ++c) {
      const auto code = static_cast<std::uint8_t>(c);
      const double want = ofp8_value(f, code);
      const double got = fp8_decode(f, code);
      INFO(name(f) << " code " << code_hex(c));
      REQUIRE(lutsim::fp8_is_nan(f, code) == std::isnan(want));
      if (std::isnan(want)) {
        REQUIRE(std::isnan(got));
        CHECK(std::signbit(got) == ((c & 0x80) != 0));
      } else {
        REQUIRE(std::bit_cast<std::uint64_t>(got) == std::bit_cast<std::uint64_t>(want));
      }
    }
    // Positive finite codes increase strictly with the code.
    for (int c = 1; c <= max_code(f); ++c) {
      REQUIRE(fp8_decode(f, static_cast<std::uint8_t>(c)) >
              fp8_decode(f, static_cast<std::uint8_t>(c - 1)));
    }
  }
}

TEST_CASE("FP8 known constants", "[fp8]") {
  using lutsim::fp8_is_nan;
  using lutsim::fp8_max_finite;
  const auto e4 = [](std::uint8_t c) { return fp8_decode(Fp8Format::kE4M3, c); };
  const auto e5 = [](std::uint8_t c) { return fp8_decode(Fp8Format::kE5M2, c); };
  CHECK(e4(0x7E) == 448.0);
  CHECK(e4(0xFE) == -448.0);
  CHECK(e4(0x08) == std::ldexp(1.0, -6));
  CHECK(e4(0x07) == std::ldexp(7.0, -9));
  CHECK(e4(0x01) == std::ldexp(1.0, -9));
  CHECK(e4(0x38) == 1.0);
  CHECK(e4(0x78) == 256.0);  // exponent 15 holds finite values in E4M3
  CHECK(std::bit_cast<std::uint64_t>(e4(0x80)) == std::bit_cast<std::uint64_t>(-0.0));
  CHECK(e5(0x7B) == 57344.0);
  CHECK(e5(0x7C) == kInf);
  CHECK(e5(0xFC) == -kInf);
  CHECK(e5(0x01) == std::ldexp(1.0, -16));
  CHECK(e5(0x04) == std::ldexp(1.0, -14));
  CHECK(e5(0x3C) == 1.0);
  CHECK(fp8_max_finite(Fp8Format::kE4M3) == 448.0);
  CHECK(fp8_max_finite(Fp8Format::kE5M2) == 57344.0);
  int e4_nans = 0, e5_nans = 0;
  for (int c = 0; c < 256; ++c) {
    e4_nans += fp8_is_nan(Fp8Format::kE4M3, static_cast<std::uint8_t>(c));
    e5_nans += fp8_is_nan(Fp8Format::kE5M2, static_cast<std::uint8_t>(c));
  }
  CHECK(e4_nans == 2);  // 0x7F, 0xFF
  CHECK(e5_nans == 6);  // 0x7D..0x7F, 0xFD..0xFF
  CHECK(fp8_is_nan(Fp8Format::kE4M3, 0xFF));
  CHECK_FALSE(fp8_is_nan(Fp8Format::kE4M3, 0x7E));
  CHECK(fp8_is_nan(Fp8Format::kE5M2, 0x7D));
  CHECK_FALSE(fp8_is_nan(Fp8Format::kE5M2, 0x7C));
}

TEST_CASE("FP8 encode(decode(code)) gives back every non-NaN code", "[fp8]") {
  for (const Fp8Format f : kFormats) {
    for (const Fp8Overflow mode : kModes) {
      for (int c = 0; c < 256; ++c) {
        const auto code = static_cast<std::uint8_t>(c);
        if (lutsim::fp8_is_nan(f, code)) continue;
        const bool is_inf = std::isinf(fp8_decode(f, code));
        if (is_inf && mode == Fp8Overflow::kSaturate) continue;  // checked below
        INFO(name(f) << " code " << code_hex(c));
        REQUIRE(fp8_encode(f, fp8_decode(f, code), mode) == code);
      }
    }
  }
  CHECK(fp8_encode(Fp8Format::kE4M3, -0.0, Fp8Overflow::kSaturate) == 0x80);
  CHECK(fp8_encode(Fp8Format::kE5M2, -0.0, Fp8Overflow::kToSpecial) == 0x80);
  CHECK(fp8_encode(Fp8Format::kE5M2, 0.0, Fp8Overflow::kToSpecial) == 0x00);
}

TEST_CASE("FP8 rounds midpoints between adjacent codes to the even code", "[fp8]") {
  for (const Fp8Format f : kFormats) {
    for (const Fp8Overflow mode : kModes) {
      for (int c = 0; c < max_code(f); ++c) {
        for (const std::uint8_t sign : {std::uint8_t{0x00}, std::uint8_t{0x80}}) {
          const auto lo = static_cast<std::uint8_t>(sign | c);
          const auto hi = static_cast<std::uint8_t>(sign | (c + 1));
          const double mid = 0.5 * (fp8_decode(f, lo) + fp8_decode(f, hi));  // exact
          const std::uint8_t even = (c % 2 == 0) ? lo : hi;
          INFO(name(f) << " between " << code_hex(lo) << " and " << code_hex(hi));
          REQUIRE(fp8_encode(f, mid, mode) == even);
          REQUIRE(fp8_encode(f, std::nextafter(mid, 0.0), mode) == lo);
          REQUIRE(fp8_encode(f, std::nextafter(mid, 2.0 * mid), mode) == hi);
        }
      }
    }
  }
  // Below the smallest subnormal: half of it ties to zero (even).
  CHECK(fp8_encode(Fp8Format::kE4M3, std::ldexp(1.0, -10), Fp8Overflow::kSaturate) == 0x00);
  CHECK(fp8_encode(Fp8Format::kE4M3, -std::ldexp(1.0, -10), Fp8Overflow::kSaturate) == 0x80);
  CHECK(fp8_encode(Fp8Format::kE4M3, std::nextafter(std::ldexp(1.0, -10), 1.0),
                   Fp8Overflow::kSaturate) == 0x01);
  CHECK(fp8_encode(Fp8Format::kE4M3, std::ldexp(3.0, -10), Fp8Overflow::kSaturate) == 0x02);
  CHECK(fp8_encode(Fp8Format::kE5M2, std::ldexp(1.0, -17), Fp8Overflow::kSaturate) == 0x00);
  CHECK(fp8_encode(Fp8Format::kE5M2, std::ldexp(1.5, -17), Fp8Overflow::kSaturate) == 0x01);
  CHECK(fp8_encode(Fp8Format::kE5M2, 1e-300, Fp8Overflow::kToSpecial) == 0x00);
  CHECK(fp8_encode(Fp8Format::kE5M2, -5e-324, Fp8Overflow::kToSpecial) == 0x80);
  // Subnormal rounding up into the smallest normal: E4M3 7.5 * 2^-9 -> 2^-6.
  CHECK(fp8_encode(Fp8Format::kE4M3, std::ldexp(7.5, -9), Fp8Overflow::kSaturate) == 0x08);
}

TEST_CASE("FP8 overflow: saturation versus special values", "[fp8]") {
  const auto enc = [](Fp8Format f, double x, Fp8Overflow m) { return fp8_encode(f, x, m); };
  constexpr auto E4 = Fp8Format::kE4M3;
  constexpr auto E5 = Fp8Format::kE5M2;
  constexpr auto Sat = Fp8Overflow::kSaturate;
  constexpr auto Spec = Fp8Overflow::kToSpecial;

  // E4M3: 464 is the midpoint between 448 (mantissa 110, even) and the
  // would-be 480, so it rounds to 448; anything above overflows.
  CHECK(enc(E4, 448.0, Spec) == 0x7E);
  CHECK(enc(E4, 464.0, Spec) == 0x7E);
  CHECK(enc(E4, -464.0, Spec) == 0xFE);
  CHECK(enc(E4, std::nextafter(464.0, 1e9), Spec) == 0x7F);
  CHECK(enc(E4, std::nextafter(464.0, 1e9), Sat) == 0x7E);
  CHECK(enc(E4, -500.0, Spec) == 0xFF);
  CHECK(enc(E4, -500.0, Sat) == 0xFE);
  CHECK(enc(E4, 1e300, Sat) == 0x7E);
  CHECK(enc(E4, kInf, Sat) == 0x7E);
  CHECK(enc(E4, -kInf, Sat) == 0xFE);
  CHECK(enc(E4, kInf, Spec) == 0x7F);
  CHECK(enc(E4, -kInf, Spec) == 0xFF);

  // E5M2: 61440 is the midpoint between 57344 (mantissa 11, odd) and 2^16,
  // so it rounds up and overflows, as IEEE rounding to infinity does.
  CHECK(enc(E5, 57344.0, Spec) == 0x7B);
  CHECK(enc(E5, std::nextafter(61440.0, 0.0), Spec) == 0x7B);
  CHECK(enc(E5, 61440.0, Spec) == 0x7C);
  CHECK(enc(E5, 61440.0, Sat) == 0x7B);
  CHECK(enc(E5, -61440.0, Spec) == 0xFC);
  CHECK(enc(E5, -61440.0, Sat) == 0xFB);
  CHECK(enc(E5, 1e10, Spec) == 0x7C);
  CHECK(enc(E5, kInf, Spec) == 0x7C);
  CHECK(enc(E5, -kInf, Spec) == 0xFC);
  CHECK(enc(E5, kInf, Sat) == 0x7B);
  CHECK(enc(E5, -kInf, Sat) == 0xFB);
}

TEST_CASE("FP8 NaN input encodes to NaN in both overflow modes", "[fp8]") {
  for (const Fp8Overflow mode : kModes) {
    CHECK(fp8_encode(Fp8Format::kE4M3, kNaN, mode) == 0x7F);
    CHECK(fp8_encode(Fp8Format::kE4M3, -kNaN, mode) == 0xFF);
    CHECK(fp8_encode(Fp8Format::kE5M2, kNaN, mode) == 0x7E);
    CHECK(fp8_encode(Fp8Format::kE5M2, -kNaN, mode) == 0xFE);
    CHECK(fp8_encode(Fp8Format::kE5M2, std::bit_cast<double>(0x7FF0000000000001ull), mode) == 0x7E);
  }
}

TEST_CASE("FP8 encoding of random values matches a brute-force nearest search", "[fp8]") {
  std::mt19937_64 rng(0x0F8E'4E3'0001ull);
  for (const Fp8Format f : kFormats) {
    const int lo_exp = f == Fp8Format::kE4M3 ? -12 : -19;
    const int hi_exp = f == Fp8Format::kE4M3 ? 10 : 17;
    std::uniform_int_distribution<int> exp(lo_exp, hi_exp);
    long mismatches = 0;
    std::string first;
    for (int i = 0; i < 100'000; ++i) {
      const std::uint64_t r = rng();
      // Random 52-bit mantissa; one in four keeps only 6 mantissa bits so
      // exact midpoints and exact codes are hit often.
      std::uint64_t mant = r >> 12;
      if ((r & 6u) == 0) mant &= ~((std::uint64_t{1} << 46) - 1);
      double x = std::ldexp(1.0 + std::ldexp(static_cast<double>(mant), -52), exp(rng));
      if ((r & 1u) != 0) x = -x;
      for (const Fp8Overflow mode : kModes) {
        const std::uint8_t want = reference_encode(f, x, mode);
        const std::uint8_t got = fp8_encode(f, x, mode);
        if (got != want && mismatches++ == 0) {
          first = std::string(name(f)) + " x=" + std::to_string(x) + " got " + code_hex(got) +
                  " want " + code_hex(want);
        }
      }
    }
    INFO(first);
    REQUIRE(mismatches == 0);
  }
}

TEST_CASE("FP8 E5M2 agrees with rounding binary16 bit patterns to their top byte", "[fp8]") {
  // E5M2 has binary16's sign, exponent width and bias, so RNE of a binary16
  // value to E5M2 is RNE of its bit pattern shifted right by 8.
  for (std::uint32_t b = 0; b <= 0xFFFFu; ++b) {
    const lutsim::Fp16 x = lutsim::Fp16::from_bits(static_cast<std::uint16_t>(b));
    if (x.is_nan()) continue;
    const std::uint32_t mag = b & 0x7FFFu;
    std::uint32_t code = mag >> 8;
    const std::uint32_t rest = mag & 0xFFu;
    if (rest > 0x80u || (rest == 0x80u && (code & 1u) != 0)) ++code;
    const std::uint8_t sign = (b & 0x8000u) != 0 ? 0x80 : 0x00;
    for (const Fp8Overflow mode : kModes) {
      const std::uint32_t special = mode == Fp8Overflow::kSaturate ? 0x7Bu : 0x7Cu;
      const auto want = static_cast<std::uint8_t>(sign | (code > 0x7Bu ? special : code));
      INFO("binary16 " << code_hex(b));
      REQUIRE(fp8_encode(Fp8Format::kE5M2, x.to_double(), mode) == want);
    }
  }
}

TEST_CASE("Fp8Quantizer applies its scale and saturates", "[fp8]") {
  using lutsim::Fp8Quantizer;
  const Fp8Quantizer q(Fp8Format::kE4M3, 0.25);
  CHECK(q.scale() == 0.25);
  CHECK(q.format() == Fp8Format::kE4M3);
  CHECK(q.quantize(0.25) == 0x38);   // 1.0
  CHECK(q.quantize(-0.5) == 0xC0);   // -2.0
  CHECK(q.quantize(112.0) == 0x7E);  // 448 * 0.25
  CHECK(q.quantize(1e9) == 0x7E);    // saturates
  CHECK(q.quantize(-kInf) == 0xFE);
  CHECK(q.quantize(kNaN) == 0x7F);
  CHECK(q.quantize(0.25 * 1.0625) == 0x38);  // 1.0625: tie between 1 and 1.125 -> 1
  CHECK(q.quantize(0.25 * 1.1875) == 0x3A);  // 1.1875: tie between 1.125 and 1.25 -> 1.25
  CHECK(q.dequantize(0x3A) == 0.3125);
  CHECK(q.dequantize(0xFE) == -112.0);
  CHECK(std::isnan(q.dequantize(0x7F)));
  for (int c = 0; c < 256; ++c) {  // power-of-two scale: exact round trip
    const auto code = static_cast<std::uint8_t>(c);
    if (lutsim::fp8_is_nan(Fp8Format::kE4M3, code)) continue;
    REQUIRE(q.quantize(q.dequantize(code)) == code);
  }

  const Fp8Quantizer e5 = Fp8Quantizer::for_max_abs(Fp8Format::kE5M2, 57344.0 * 4.0);
  CHECK(e5.scale() == 4.0);
  CHECK(e5.quantize(57344.0 * 4.0) == 0x7B);
  CHECK(e5.quantize(-1e30) == 0xFB);  // saturating: no infinity
  CHECK(e5.quantize(kInf) == 0x7B);
  CHECK(e5.dequantize(0x3C) == 4.0);

  const Fp8Quantizer q3 = Fp8Quantizer::for_max_abs(Fp8Format::kE4M3, 3.0);
  CHECK(q3.scale() == 3.0 / 448.0);
  CHECK(q3.quantize(3.0) == 0x7E);
  CHECK(q3.quantize(-3.0) == 0xFE);
  CHECK(q3.dequantize(0x7E) == Approx(3.0).epsilon(1e-15));

  CHECK(Fp8Quantizer::for_max_abs(Fp8Format::kE4M3, 0.0).scale() == 1.0);
}

TEST_CASE("Fp8Quantizer rejects a non-positive or non-finite scale", "[fp8]") {
  using lutsim::Fp8Quantizer;
  for (const Fp8Format f : kFormats) {
    CHECK_THROWS_AS(Fp8Quantizer(f, 0.0), std::invalid_argument);
    CHECK_THROWS_AS(Fp8Quantizer(f, -0.0), std::invalid_argument);
    CHECK_THROWS_AS(Fp8Quantizer(f, -1.0), std::invalid_argument);
    CHECK_THROWS_AS(Fp8Quantizer(f, kInf), std::invalid_argument);
    CHECK_THROWS_AS(Fp8Quantizer(f, kNaN), std::invalid_argument);
    CHECK_THROWS_AS(Fp8Quantizer::for_max_abs(f, -2.0), std::invalid_argument);
    CHECK_THROWS_AS(Fp8Quantizer::for_max_abs(f, kInf), std::invalid_argument);
    CHECK_THROWS_AS(Fp8Quantizer::for_max_abs(f, kNaN), std::invalid_argument);
    CHECK_NOTHROW(Fp8Quantizer(f, 5e-324));
  }
}
