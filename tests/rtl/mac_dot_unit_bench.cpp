// Verilator bench of mac_dot_unit against the golden MAC reference
// (core/lut/mac_dot_reference.hpp), bit for bit, cycle by cycle.
//
// Usage: mac_dot_unit_bench [--vectors N] [--seed S]
// The wrapper mac_dot_unit_tb.sv holds K4 FP16, K4 INT8, K3 FP16, K8 FP16,
// K1 FP16 and K7 INT8. Each configuration gets a stream of dot products of
// 1..6 operand vectors (in_first .. in_last), 10% bubbles with junk on the
// ignored inputs and random synchronous resets (1 in 1000 cycles, junk on all
// inputs). FP16 operands per dot product from seven distributions: normal at
// random scales, any encoding (NaN, +-inf), products that underflow into
// subnormals, products that overflow, cancelling product pairs, specials mixed
// with ordinary values, and small integers (exact sums, tie cases). INT8:
// uniform, extremes (-128, 127), small. After every clock edge out_acc and
// out_valid of every configuration are compared with the golden register
// model (rst: 0; else out_valid = in_valid & in_last, and on in_valid
// acc <- step(in_first ? +0 : acc, a, b)). A vector is one accepted operand
// vector; every configuration runs until it has accepted N (default 100000).
// Exit status 0 only if everything matched.
#include <verilated.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tests/rtl/bench_args.hpp"
#include "tests/rtl/mac_operands.hpp"
#include "Vmac_dot_unit_tb.h"
#include "core/lut/mac_dot_reference.hpp"
#include "core/numerics/fp16.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {
namespace {

struct Config {
  int k = 1;
  bool integer = false;
  // Stream state.
  int remaining = 0;  // vectors left in the current dot product
  int dist = 0;
  // Golden register model.
  std::uint32_t acc = 0;
  bool out_valid = false;
  // Counts.
  std::uint64_t vectors = 0, results = 0, checks = 0, mismatches = 0, resets = 0;
  std::uint64_t nan = 0, inf = 0, subnormal = 0;
};

class Bench {
 public:
  explicit Bench(std::uint64_t seed) : rng_(seed), operands_(rng_) {
    ctx_ = std::make_unique<VerilatedContext>();
    dut_ = std::make_unique<Vmac_dot_unit_tb>(ctx_.get(), "dut");
    dut_->clk = 0;
    dut_->rst = 1;
    dut_->eval();
    ncfg_ = static_cast<int>(get_bits(dut_->layout, 64, 32));
    op_slot_ = static_cast<int>(get_bits(dut_->layout, 32, 32));
    acc_slot_ = static_cast<int>(get_bits(dut_->layout, 0, 32));
    for (int c = 0; c < ncfg_; ++c) {
      Config cfg;
      cfg.k = static_cast<int>(get_bits(dut_->cfg_info, c * 32, 8));
      cfg.integer = get_bits(dut_->cfg_info, c * 32 + 8, 8) != 0;
      configs_.push_back(cfg);
    }
    clock();  // reset both the DUT and the model
    for (auto& c : configs_) c.resets = 0;
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
    clock();
    for (int c = 0; c < ncfg_; ++c) {
      Config& cfg = configs_[c];
      if (rst) {
        cfg.acc = 0;
        cfg.out_valid = false;
        ++cfg.resets;
      } else {
        cfg.out_valid = steps[c].valid && steps[c].last;
        if (steps[c].valid) {
          ++cfg.vectors;
          cfg.results += steps[c].last;
          cfg.acc = golden_step(cfg, steps[c]);
        }
      }
      compare(c);
    }
  }

  bool report() const {
    std::uint64_t bad = 0;
    for (const Config& c : configs_) {
      std::printf(
          "mac_dot_unit K%d %s: %llu vectors, %llu results, %llu checks, %llu resets, "
          "%llu mismatches",
          c.k, c.integer ? "int8" : "fp16", static_cast<unsigned long long>(c.vectors),
          static_cast<unsigned long long>(c.results), static_cast<unsigned long long>(c.checks),
          static_cast<unsigned long long>(c.resets), static_cast<unsigned long long>(c.mismatches));
      if (!c.integer) {
        std::printf(" (acc values: %llu NaN, %llu inf, %llu subnormal)",
                    static_cast<unsigned long long>(c.nan), static_cast<unsigned long long>(c.inf),
                    static_cast<unsigned long long>(c.subnormal));
      }
      std::printf("\n");
      bad += c.mismatches;
    }
    return bad == 0;
  }

 private:
  struct Step {
    bool valid = false, first = false, last = false;
    std::vector<std::uint32_t> a, b;
  };

  Step drive(int c, bool rst) {
    Config& cfg = configs_[c];
    const int in_w = cfg.integer ? 8 : 16;
    Step s;
    s.valid = !rst && rng_() % 10 != 0;
    const bool junk = !s.valid;
    if (s.valid) {
      if (cfg.remaining == 0) {  // start a dot product
        cfg.remaining = 1 + static_cast<int>(rng_() % 6);
        cfg.dist = static_cast<int>(
            rng_() % (cfg.integer ? MacOperands::kInt8Dists : MacOperands::kFp16Dists));
        s.first = true;
      }
      s.last = --cfg.remaining == 0;
      operands_.vectors(cfg.integer, cfg.dist, cfg.k, s.a, s.b);
    }
    set_bits(dut_->in_valid, c, 1, s.valid);
    set_bits(dut_->in_first, c, 1, junk ? rng_() & 1u : s.first);
    set_bits(dut_->in_last, c, 1, junk ? rng_() & 1u : s.last);
    for (int i = 0; i < cfg.k; ++i) {
      set_bits(dut_->a_flat, c * op_slot_ + i * in_w, in_w, junk ? rng_() : s.a[i]);
      set_bits(dut_->b_flat, c * op_slot_ + i * in_w, in_w, junk ? rng_() : s.b[i]);
    }
    return s;
  }

  std::uint32_t golden_step(const Config& cfg, const Step& s) {
    if (cfg.integer) {
      std::vector<std::int8_t> a(cfg.k), b(cfg.k);
      for (int i = 0; i < cfg.k; ++i) {
        a[i] = static_cast<std::int8_t>(s.a[i]);
        b[i] = static_cast<std::int8_t>(s.b[i]);
      }
      const std::int32_t base = s.first ? 0 : static_cast<std::int32_t>(cfg.acc);
      return static_cast<std::uint32_t>(mac_dot_int8_step(base, a, b));
    }
    std::vector<Fp16> a(cfg.k), b(cfg.k);
    for (int i = 0; i < cfg.k; ++i) {
      a[i] = Fp16::from_bits(static_cast<std::uint16_t>(s.a[i]));
      b[i] = Fp16::from_bits(static_cast<std::uint16_t>(s.b[i]));
    }
    const Fp16 base = s.first ? Fp16{} : Fp16::from_bits(static_cast<std::uint16_t>(cfg.acc));
    return mac_dot_fp16_step(base, a, b).bits();
  }

  void compare(int c) {
    Config& cfg = configs_[c];
    const int acc_w = cfg.integer ? 32 : 16;
    const auto got = static_cast<std::uint32_t>(get_bits(dut_->out_acc, c * acc_slot_, acc_w));
    const bool got_valid = get_bits(dut_->out_valid, c, 1) != 0;
    ++cfg.checks;
    if (!cfg.integer) {
      const Fp16 h = Fp16::from_bits(static_cast<std::uint16_t>(cfg.acc));
      cfg.nan += h.is_nan();
      cfg.inf += h.is_inf();
      cfg.subnormal += h.is_subnormal();
    }
    if ((got != cfg.acc || got_valid != cfg.out_valid) && cfg.mismatches++ < 10) {
      std::printf("MISMATCH K%d %s cycle %llu: acc got 0x%x want 0x%x, out_valid got %d want %d\n",
                  cfg.k, cfg.integer ? "int8" : "fp16", static_cast<unsigned long long>(cycles_),
                  got, cfg.acc, got_valid, cfg.out_valid);
    }
  }

  void clock() {
    dut_->clk = 1;
    dut_->eval();
    dut_->clk = 0;
    dut_->eval();
    ++cycles_;
  }

  std::mt19937_64 rng_;
  MacOperands operands_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vmac_dot_unit_tb> dut_;
  int ncfg_ = 0, op_slot_ = 0, acc_slot_ = 0;
  std::uint64_t cycles_ = 0;
  std::vector<Config> configs_;
};

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim::rtl_bench;
  const auto args = parse_bench_args(argc, argv, "mac_dot_unit_bench");
  if (!args) return 2;
  const std::uint64_t vectors = args->vectors;
  Bench bench(args->seed);
  while (!bench.done(vectors)) bench.cycle();
  return bench.report() ? 0 : 1;
}
