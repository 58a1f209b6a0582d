// Verilator bench of fp16_add, fp16_mul and fp16_add_scaled against the soft
// binary16 golden model (core/numerics/fp16.hpp), bit for bit.
//
// Usage: fp16_arith_bench [--vectors N] [--seed S]
// Per operator: every pair of a set of special values (zeros, subnormal and
// normal limits, ones, max finite, infinities, NaNs with several payloads),
// exhaustive sweeps of one operand over all 65536 encodings against a fixed
// set of the other (both operand positions; for fp16_add_scaled every scale
// 0..7), and N (default 1000000) uniformly random pairs plus N structured
// random pairs (nearby exponents and cancellation for the adders, exponent
// sums around the overflow and underflow thresholds for the multiplier).
// Exit status 0 only if every output matched.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "Vfp16_add.h"
#include "Vfp16_add_scaled.h"
#include "Vfp16_mul.h"
#include "core/numerics/fp16.hpp"
#include "sim/reference/scoreboard.hpp"
#include "tests/rtl/bench_harness.hpp"

namespace lutsim::rtl_bench {
namespace {

constexpr int kMaxScale = 7;  // fp16_add_scaled is built with SCALE_W = 3

// The binary16 operands every operator meets in all pairs.
const std::vector<std::uint16_t> kSpecials = {
    0x0000, 0x8000,                  // signed zeros
    0x0001, 0x8001, 0x0002, 0x03FF,  // subnormals: min, 2 ulp, max
    0x83FF, 0x0200, 0x8200,          //
    0x0400, 0x8400, 0x0401, 0x07FF,  // smallest normals
    0x3BFF, 0x3C00, 0xBC00, 0x3C01,  // around one
    0x4000, 0xC000, 0x3800, 0x5640,  //
    0x7800, 0x7BFE, 0x7BFF, 0xFBFF,  // largest finite
    0x7C00, 0xFC00,                  // infinities
    0x7E00, 0xFE00, 0x7C01, 0xFC01,  // NaNs: canonical, quiet, signalling payloads
    0x7FFF, 0x7D55,
};

// One operator: the verilated model and its golden function.
class Operator {
 public:
  using Rtl = std::function<std::uint16_t(std::uint16_t, std::uint16_t, int)>;
  using Golden = std::function<std::uint16_t(std::uint16_t, std::uint16_t, int)>;
  Operator(std::string name, int max_scale, Rtl rtl, Golden golden)
      : board_(std::move(name)),
        max_scale_(max_scale),
        rtl_(std::move(rtl)),
        golden_(std::move(golden)) {}

  void check(std::uint16_t a, std::uint16_t b, int scale) {
    board_.check(++vectors_, rtl_(a, b, scale), golden_(a, b, scale), [=] {
      char what[48];
      std::snprintf(what, sizeof what, "a 0x%04x b 0x%04x scale %d", a, b, scale);
      return std::string(what);
    });
    print_reports(board_.take_reports());
  }
  int max_scale() const { return max_scale_; }
  const cycle_ref::Scoreboard& board() const { return board_; }

 private:
  cycle_ref::Scoreboard board_;
  std::uint64_t vectors_ = 0;
  int max_scale_;
  Rtl rtl_;
  Golden golden_;
};

double value(std::uint16_t bits) {
  return Fp16::from_bits(bits).to_double();
}

// The fused accumulation step of lut_mpgemm: round(a + 2^scale * b), one rounding.
std::uint16_t golden_add_scaled(std::uint16_t a, std::uint16_t b, int scale) {
  return fp16_round(value(a) + std::ldexp(value(b), scale)).bits();
}

std::uint16_t random_bits(std::mt19937_64& rng) {
  return static_cast<std::uint16_t>(rng());
}

// b with an exponent near a's (or -a give or take a few ulps): alignment,
// carry and cancellation cases.
std::uint16_t near_operand(std::mt19937_64& rng, std::uint16_t a) {
  if (rng() % 4 == 0) {
    const int delta = static_cast<int>(rng() % 7) - 3;
    return static_cast<std::uint16_t>((a ^ 0x8000u) + delta);
  }
  const int a_exp = (a >> 10) & 0x1F;
  const int exp = std::clamp(a_exp + static_cast<int>(rng() % 29) - 14, 0, 30);
  return static_cast<std::uint16_t>((rng() & 0x8000u) | (exp << 10) | (rng() & 0x3FFu));
}

// b such that the exponent sum with a lands anywhere from deep underflow to overflow.
std::uint16_t product_operand(std::mt19937_64& rng, std::uint16_t a) {
  const int a_exp = (a >> 10) & 0x1F;
  const int target = static_cast<int>(rng() % 52);
  const int exp = std::clamp(target - a_exp, 0, 30);
  return static_cast<std::uint16_t>((rng() & 0x8000u) | (exp << 10) | (rng() & 0x3FFu));
}

void run_specials(Operator& op) {
  for (std::uint16_t a : kSpecials) {
    for (std::uint16_t b : kSpecials) {
      for (int s = 0; s <= op.max_scale(); ++s) op.check(a, b, s);
    }
  }
}

void run_sweeps(Operator& op, const std::vector<std::uint16_t>& fixed) {
  for (std::uint32_t x = 0; x <= 0xFFFF; ++x) {
    const auto v = static_cast<std::uint16_t>(x);
    for (std::uint16_t f : fixed) {
      for (int s = 0; s <= op.max_scale(); ++s) {
        op.check(v, f, s);
        op.check(f, v, s);
      }
    }
  }
}

void run_random(Operator& op, std::mt19937_64& rng, std::uint64_t pairs, bool product) {
  for (std::uint64_t i = 0; i < pairs; ++i) {
    const int s = static_cast<int>(rng() % static_cast<std::uint64_t>(op.max_scale() + 1));
    op.check(random_bits(rng), random_bits(rng), s);
    const std::uint16_t a = random_bits(rng);
    op.check(a, product ? product_operand(rng, a) : near_operand(rng, a), s);
  }
}

// The fixed partners of the exhaustive sweeps: the specials plus random values
// (fewer for fp16_add_scaled, which sweeps every scale).
std::vector<std::uint16_t> sweep_partners(std::mt19937_64& rng, std::size_t random_count,
                                          bool all_specials) {
  std::vector<std::uint16_t> v;
  if (all_specials) {
    v = kSpecials;
  } else {
    v = {0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x7BFF, 0xFC00, 0x7E00};
  }
  for (std::size_t i = 0; i < random_count; ++i) v.push_back(random_bits(rng));
  return v;
}

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim;
  using namespace lutsim::rtl_bench;
  const auto args = parse_bench_args(argc, argv, "fp16_arith_bench [--vectors N] [--seed S]",
                                     {.vectors = 1000000});
  if (!args) return 2;
  VerilatedDut<Vfp16_add> add;
  VerilatedDut<Vfp16_mul> mul;
  VerilatedDut<Vfp16_add_scaled> add_scaled;

  std::vector<Operator> ops;
  ops.emplace_back(
      "fp16_add", 0,
      [&](std::uint16_t a, std::uint16_t b, int) {
        add->a = a;
        add->b = b;
        add.eval();
        return static_cast<std::uint16_t>(add->y);
      },
      [](std::uint16_t a, std::uint16_t b, int) {
        return fp16_add(Fp16::from_bits(a), Fp16::from_bits(b)).bits();
      });
  ops.emplace_back(
      "fp16_mul", 0,
      [&](std::uint16_t a, std::uint16_t b, int) {
        mul->a = a;
        mul->b = b;
        mul.eval();
        return static_cast<std::uint16_t>(mul->y);
      },
      [](std::uint16_t a, std::uint16_t b, int) {
        return fp16_mul(Fp16::from_bits(a), Fp16::from_bits(b)).bits();
      });
  ops.emplace_back(
      "fp16_add_scaled", kMaxScale,
      [&](std::uint16_t a, std::uint16_t b, int s) {
        add_scaled->a = a;
        add_scaled->b = b;
        add_scaled->scale = static_cast<std::uint8_t>(s);
        add_scaled.eval();
        return static_cast<std::uint16_t>(add_scaled->y);
      },
      golden_add_scaled);

  std::mt19937_64 rng(args->seed);
  bool pass = true;
  for (auto& op : ops) {
    const bool scaled = op.max_scale() > 0;
    run_specials(op);
    run_sweeps(op, sweep_partners(rng, scaled ? 6 : 31, !scaled));
    run_random(op, rng, args->vectors, op.board().name() == "fp16_mul");
    const cycle_ref::Scoreboard& b = op.board();
    std::printf("%-16s %10llu vectors checked, %llu mismatches\n", b.name().c_str(),
                static_cast<unsigned long long>(b.checks()),
                static_cast<unsigned long long>(b.mismatches()));
    pass = pass && b.mismatches() == 0;
  }
  return finish("fp16_arith_bench", pass);
}
