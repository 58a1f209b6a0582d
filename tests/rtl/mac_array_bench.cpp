// Verilator bench of mac_array against the golden MAC reference
// (core/lut/mac_dot_reference.hpp), bit for bit, cycle by cycle.
//
// Usage: mac_array_bench [--vectors N] [--seed S]
// The wrapper mac_array_tb.sv holds M2N64K4 FP16, M4N32K4 and M8N16K4 INT8
// (M*N*K = 512) and M2N3K3 FP16, M3N2K5 INT8, M1N2K8 FP16. Each
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
#include <verilated.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vmac_array_tb.h"
#include "core/lut/mac_dot_reference.hpp"
#include "core/numerics/fp16.hpp"
#include "tests/rtl/bench_args.hpp"
#include "tests/rtl/mac_operands.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {
namespace {

struct Config {
  int m = 1, n = 1, k = 1;
  bool integer = false;
  // Stream state.
  int remaining = 0;  // vectors left in the current dot product
  int dist = 0;
  // Golden register model: acc[m * n + n'] raw bits.
  std::vector<std::uint32_t> acc;
  bool out_valid = false;
  // Counts.
  std::uint64_t vectors = 0, steps = 0, results = 0, back_to_back = 0, checks = 0;
  std::uint64_t mismatches = 0, resets = 0, nan = 0, inf = 0, subnormal = 0;
  bool last_valid_out = false;

  std::string name() const {
    return "M" + std::to_string(m) + "N" + std::to_string(n) + "K" + std::to_string(k) +
           (integer ? " int8" : " fp16");
  }
  int in_w() const { return integer ? 8 : 16; }
  int acc_w() const { return integer ? 32 : 16; }
};

// The operands of one accepted cycle: a[row][i], b[col][i] (raw bits).
struct Step {
  bool valid = false, first = false, last = false;
  std::vector<std::vector<std::uint32_t>> a, b;
};

class Bench {
 public:
  explicit Bench(std::uint64_t seed) : rng_(seed), operands_(rng_) {
    ctx_ = std::make_unique<VerilatedContext>();
    dut_ = std::make_unique<Vmac_array_tb>(ctx_.get(), "dut");
    dut_->clk = 0;
    dut_->rst = 1;
    dut_->eval();
    const auto field = [&](int i) { return static_cast<int>(get_bits(dut_->layout, 32 * i, 32)); };
    ncfg_ = field(3);
    a_slot_ = field(2);
    b_slot_ = field(1);
    acc_slot_ = field(0);
    for (int c = 0; c < ncfg_; ++c) {
      Config cfg;
      cfg.m = static_cast<int>(get_bits(dut_->cfg_info, c * 32, 8));
      cfg.n = static_cast<int>(get_bits(dut_->cfg_info, c * 32 + 8, 8));
      cfg.k = static_cast<int>(get_bits(dut_->cfg_info, c * 32 + 16, 8));
      cfg.integer = get_bits(dut_->cfg_info, c * 32 + 24, 1) != 0;
      cfg.acc.assign(static_cast<std::size_t>(cfg.m * cfg.n), 0u);
      if (cfg.m * cfg.k * cfg.in_w() > a_slot_ || cfg.n * cfg.k * cfg.in_w() > b_slot_ ||
          cfg.m * cfg.n * cfg.acc_w() > acc_slot_) {
        std::printf("FAIL: %s does not fit the wrapper's slots\n", cfg.name().c_str());
        fits_ = false;
      }
      configs_.push_back(cfg);
    }
    clock();  // reset both the DUT and the model
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
        std::fill(cfg.acc.begin(), cfg.acc.end(), 0u);
        cfg.out_valid = false;
        cfg.remaining = 0;
        ++cfg.resets;
      } else {
        cfg.out_valid = steps[c].valid && steps[c].last;
        if (steps[c].valid) golden_step(cfg, steps[c]);
      }
      compare(c);
    }
  }

  bool fits() const { return fits_; }

  bool report() const {
    std::uint64_t bad = 0;
    for (const Config& c : configs_) {
      std::printf(
          "mac_array %s: %llu vectors, %llu dot steps, %llu results (%llu cycles with a result "
          "right after a result), %llu acc checks, %llu resets, %llu mismatches",
          c.name().c_str(), static_cast<unsigned long long>(c.vectors),
          static_cast<unsigned long long>(c.steps), static_cast<unsigned long long>(c.results),
          static_cast<unsigned long long>(c.back_to_back),
          static_cast<unsigned long long>(c.checks), static_cast<unsigned long long>(c.resets),
          static_cast<unsigned long long>(c.mismatches));
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

  void golden_step(Config& cfg, const Step& s) {
    ++cfg.vectors;
    cfg.steps += static_cast<std::uint64_t>(cfg.m * cfg.n);
    cfg.results += s.last ? static_cast<std::uint64_t>(cfg.m * cfg.n) : 0u;
    if (cfg.integer) {
      std::vector<std::vector<std::int8_t>> a(cfg.m), b(cfg.n);
      for (int r = 0; r < cfg.m; ++r)
        for (std::uint32_t v : s.a[r]) a[r].push_back(static_cast<std::int8_t>(v));
      for (int col = 0; col < cfg.n; ++col)
        for (std::uint32_t v : s.b[col]) b[col].push_back(static_cast<std::int8_t>(v));
      for (int r = 0; r < cfg.m; ++r) {
        for (int col = 0; col < cfg.n; ++col) {
          auto& acc = cfg.acc[static_cast<std::size_t>(r * cfg.n + col)];
          const std::int32_t base = s.first ? 0 : static_cast<std::int32_t>(acc);
          acc = static_cast<std::uint32_t>(mac_dot_int8_step(base, a[r], b[col]));
        }
      }
      return;
    }
    std::vector<std::vector<Fp16>> a(cfg.m), b(cfg.n);
    for (int r = 0; r < cfg.m; ++r)
      for (std::uint32_t v : s.a[r]) a[r].push_back(Fp16::from_bits(static_cast<std::uint16_t>(v)));
    for (int col = 0; col < cfg.n; ++col)
      for (std::uint32_t v : s.b[col])
        b[col].push_back(Fp16::from_bits(static_cast<std::uint16_t>(v)));
    for (int r = 0; r < cfg.m; ++r) {
      for (int col = 0; col < cfg.n; ++col) {
        auto& acc = cfg.acc[static_cast<std::size_t>(r * cfg.n + col)];
        const Fp16 base = s.first ? Fp16{} : Fp16::from_bits(static_cast<std::uint16_t>(acc));
        acc = mac_dot_fp16_step(base, a[r], b[col]).bits();
      }
    }
  }

  void compare(int c) {
    Config& cfg = configs_[c];
    const bool got_valid = get_bits(dut_->out_valid, c, 1) != 0;
    if (got_valid != cfg.out_valid) mismatch(cfg, "out_valid", -1, got_valid, cfg.out_valid);
    cfg.back_to_back += (cfg.out_valid && cfg.last_valid_out) ? 1u : 0u;
    cfg.last_valid_out = cfg.out_valid;
    for (int i = 0; i < cfg.m * cfg.n; ++i) {
      const auto want = cfg.acc[static_cast<std::size_t>(i)];
      const auto got = static_cast<std::uint32_t>(
          get_bits(dut_->out_acc, c * acc_slot_ + i * cfg.acc_w(), cfg.acc_w()));
      ++cfg.checks;
      if (!cfg.integer) {
        const Fp16 h = Fp16::from_bits(static_cast<std::uint16_t>(want));
        cfg.nan += h.is_nan();
        cfg.inf += h.is_inf();
        cfg.subnormal += h.is_subnormal();
      }
      if (got != want) mismatch(cfg, "accumulator", i, got, want);
    }
  }

  void mismatch(Config& cfg, const char* what, int unit, std::uint32_t got, std::uint32_t want) {
    if (cfg.mismatches++ < 10) {
      std::printf("MISMATCH %s cycle %llu: %s (unit %d): got 0x%x want 0x%x\n", cfg.name().c_str(),
                  static_cast<unsigned long long>(cycles_), what, unit, got, want);
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
  std::unique_ptr<Vmac_array_tb> dut_;
  int ncfg_ = 0, a_slot_ = 0, b_slot_ = 0, acc_slot_ = 0;
  std::uint64_t cycles_ = 0;
  bool fits_ = true;
  std::vector<Config> configs_;
};

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim::rtl_bench;
  const auto args = parse_bench_args(argc, argv, "mac_array_bench");
  if (!args) return 2;
  Bench bench(args->seed);
  if (!bench.fits()) return 1;
  while (!bench.done(args->vectors)) bench.cycle();
  return bench.report() ? 0 : 1;
}
