// Tests of the golden binary16 numerics against GCC's _Float16 on x86-64.
//
// The reference: GCC 12 emulates _Float16 arithmetic by widening to float,
// operating in float and rounding back (libgcc __extendhfsf2/__truncsfhf2).
// For +, - and * this is correctly rounded binary16, because float has
// 24 >= 2 * 11 + 2 significand bits, so the double rounding is innocuous.
// Conversions double -> _Float16 use __truncdfhf2 (one rounding, no detour
// through float). NaN results of the reference carry x86's sign/payload
// (e.g. inf - inf gives 0xFE00); the Fp16 contract asks for the canonical
// 0x7E00 there instead, which is what these tests check.

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

#include "core/numerics/fp16.hpp"

namespace {

using lutsim::Fp16;

constexpr std::uint64_t kSeed = 0x6C75'7473'696D'1601ull;  // fixed: reproducible

std::uint16_t bits_of(_Float16 h) {
  return std::bit_cast<std::uint16_t>(h);
}
_Float16 half_of(std::uint16_t bits) {
  return std::bit_cast<_Float16>(bits);
}
bool is_nan_bits(std::uint16_t bits) {
  return Fp16::from_bits(bits).is_nan();
}

std::string hex(std::uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// Collects mismatches of a bulk check; reports the count and the first few.
class Mismatches {
 public:
  void add(const std::string& what) {
    if (count_ < 10) text_ += what + "\n";
    ++count_;
  }
  long count() const { return count_; }
  const std::string& text() const { return text_; }

 private:
  long count_ = 0;
  std::string text_;
};

#define REQUIRE_NO_MISMATCH(m) \
  do {                         \
    INFO((m).text());          \
    REQUIRE((m).count() == 0); \
  } while (false)

// The reference operations. Returning _Float16 forces the rounding back to
// binary16 after each single operation.
_Float16 ref_add(_Float16 a, _Float16 b) {
  return a + b;
}
_Float16 ref_sub(_Float16 a, _Float16 b) {
  return a - b;
}
_Float16 ref_mul(_Float16 a, _Float16 b) {
  return a * b;
}

std::uint16_t h(double v) {  // exact binary16 constant in a test
  const Fp16 r = Fp16::from_double(v);
  REQUIRE(r.to_double() == v);
  return r.bits();
}

// Value of the binary16 magnitude code `mag`; 0x7C00 stands for 2^16, the
// value the next code above 65504 would have with an unbounded exponent.
double magnitude_value(std::uint16_t mag) {
  return mag == Fp16::kPositiveInfinityBits ? 65536.0 : Fp16::from_bits(mag).to_double();
}

// True when `exact` lies exactly halfway between `rounded` and its neighbour
// on the far side (a rounding tie). `rounded` must be finite.
bool is_tie(double exact, Fp16 rounded) {
  const double r = rounded.to_double();
  if (exact == r || !std::isfinite(exact)) return false;
  const std::uint16_t mag = rounded.bits() & 0x7FFFu;
  const bool away = std::fabs(exact) > std::fabs(r);
  if (!away && mag == 0) return false;
  const double other = std::copysign(magnitude_value(away ? mag + 1 : mag - 1), r);
  return std::fabs(exact - r) == std::fabs(other - exact);
}

void check_from_double(double x, Mismatches& m) {
  const std::uint16_t ref = bits_of(static_cast<_Float16>(x));
  const std::uint16_t ours = Fp16::from_double(x).bits();
  if (ours != ref)
    m.add("from_double(" + hex(std::bit_cast<std::uint64_t>(x)) + ") = " + hex(ours) +
          ", _Float16 " + hex(ref));
  const std::uint16_t rounded = lutsim::fp16_round(x).bits();
  const std::uint16_t want = is_nan_bits(ref) ? Fp16::kCanonicalNaNBits : ref;
  if (rounded != want)
    m.add("fp16_round(" + hex(std::bit_cast<std::uint64_t>(x)) + ") = " + hex(rounded) + ", want " +
          hex(want));
}

void check_from_float(float x, Mismatches& m) {
  const std::uint16_t ref = bits_of(static_cast<_Float16>(x));
  const std::uint16_t ours = Fp16::from_float(x).bits();
  if (ours != ref)
    m.add("from_float(" + hex(std::bit_cast<std::uint32_t>(x)) + ") = " + hex(ours) +
          ", _Float16 " + hex(ref));
}

// A double with random sign and 52-bit mantissa and an exponent drawn
// uniformly from [lo, hi].
double random_double_in_binades(std::mt19937_64& rng, int lo, int hi) {
  std::uniform_int_distribution<int> exp(lo, hi);
  const std::uint64_t r = rng();
  const double mant = 1.0 + std::ldexp(static_cast<double>(r >> 12), -52);
  const double v = std::ldexp(mant, exp(rng));
  return (r & 1u) != 0 ? -v : v;
}

}  // namespace

TEST_CASE("Fp16 predicates classify all encodings", "[fp16]") {
  int nan = 0, inf = 0, zero = 0, subnormal = 0, finite = 0;
  for (std::uint32_t b = 0; b <= 0xFFFFu; ++b) {
    const Fp16 x = Fp16::from_bits(static_cast<std::uint16_t>(b));
    nan += x.is_nan();
    inf += x.is_inf();
    zero += x.is_zero();
    subnormal += x.is_subnormal();
    finite += x.is_finite();
    REQUIRE(x.sign() == ((b & 0x8000u) != 0));
    REQUIRE(lutsim::fp16_neg(x).bits() == (b ^ 0x8000u));
  }
  CHECK(nan == 2 * 1023);
  CHECK(inf == 2);
  CHECK(zero == 2);
  CHECK(subnormal == 2 * 1023);
  CHECK(finite == 2 * 31 * 1024);
  CHECK(Fp16().bits() == 0);
  CHECK(Fp16::from_bits(Fp16::kMaxFiniteBits).to_double() == 65504.0);
}

TEST_CASE("Fp16 to_float and to_double match _Float16 on all 65536 encodings", "[fp16]") {
  Mismatches m;
  for (std::uint32_t b = 0; b <= 0xFFFFu; ++b) {
    const auto bits = static_cast<std::uint16_t>(b);
    const Fp16 x = Fp16::from_bits(bits);
    const std::uint32_t f_ours = std::bit_cast<std::uint32_t>(x.to_float());
    const std::uint32_t f_ref = std::bit_cast<std::uint32_t>(static_cast<float>(half_of(bits)));
    if (f_ours != f_ref)
      m.add("to_float(" + hex(b) + ") = " + hex(f_ours) + ", want " + hex(f_ref));
    const std::uint64_t d_ours = std::bit_cast<std::uint64_t>(x.to_double());
    const std::uint64_t d_ref = std::bit_cast<std::uint64_t>(static_cast<double>(half_of(bits)));
    if (d_ours != d_ref)
      m.add("to_double(" + hex(b) + ") = " + hex(d_ours) + ", want " + hex(d_ref));
  }
  REQUIRE_NO_MISMATCH(m);

  // Independent spot checks of the exact values.
  CHECK(Fp16::from_bits(0x0001).to_double() == std::ldexp(1.0, -24));
  CHECK(Fp16::from_bits(0x03FF).to_double() == std::ldexp(1023.0, -24));
  CHECK(Fp16::from_bits(0x0400).to_double() == std::ldexp(1.0, -14));
  CHECK(Fp16::from_bits(0x3C00).to_float() == 1.0f);
  CHECK(Fp16::from_bits(0xC000).to_float() == -2.0f);
  CHECK(std::bit_cast<std::uint32_t>(Fp16::from_bits(0x8000).to_float()) == 0x80000000u);
  CHECK(Fp16::from_bits(0xFC00).to_double() == -std::numeric_limits<double>::infinity());
  // A signalling NaN widens quiet with its payload on top: 0x7C01 ->
  // 0x7FC02000.
  CHECK(std::bit_cast<std::uint32_t>(Fp16::from_bits(0x7C01).to_float()) == 0x7FC02000u);
  CHECK(std::bit_cast<std::uint64_t>(Fp16::from_bits(0xFD55).to_double()) == 0xFFFD540000000000ull);
}

TEST_CASE("Fp16 round trips through float and double on all encodings", "[fp16]") {
  Mismatches m;
  for (std::uint32_t b = 0; b <= 0xFFFFu; ++b) {
    const auto bits = static_cast<std::uint16_t>(b);
    const Fp16 x = Fp16::from_bits(bits);
    // NaNs come back quiet (bit 9 set) with sign and payload; others exact.
    const std::uint16_t want = x.is_nan() ? static_cast<std::uint16_t>(bits | 0x0200u) : bits;
    const Fp16 via_float = Fp16::from_float(x.to_float());
    const Fp16 via_double = Fp16::from_double(x.to_double());
    if (via_float.bits() != want) m.add("via float " + hex(b) + " -> " + hex(via_float.bits()));
    if (via_double.bits() != want) m.add("via double " + hex(b) + " -> " + hex(via_double.bits()));
    if (x.is_nan() && (!via_float.is_nan() || via_float.sign() != x.sign())) {
      m.add("NaN lost " + hex(b));
    }
  }
  REQUIRE_NO_MISMATCH(m);
}

TEST_CASE("Fp16 conversions round every midpoint and its neighbours to nearest even", "[fp16]") {
  Mismatches m;
  Mismatches rne;
  for (std::uint16_t mag = 0; mag <= Fp16::kMaxFiniteBits; ++mag) {
    const double lo = magnitude_value(mag);
    const double hi = magnitude_value(static_cast<std::uint16_t>(mag + 1));
    const double mid = 0.5 * (lo + hi);  // exact
    // Independent of _Float16: the tie goes to the even code (0x7C00 = inf
    // above 65504), points just off it to the nearer code.
    const auto even = static_cast<std::uint16_t>((mag & 1u) != 0 ? mag + 1 : mag);
    for (const std::uint16_t sign : {std::uint16_t{0}, std::uint16_t{0x8000}}) {
      const double smid = sign != 0 ? -mid : mid;
      const double below = std::nextafter(smid, 0.0);
      const double above = std::nextafter(smid, 2.0 * smid);
      for (const double x : {smid, below, above}) check_from_double(x, m);
      if (Fp16::from_double(smid).bits() != (sign | even)) rne.add("mid " + hex(mag));
      if (Fp16::from_double(below).bits() != (sign | mag)) rne.add("below " + hex(mag));
      if (Fp16::from_double(above).bits() != (sign | (mag + 1))) rne.add("above " + hex(mag));

      const auto fmid = static_cast<float>(smid);
      REQUIRE(static_cast<double>(fmid) == smid);  // midpoints fit in float
      for (const float x : {fmid, std::nextafter(fmid, 0.0f), std::nextafter(fmid, 2.0f * fmid)}) {
        check_from_float(x, m);
      }
      if (Fp16::from_float(fmid).bits() != (sign | even)) rne.add("float mid " + hex(mag));
    }
  }
  REQUIRE_NO_MISMATCH(m);
  REQUIRE_NO_MISMATCH(rne);
}

TEST_CASE("Fp16 conversions of random floats and doubles match _Float16", "[fp16]") {
  std::mt19937_64 rng(kSeed);
  Mismatches m;
  constexpr int kEach = 1'000'000;
  for (int i = 0; i < kEach; ++i) {
    const std::uint64_t r = rng();
    check_from_float(std::bit_cast<float>(static_cast<std::uint32_t>(r)), m);
    check_from_double(std::bit_cast<double>(r), m);
    // Binades from below half the smallest subnormal to above 65504: the
    // subnormal/normal boundary, underflow to zero and overflow to inf.
    const double x = random_double_in_binades(rng, -27, 17);
    check_from_double(x, m);
    check_from_float(static_cast<float>(x), m);
    // Densely around the smallest normal 2^-14.
    check_from_double(random_double_in_binades(rng, -16, -13), m);
  }
  REQUIRE_NO_MISMATCH(m);
}

TEST_CASE("fp16_round handles boundaries and specials and tiny doubles", "[fp16]") {
  using lutsim::fp16_round;
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(fp16_round(65504.0).bits() == 0x7BFF);
  CHECK(fp16_round(std::nextafter(65520.0, 0.0)).bits() == 0x7BFF);
  CHECK(fp16_round(65520.0).bits() == 0x7C00);  // tie, 0x7BFF is odd -> inf
  CHECK(fp16_round(-1e300).bits() == 0xFC00);
  CHECK(fp16_round(inf).bits() == 0x7C00);
  CHECK(fp16_round(-inf).bits() == 0xFC00);
  CHECK(fp16_round(std::numeric_limits<double>::quiet_NaN()).bits() == 0x7E00);
  CHECK(fp16_round(-std::numeric_limits<double>::quiet_NaN()).bits() == 0x7E00);
  CHECK(fp16_round(std::ldexp(1.0, -25)).bits() == 0x0000);  // tie -> even 0
  CHECK(fp16_round(-std::ldexp(1.0, -25)).bits() == 0x8000);
  CHECK(fp16_round(std::nextafter(std::ldexp(1.0, -25), 1.0)).bits() == 0x0001);
  CHECK(fp16_round(std::ldexp(3.0, -25)).bits() == 0x0002);  // 1.5 ulp -> 2
  CHECK(fp16_round(std::ldexp(5.0, -25)).bits() == 0x0002);  // 2.5 ulp -> 2
  CHECK(fp16_round(std::ldexp(1.0, -14) - std::ldexp(1.0, -25)).bits() == 0x0400);
  CHECK(fp16_round(std::nextafter(std::ldexp(1.0, -14) - std::ldexp(1.0, -25), 0.0)).bits() ==
        0x03FF);
  CHECK(fp16_round(1e-300).bits() == 0x0000);
  CHECK(fp16_round(-5e-324).bits() == 0x8000);  // double subnormal
  CHECK(fp16_round(-0.0).bits() == 0x8000);
  CHECK(fp16_round(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)).bits() == 0x3C01);
  // Via float this would round twice and give 0x3C00.
  CHECK(Fp16::from_double(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)).bits() == 0x3C01);
}

TEST_CASE("Fp16 NaN conversions keep sign and top payload and set the quiet bit", "[fp16]") {
  const auto from_f = [](std::uint32_t b) {
    return Fp16::from_float(std::bit_cast<float>(b)).bits();
  };
  const auto from_d = [](std::uint64_t b) {
    return Fp16::from_double(std::bit_cast<double>(b)).bits();
  };
  CHECK(from_f(0x7FC00000u) == 0x7E00);
  CHECK(from_f(0xFFC12345u) == 0xFE09);
  CHECK(from_f(0x7F812345u) == 0x7E09);  // signalling -> quiet
  CHECK(from_f(0x7F800001u) == 0x7E00);  // payload only in dropped bits
  CHECK(from_d(0xFFF0123456789ABCull) == 0xFE04);
  CHECK(from_d(0x7FF0000000000001ull) == 0x7E00);
  CHECK(from_d(0x7FFFFFFFFFFFFFFFull) == 0x7FFF);
  // The same on the reference, so the contract ("as x86 does") holds.
  CHECK(bits_of(static_cast<_Float16>(std::bit_cast<float>(0xFFC12345u))) == 0xFE09);
  CHECK(bits_of(static_cast<_Float16>(std::bit_cast<double>(0xFFF0123456789ABCull))) == 0xFE04);
}

TEST_CASE("Fp16 add sub and mul match _Float16 on 10 million random operand pairs", "[fp16]") {
  std::mt19937_64 rng(kSeed + 1);
  Mismatches m;
  long pairs = 0, ties = 0, subnormal_results = 0, cancellations = 0, overflows = 0;

  const auto check = [&](char op, Fp16 ours, _Float16 ref, Fp16 a, Fp16 b, double exact) {
    const std::uint16_t rb = bits_of(ref);
    const std::uint16_t want = is_nan_bits(rb) ? Fp16::kCanonicalNaNBits : rb;
    if (ours.bits() != want) {
      m.add(hex(a.bits()) + " " + op + " " + hex(b.bits()) + " = " + hex(ours.bits()) + ", want " +
            hex(want));
    }
    if (!ours.is_finite()) {
      overflows += ours.is_inf() && a.is_finite() && b.is_finite();
      return;
    }
    ties += is_tie(exact, ours);
    subnormal_results += ours.is_subnormal();
    cancellations += ours.is_zero() && !a.is_zero() && !b.is_zero();
  };
  const auto check_pair = [&](std::uint16_t ab, std::uint16_t bb) {
    const Fp16 a = Fp16::from_bits(ab), b = Fp16::from_bits(bb);
    const _Float16 fa = half_of(ab), fb = half_of(bb);
    const double da = a.to_double(), db = b.to_double();
    check('+', lutsim::fp16_add(a, b), ref_add(fa, fb), a, b, da + db);
    check('-', lutsim::fp16_sub(a, b), ref_sub(fa, fb), a, b, da - db);
    check('*', lutsim::fp16_mul(a, b), ref_mul(fa, fb), a, b, da * db);
    ++pairs;
  };

  // Uniform 16-bit patterns: every class of operand, NaN/inf/subnormal
  // included.
  constexpr int kUniformPairs = 4'000'000;
  for (int i = 0; i < kUniformPairs; ++i) {
    const std::uint64_t r = rng();
    check_pair(static_cast<std::uint16_t>(r), static_cast<std::uint16_t>(r >> 16));
  }
  // Close exponents (cancellation, ties, subnormal results); one in eight
  // partners shares all but the low mantissa bits, for near-total cancellation.
  constexpr int kClosePairs = 6'000'000;
  for (int i = 0; i < kClosePairs; ++i) {
    const std::uint64_t r = rng();
    const auto a = static_cast<std::uint16_t>(r);
    int ea = (a >> 10) & 0x1F;
    if (ea == 31) ea = 30;
    const int spread = ((r >> 16) & 1u) != 0 ? 3 : 12;
    const int eb = std::clamp(ea + static_cast<int>((r >> 17) % (2 * spread + 1)) - spread, 0, 30);
    std::uint16_t mant = (r >> 24) & 0x3FFu;
    if (((r >> 34) & 7u) == 0) mant = (a & 0x3FFu) ^ ((r >> 37) & 0xFu);
    const std::uint16_t sign = ((r >> 41) & 1u) != 0 ? 0x8000u : 0u;
    check_pair(a, static_cast<std::uint16_t>(sign | (eb << 10) | mant));
  }
  REQUIRE_NO_MISMATCH(m);
  REQUIRE(pairs == kUniformPairs + kClosePairs);
  // The random operands did reach the hard cases.
  INFO("ties " << ties << ", subnormal results " << subnormal_results << ", cancellations "
               << cancellations << ", overflows " << overflows);
  CHECK(ties > 100'000);
  CHECK(subnormal_results > 100'000);
  CHECK(cancellations > 10'000);
  CHECK(overflows > 10'000);
}

TEST_CASE("Fp16 arithmetic directed cases", "[fp16]") {
  using lutsim::fp16_add;
  using lutsim::fp16_mul;
  using lutsim::fp16_sub;
  const auto add = [](std::uint16_t a, std::uint16_t b) {
    return fp16_add(Fp16::from_bits(a), Fp16::from_bits(b)).bits();
  };
  const auto sub = [](std::uint16_t a, std::uint16_t b) {
    return fp16_sub(Fp16::from_bits(a), Fp16::from_bits(b)).bits();
  };
  const auto mul = [](std::uint16_t a, std::uint16_t b) {
    return fp16_mul(Fp16::from_bits(a), Fp16::from_bits(b)).bits();
  };
  constexpr std::uint16_t kInf = 0x7C00, kNegInf = 0xFC00, kNaN = 0x7E00, kMax = 0x7BFF;

  SECTION("invalid operations and NaN operands give the canonical NaN") {
    CHECK(sub(kInf, kInf) == kNaN);
    CHECK(add(kInf, kNegInf) == kNaN);
    CHECK(add(kNegInf, kInf) == kNaN);
    CHECK(mul(0x0000, kInf) == kNaN);
    CHECK(mul(kNegInf, 0x8000) == kNaN);
    CHECK(add(0x7C01, h(1.0)) == kNaN);  // signalling NaN
    CHECK(mul(h(1.0), 0xFE55) == kNaN);  // negative NaN with payload
    CHECK(sub(0xFFFF, 0x7D00) == kNaN);
    CHECK(add(kNaN, kInf) == kNaN);
    // The x86 reference gives its own NaN bits here; only NaN-ness agrees.
    CHECK(Fp16::from_bits(bits_of(ref_sub(half_of(kInf), half_of(kInf)))).is_nan());
  }
  SECTION("infinities and overflow") {
    CHECK(add(kMax, kMax) == kInf);
    CHECK(sub(0xFBFF, kMax) == kNegInf);
    CHECK(mul(kMax, h(2.0)) == kInf);
    CHECK(mul(h(256.0), h(256.0)) == kInf);
    CHECK(mul(h(255.875), h(256.0)) == kMax);
    CHECK(add(kMax, h(16.0)) == kInf);  // 65520: tie, 0x7BFF odd -> up
    CHECK(add(kMax, h(8.0)) == kMax);   // below the midpoint
    CHECK(add(kInf, kMax) == kInf);
    CHECK(add(kInf, kInf) == kInf);
    CHECK(mul(kInf, h(-2.0)) == kNegInf);
    CHECK(sub(h(1.0), kInf) == kNegInf);
  }
  SECTION("ties to even") {
    CHECK(add(h(1.0), h(std::ldexp(1.0, -11))) == 0x3C00);                         // down to even
    CHECK(add(h(1.0 + std::ldexp(1.0, -10)), h(std::ldexp(1.0, -11))) == 0x3C02);  // up to even
    CHECK(sub(h(1.0), h(std::ldexp(1.0, -12))) == 0x3C00);  // between 0x3BFF and 1
    CHECK(add(h(2048.0), h(1.0)) == h(2048.0));             // 2049: tie -> 2048
    CHECK(add(h(2048.0), h(3.0)) == h(2052.0));             // 2051: tie -> 2052
    CHECK(mul(h(1.0 + std::ldexp(1.0, -10)), h(1.0 + std::ldexp(1.0, -1))) ==
          h(1.5 + std::ldexp(2.0, -10)));  // 1.5 + 1.5*2^-10: tie -> even
  }
  SECTION("subnormal rounding") {
    CHECK(mul(0x0001, h(0.5)) == 0x0000);  // 2^-25: tie -> 0
    CHECK(mul(0x8001, h(0.5)) == 0x8000);  // keeps the sign
    CHECK(mul(0x0001, h(0.75)) == 0x0001);
    CHECK(mul(0x0001, h(0.25)) == 0x0000);
    CHECK(mul(0x0003, h(0.5)) == 0x0002);  // 1.5 -> 2
    CHECK(mul(0x0005, h(0.5)) == 0x0002);  // 2.5 -> 2
    CHECK(mul(0x0001, h(1.5)) == 0x0002);
    CHECK(mul(0x0400, h(0.5)) == 0x0200);  // normal -> subnormal, exact
    CHECK(mul(0x0400, h(std::ldexp(1.0, -10))) == 0x0001);
    CHECK(mul(0x0400, h(std::ldexp(1.0, -11))) == 0x0000);
    CHECK(mul(0x03FF, h(1.0 + std::ldexp(1.0, -10))) ==
          0x0400);                         // rounds up into the smallest normal
    CHECK(add(0x03FF, 0x0001) == 0x0400);  // subnormal + subnormal -> normal
    CHECK(add(0x0200, 0x0200) == 0x0400);
    CHECK(add(0x0001, 0x0001) == 0x0002);
    CHECK(sub(0x0400, 0x0001) == 0x03FF);  // normal - subnormal -> subnormal
  }
  SECTION("signed zeros") {
    CHECK(add(0x8000, 0x8000) == 0x8000);
    CHECK(add(0x8000, 0x0000) == 0x0000);
    CHECK(add(0x0000, 0x8000) == 0x0000);
    CHECK(sub(0x0000, 0x0000) == 0x0000);
    CHECK(sub(0x8000, 0x0000) == 0x8000);
    CHECK(sub(0x8000, 0x8000) == 0x0000);
    for (const std::uint16_t x :
         {h(1.5), h(-3.0), std::uint16_t{0x0003}, kMax, std::uint16_t{0x8001}}) {
      CHECK(add(x, x ^ 0x8000u) == 0x0000);
      CHECK(add(x ^ 0x8000u, x) == 0x0000);
      CHECK(sub(x, x) == 0x0000);
    }
    CHECK(mul(0x8000, h(5.0)) == 0x8000);
    CHECK(mul(0x8000, h(-5.0)) == 0x0000);
    CHECK(mul(0x0001, 0x0001) == 0x0000);  // 2^-48 underflows
    CHECK(mul(0x8001, 0x0001) == 0x8000);
  }
  SECTION("ordinary values") {
    CHECK(mul(h(-2.0), h(3.0)) == h(-6.0));
    // 0.1 -> 0x2E66 and 0.2 -> 0x3266; their exact sum 0.29992675... is
    // 0x34CC plus exactly half an ulp (2^-12 * 0.5): tie, 0x34CC is even.
    CHECK(Fp16::from_double(0.1).bits() == 0x2E66);
    CHECK(Fp16::from_double(0.2).bits() == 0x3266);
    CHECK(add(0x2E66, 0x3266) == 0x34CC);
    CHECK(sub(h(1.0), h(0.5)) == h(0.5));
  }
}
