// Verilator bench of mac_dot_unit and mac_array against the golden MAC
// reference (core/lut/mac_dot_reference.hpp via sim/reference's
// MacReference), bit for bit, cycle by cycle.
//
// Usage: mac_bench {dot_unit|array} [--vectors N] [--seed S]
// The wrapper mac_array_tb.sv holds M2N64K4 FP16, M4N32K4 and M8N16K4 INT8
// (M*N*K = 512) and M2N3K3 FP16, M3N2K5 INT8, M1N2K8 FP16; mac_dot_unit_tb.sv
// (the 1 x 1 case, same port encodings) K4 FP16, K4 INT8, K3 FP16, K8 FP16,
// K1 FP16 and K7 INT8, and pipelined K4 FP16 PIPE_STAGES 1, K4 INT8 and K3
// FP16 PIPE_STAGES 2 (the depth read from the wrapper: the golden model sees
// each vector PIPE_STAGES cycles later, a reset flushing the vectors in
// flight, so every result is checked in cycle t + 1 + PIPE_STAGES). Each
// configuration gets a stream of dot products of 1..6 operand vectors (a
// third of them one vector long, so results come back to back every cycle),
// one MacOperands distribution per dot product for all rows and columns,
// 10% bubbles with junk on the ignored inputs, and random synchronous resets
// (1 in 1000 cycles, junk on all inputs). After every clock edge every
// accumulator and out_valid are compared with the golden register model
// (rst: 0; else out_valid = in_valid & in_last, and on in_valid
// acc[m][n] <- step(in_first ? +0 : acc[m][n], a_m, b_n)). A vector is one
// accepted cycle (M x N dot-product steps); every configuration runs until it
// has accepted N (default 100000). Exit status 0 only if everything matched.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "Vmac_array_tb.h"
#include "Vmac_dot_unit_tb.h"
#include "sim/reference/mac_operands.hpp"
#include "sim/reference/mac_reference.hpp"
#include "sim/reference/scoreboard.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {
namespace {

using cycle_ref::MacOperands;
using Step = cycle_ref::MacOperandsIn;

struct Config {
  Config(std::string design_, int m_, int n_, int k_, bool integer_, int pipe_)
      : design(std::move(design_)),
        m(m_),
        n(n_),
        k(k_),
        integer(integer_),
        pipe(pipe_),
        flight(static_cast<std::size_t>(pipe_)),
        reference(m, n, integer),
        board(name()) {}
  std::string design;
  int m = 1, n = 1, k = 1;
  bool integer = false;
  int pipe = 0;             // PIPE_STAGES: the vectors in flight, oldest first
  std::deque<Step> flight;  // (their valid bits reset with the RTL's)
  // Stream state.
  int remaining = 0;  // vectors left in the current dot product
  int dist = 0;
  cycle_ref::MacReference reference;
  // Counts.
  std::uint64_t vectors = 0, steps = 0, results = 0, back_to_back = 0, resets = 0;
  bool last_valid_out = false;
  cycle_ref::Scoreboard board;
  cycle_ref::Fp16Coverage coverage;  // of the expected accumulators

  std::string name() const {
    return design + " M" + std::to_string(m) + "N" + std::to_string(n) + "K" + std::to_string(k) +
           (integer ? " int8" : " fp16") + (pipe > 0 ? " pipe " + std::to_string(pipe) : "");
  }
  // The step the accumulators see this clock: the one accepted PIPE_STAGES clocks ago.
  Step delayed(bool rst, const Step& now) {
    if (pipe == 0) return now;
    if (rst) {
      flight.assign(flight.size(), Step{});
      return Step{};
    }
    flight.push_back(now);
    Step out = std::move(flight.front());
    flight.pop_front();
    return out;
  }
  int in_w() const { return integer ? 8 : 16; }
  int acc_w() const { return integer ? 32 : 16; }
};

template <class Model>
class Bench {
 public:
  Bench(const std::string& design, std::uint64_t seed) : rng_(seed), operands_(rng_) {
    const auto field = [&](int i) { return static_cast<int>(get_bits(dut_->layout, 32 * i, 32)); };
    ncfg_ = field(3);
    a_slot_ = field(2);
    b_slot_ = field(1);
    acc_slot_ = field(0);
    for (int c = 0; c < ncfg_; ++c) {
      const Config& cfg =
          configs_.emplace_back(design, static_cast<int>(get_bits(dut_->cfg_info, c * 32, 8)),
                                static_cast<int>(get_bits(dut_->cfg_info, c * 32 + 8, 8)),
                                static_cast<int>(get_bits(dut_->cfg_info, c * 32 + 16, 8)),
                                get_bits(dut_->cfg_info, c * 32 + 24, 1) != 0,
                                static_cast<int>(get_bits(dut_->cfg_info, c * 32 + 25, 2)));
      if (cfg.m * cfg.k * cfg.in_w() > a_slot_ || cfg.n * cfg.k * cfg.in_w() > b_slot_ ||
          cfg.m * cfg.n * cfg.acc_w() > acc_slot_) {
        std::printf("FAIL: %s does not fit the wrapper's slots\n", cfg.name().c_str());
        fits_ = false;
      }
    }
    dut_.tick();  // reset both the DUT and the model
  }

  bool done(std::uint64_t target) const {
    for (const Config& c : configs_) {
      if (c.vectors < target) return false;
    }
    return true;
  }

  void cycle() {
    const bool rst = rng_() % 1000 == 0;
    dut_->rst = rst;
    std::vector<Step> steps(configs_.size());
    for (int c = 0; c < ncfg_; ++c) steps[c] = drive(c, rst);
    dut_.tick();
    for (int c = 0; c < ncfg_; ++c) {
      Config& cfg = configs_[c];
      cfg.reference.clock(rst, cfg.delayed(rst, steps[c]));
      if (rst) {
        cfg.remaining = 0;
        ++cfg.resets;
      } else if (steps[c].valid) {
        count(cfg, steps[c]);
      }
      compare(c);
    }
  }

  bool fits() const { return fits_; }

  bool report() const {
    std::uint64_t bad = 0;
    for (const Config& c : configs_) {
      std::printf(
          "%s: %llu vectors, %llu dot steps, %llu results (%llu cycles with a result "
          "right after a result), %llu checks, %llu resets, %llu mismatches",
          c.name().c_str(), static_cast<unsigned long long>(c.vectors),
          static_cast<unsigned long long>(c.steps), static_cast<unsigned long long>(c.results),
          static_cast<unsigned long long>(c.back_to_back),
          static_cast<unsigned long long>(c.board.checks()),
          static_cast<unsigned long long>(c.resets),
          static_cast<unsigned long long>(c.board.mismatches()));
      if (!c.integer) std::printf(" (acc values: %s)", c.coverage.text().c_str());
      std::printf("\n");
      bad += c.board.mismatches();
    }
    return bad == 0;
  }

 private:
  Step drive(int c, bool rst) {
    Config& cfg = configs_[c];
    Step s;
    s.valid = !rst && rng_() % 10 != 0;
    const bool junk = !s.valid;
    if (s.valid) {
      if (cfg.remaining == 0) {  // start a dot product
        cfg.remaining = rng_() % 3 == 0 ? 1 : 1 + static_cast<int>(rng_() % 6);
        cfg.dist = static_cast<int>(
            rng_() % (cfg.integer ? MacOperands::kInt8Dists : MacOperands::kFp16Dists));
        s.first = true;
      }
      s.last = --cfg.remaining == 0;
      std::vector<std::uint32_t> unused;
      s.a.resize(static_cast<std::size_t>(cfg.m));
      s.b.resize(static_cast<std::size_t>(cfg.n));
      for (auto& a : s.a) operands_.vectors(cfg.integer, cfg.dist, cfg.k, a, unused);
      for (auto& b : s.b) operands_.vectors(cfg.integer, cfg.dist, cfg.k, unused, b);
    }
    set_bits(dut_->in_valid, c, 1, s.valid);
    set_bits(dut_->in_first, c, 1, junk ? rng_() & 1u : s.first);
    set_bits(dut_->in_last, c, 1, junk ? rng_() & 1u : s.last);
    const int w = cfg.in_w();
    for (int r = 0; r < cfg.m; ++r) {
      for (int i = 0; i < cfg.k; ++i) {
        const int lsb = c * a_slot_ + (r * cfg.k + i) * w;
        set_bits(dut_->a_flat, lsb, w, junk ? rng_() : s.a[r][i]);
      }
    }
    for (int col = 0; col < cfg.n; ++col) {
      for (int i = 0; i < cfg.k; ++i) {
        const int lsb = c * b_slot_ + (col * cfg.k + i) * w;
        set_bits(dut_->b_flat, lsb, w, junk ? rng_() : s.b[col][i]);
      }
    }
    return s;
  }

  static void count(Config& cfg, const Step& s) {
    ++cfg.vectors;
    cfg.steps += static_cast<std::uint64_t>(cfg.m * cfg.n);
    cfg.results += s.last ? static_cast<std::uint64_t>(cfg.m * cfg.n) : 0u;
  }

  void compare(int c) {
    Config& cfg = configs_[c];
    const bool want_valid = cfg.reference.out_valid();
    const bool got_valid = get_bits(dut_->out_valid, c, 1) != 0;
    cfg.board.check(dut_.cycles(), "out_valid", got_valid, want_valid);
    cfg.back_to_back += (want_valid && cfg.last_valid_out) ? 1u : 0u;
    cfg.last_valid_out = want_valid;
    for (int i = 0; i < cfg.m * cfg.n; ++i) {
      const auto want = cfg.reference.acc()[static_cast<std::size_t>(i)];
      const auto got = static_cast<std::uint32_t>(
          get_bits(dut_->out_acc, c * acc_slot_ + i * cfg.acc_w(), cfg.acc_w()));
      if (!cfg.integer) cfg.coverage.count(static_cast<std::uint16_t>(want));
      cfg.board.check(dut_.cycles(), got, want,
                      [i] { return "accumulator (unit " + std::to_string(i) + ")"; });
    }
    print_reports(cfg.board.take_reports());
  }

  std::mt19937_64 rng_;
  MacOperands operands_;
  VerilatedDut<Model> dut_;
  int ncfg_ = 0, a_slot_ = 0, b_slot_ = 0, acc_slot_ = 0;
  bool fits_ = true;
  std::vector<Config> configs_;
};

template <class Model>
bool run_bench(const std::string& design, const BenchArgs& args) {
  Bench<Model> bench(design, args.seed);
  if (!bench.fits()) return false;
  while (!bench.done(args.vectors)) bench.cycle();
  return bench.report();
}

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim::rtl_bench;
  const std::string_view usage = "mac_bench {dot_unit|array} [--vectors N] [--seed S]";
  const std::string_view which = argc > 1 ? argv[1] : "";
  const auto args = parse_bench_args(argc, argv, usage, {}, 2);
  if (!args) return 2;
  bool pass = false;
  if (which == "dot_unit") {
    pass = run_bench<Vmac_dot_unit_tb>("mac_dot_unit", *args);
  } else if (which == "array") {
    pass = run_bench<Vmac_array_tb>("mac_array", *args);
  } else {
    std::fprintf(stderr, "usage: %s\n", usage.data());
    return 2;
  }
  return finish("mac_bench " + std::string(which), pass);
}
