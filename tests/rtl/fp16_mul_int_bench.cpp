// Verilator bench of fp16_mul_int (INT_W = 16) against the golden
// lutsim::fp16_round(a * b) (core/numerics/fp16.hpp; a * b is exact in
// double), bit for bit.
//
// Usage: fp16_mul_int_bench [--vectors N] [--seed S]
// Every binary16 encoding of a (65536: zeros, subnormals, normals, infinities,
// NaNs) against a directed set of b (0, +-1, small values, the INT8-table
// group sums' extremes +-127 * 255, powers of two and their neighbours,
// -32768, 32767), then N (default 100000) random pairs: uniform encodings
// and uniform b, and scales of INT8-quantized tables (normal and subnormal
// values near max / 127) with b from the group-sum range.
// Exit status 0 only if every output matched.
#include <verilated.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "Vfp16_mul_int.h"
#include "core/numerics/fp16.hpp"
#include "sim/reference/scoreboard.hpp"
#include "tests/rtl/bench_harness.hpp"

namespace lutsim::rtl_bench {
namespace {

const std::vector<int> kDirectedB = {0,     1,      -1,    2,      -2,    3,    5,    127,  -127,
                                     255,   1023,   1024,  1025,   2047,  2048, 2049, 4095, 4097,
                                     32385, -32385, 32767, -32768, 16383, -3,   -1024};

class Bench {
 public:
  Bench() : board_("fp16_mul_int INT_W=16") {}

  void check(std::uint16_t a, int b) {
    dut_->a = a;
    dut_->b = static_cast<std::uint16_t>(b);
    dut_.eval();
    const std::uint16_t want = fp16_round(Fp16::from_bits(a).to_double() * b).bits();
    const auto got = static_cast<std::uint16_t>(dut_->y);
    board_.check(board_.checks() + 1, got, want, [=] {
      char what[32];
      std::snprintf(what, sizeof what, "a 0x%04x b %d", a, b);
      return std::string(what);
    });
    print_reports(board_.take_reports());
  }

  bool report() const {
    std::printf("%s: %llu vectors, %llu mismatches\n", board_.name().c_str(),
                static_cast<unsigned long long>(board_.checks()),
                static_cast<unsigned long long>(board_.mismatches()));
    return board_.mismatches() == 0;
  }

 private:
  VerilatedDut<Vfp16_mul_int> dut_;
  cycle_ref::Scoreboard board_;
};

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim::rtl_bench;
  const auto args = parse_bench_args(argc, argv, "fp16_mul_int_bench [--vectors N] [--seed S]");
  if (!args) return 2;
  Bench bench;
  for (unsigned a = 0; a < 65536; ++a) {
    for (int b : kDirectedB) bench.check(static_cast<std::uint16_t>(a), b);
  }
  std::mt19937_64 rng(args->seed);
  for (std::uint64_t i = 0; i < args->vectors; ++i) {
    if (i % 2 == 0) {
      bench.check(static_cast<std::uint16_t>(rng()), static_cast<std::int16_t>(rng()));
    } else {  // a table scale: max|entry| / 127 for entries from 2^-24 to 65504
      const double max_entry = std::ldexp(1.0 + static_cast<double>(rng() % 1024) / 1024.0,
                                          static_cast<int>(rng() % 40) - 24);
      const std::uint16_t scale = lutsim::fp16_round(max_entry / 127.0).bits();
      const int b = static_cast<int>(rng() % (2 * 32385 + 1)) - 32385;
      bench.check(scale, b);
    }
  }
  return finish("fp16_mul_int_bench", bench.report());
}
