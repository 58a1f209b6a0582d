// Verilator bench of add_bitserial_unit (the table-free "ADD" baseline)
// against the canonical accumulation of lutsim::lut_mpgemm, bit for bit,
// cycle by cycle.
//
// Usage: add_bitserial_unit_bench [--vectors N] [--seed S]
// The wrapper add_bitserial_unit_tb.sv holds K4 W2 FP16 symmetric, K4 W4 INT8
// symmetric, K3 W3 FP16 unsigned, K5 W1 INT8 unsigned, K6 W8 FP16 symmetric
// and K2 W2 FP16 unsigned, and each of them pipelined (PIPE_STAGES 1, 2, 2, 4,
// 3, 1, read from the wrapper): the golden model takes each index PIPE_STAGES
// clocks after it is driven, so a latency other than 1 + PIPE_STAGES fails; a
// reset drops the indices in flight. Each configuration gets a stream of dot products
// of 1..4 groups x W_BIT planes: per group K activations (FP16: normal at
// random scales, any encoding, subnormals, cancellation, specials, huge;
// INT8: uniform, extremes, small) and K random weight codes (5% constant
// codes). 10% bubbles and synchronous resets (1 in 1000 cycles; the dot
// product in flight is dropped) with junk on the ignored inputs. Golden per
// accepted index idx_j: acc <- fp16_round(acc + 2^j * T[idx_j]) (INT32:
// exact, wrapping), T = precompute_table of the group in the full table form
// (kSymmetricFull / kUnsignedFull), acc restarting from +0 on in_first;
// out_valid must be the in_last-plus-one-cycle pulse. A vector is one
// accepted index; every configuration runs until it has accepted N (default
// 100000). Exit status 0 only if everything matched.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "Vadd_bitserial_unit_tb.h"
#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "sim/reference/scoreboard.hpp"
#include "sim/reference/tile_reference.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {
namespace {

const std::vector<std::uint16_t> kSpecials = {0x0000, 0x8000, 0x0001, 0x83FF, 0x0400,
                                              0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x7C00,
                                              0xFC00, 0x7E00, 0x7C01, 0x4000};

struct Config {
  Config(int k_, int w_bit_, bool integer_, bool symmetric_, int stages_)
      : k(k_),
        w_bit(w_bit_),
        integer(integer_),
        symmetric(symmetric_),
        stages(stages_),
        board("add_bitserial_unit K" + std::to_string(k) + " W" + std::to_string(w_bit) +
              (integer ? " int8" : " fp16") + (symmetric ? " sym" : " unsigned") +
              (stages > 0 ? " PIPE_STAGES=" + std::to_string(stages) : "")) {
    lut.geometry.k = k;
    lut.weight_bits = w_bit;
    lut.geometry.table_form = symmetric ? TableForm::kSymmetricFull : TableForm::kUnsignedFull;
    lut.activation = integer ? DataType::kInt8 : DataType::kFp16;
    lut.table_format = integer ? TableEntryFormat::kInteger : TableEntryFormat::kFp16;
    lut.accumulator = integer ? DataType::kInt32 : DataType::kFp16;
    lut.validate();
  }
  int k = 2, w_bit = 1;
  bool integer = false, symmetric = true;
  int stages = 0;  // PIPE_STAGES: an index reaches the accumulator this many clocks later
  LutGemmConfig lut;
  // Stream state: groups left, plane, the group's activations, codes and table.
  int groups_left = 0, plane = 0;
  bool in_dot = false;
  std::vector<std::uint32_t> x;
  std::vector<unsigned> codes;
  LutTable table;
  // Golden register model.
  std::uint32_t acc = 0;
  bool out_valid = false;
  std::uint64_t vectors = 0, results = 0;
  cycle_ref::Scoreboard board;
  cycle_ref::Fp16Coverage coverage;  // of the expected accumulators
};

class Bench {
 public:
  explicit Bench(std::uint64_t seed) : rng_(seed) {
    ncfg_ = static_cast<int>(get_bits(dut_->layout, 96, 32));
    x_slot_ = static_cast<int>(get_bits(dut_->layout, 64, 32));
    idx_slot_ = static_cast<int>(get_bits(dut_->layout, 32, 32));
    acc_slot_ = static_cast<int>(get_bits(dut_->layout, 0, 32));
    for (int c = 0; c < ncfg_; ++c) {
      configs_.emplace_back(static_cast<int>(get_bits(dut_->cfg_info, c * 32, 8)),
                            static_cast<int>(get_bits(dut_->cfg_info, c * 32 + 8, 8)),
                            get_bits(dut_->cfg_info, c * 32 + 16, 8) != 0,
                            get_bits(dut_->cfg_info, c * 32 + 24, 4) != 0,
                            static_cast<int>(get_bits(dut_->cfg_info, c * 32 + 28, 4)));
    }
    in_flight_.resize(configs_.size());
    dut_.tick();
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
      std::deque<Step>& flight = in_flight_[c];
      if (rst) {
        cfg.acc = 0;
        cfg.out_valid = false;
        cfg.in_dot = false;  // drop the dot product in flight
        cfg.groups_left = 0;
        flight.clear();      // and the indices in the pipeline registers
      } else {
        flight.push_back(std::move(steps[c]));
        // The index driven PIPE_STAGES clocks ago reaches the accumulator (none
        // while the pipeline fills after a reset).
        Step s;
        if (flight.size() > static_cast<std::size_t>(cfg.stages)) {
          s = std::move(flight.front());
          flight.pop_front();
        }
        cfg.out_valid = s.valid && s.last;
        if (s.valid) {
          ++cfg.vectors;
          cfg.results += s.last;
          cfg.acc = cycle_ref::lookup_accumulate(cfg.acc, s.first, s.table, s.idx, s.plane,
                                                 cfg.lut);
        }
      }
      compare(c);
    }
  }

  bool report() const {
    std::uint64_t bad = 0;
    for (const Config& c : configs_) {
      std::printf("%s: %llu vectors, %llu results, %llu checks, %llu mismatches",
                  c.board.name().c_str(), static_cast<unsigned long long>(c.vectors),
                  static_cast<unsigned long long>(c.results),
                  static_cast<unsigned long long>(c.board.checks()),
                  static_cast<unsigned long long>(c.board.mismatches()));
      if (!c.integer) std::printf(" (acc values: %s)", c.coverage.text().c_str());
      std::printf("\n");
      bad += c.board.mismatches();
    }
    return bad == 0;
  }

 private:
  struct Step {
    bool valid = false, first = false, last = false;
    unsigned idx = 0;
    int plane = 0;
    LutTable table;  // of the index's group
  };

  std::uint16_t fp16_activation(int dist, std::uint16_t x0) {
    const auto r = [&](std::uint64_t n) { return rng_() % n; };
    const auto with_exp = [&](int exp) {
      return static_cast<std::uint16_t>((rng_() & 0x8000u) | (exp << 10) | (rng_() & 0x3FFu));
    };
    switch (dist) {
      case 0: {
        std::normal_distribution<double> normal(0.0, std::ldexp(1.0, static_cast<int>(r(25)) - 16));
        return Fp16::from_double(normal(rng_)).bits();
      }
      case 1:
        return static_cast<std::uint16_t>(rng_());
      case 2:
        return with_exp(r(4) == 0 ? 1 : 0);
      case 3:
        return static_cast<std::uint16_t>(x0 ^ (rng_() & 0x8000u));
      case 4:
        return r(2) == 0 ? kSpecials[r(kSpecials.size())] : with_exp(10 + static_cast<int>(r(10)));
      default:
        return with_exp(24 + static_cast<int>(r(7)));
    }
  }

  void new_group(Config& cfg) {
    const int dist = static_cast<int>(rng_() % (cfg.integer ? 3 : 6));
    cfg.x.assign(cfg.k, 0);
    std::vector<double> xs(cfg.k);
    for (int i = 0; i < cfg.k; ++i) {
      if (cfg.integer) {
        int v = dist == 0 ? static_cast<int>(rng_() % 256) - 128
                : dist == 1 ? (rng_() % 2 ? 127 : -128)
                            : static_cast<int>(rng_() % 9) - 4;
        cfg.x[i] = static_cast<std::uint32_t>(v) & 0xFFu;
        xs[i] = v;
      } else {
        cfg.x[i] = fp16_activation(dist, i == 0 ? static_cast<std::uint16_t>(rng_())
                                                : static_cast<std::uint16_t>(cfg.x[0]));
        xs[i] = Fp16::from_bits(static_cast<std::uint16_t>(cfg.x[i])).to_double();
      }
    }
    const bool constant = rng_() % 20 == 0;
    const unsigned shared = static_cast<unsigned>(rng_() % (1u << cfg.w_bit));
    cfg.codes.assign(cfg.k, 0);
    for (int i = 0; i < cfg.k; ++i) {
      cfg.codes[i] = constant ? shared : static_cast<unsigned>(rng_() % (1u << cfg.w_bit));
    }
    cfg.table = precompute_table(xs, cfg.lut);
    cfg.plane = 0;
  }

  Step drive(int c, bool rst) {
    Config& cfg = configs_[c];
    const int in_w = cfg.integer ? 8 : 16;
    Step s;
    s.valid = !rst && rng_() % 10 != 0;
    if (s.valid) {
      if (!cfg.in_dot) {
        cfg.in_dot = true;
        cfg.groups_left = 1 + static_cast<int>(rng_() % 4);
        new_group(cfg);
        s.first = true;
      } else if (cfg.plane == cfg.w_bit) {
        new_group(cfg);
      }
      s.plane = cfg.plane;
      s.table = cfg.table;
      for (int i = 0; i < cfg.k; ++i) s.idx |= ((cfg.codes[i] >> cfg.plane) & 1u) << i;
      ++cfg.plane;
      if (cfg.plane == cfg.w_bit && --cfg.groups_left == 0) {
        s.last = true;
        cfg.in_dot = false;
      }
      for (int i = 0; i < cfg.k; ++i) set_bits(dut_->in_x, c * x_slot_ + i * in_w, in_w, cfg.x[i]);
      set_bits(dut_->in_idx, c * idx_slot_, cfg.k, s.idx);
    } else {
      for (int i = 0; i < cfg.k; ++i) set_bits(dut_->in_x, c * x_slot_ + i * in_w, in_w, rng_());
      set_bits(dut_->in_idx, c * idx_slot_, cfg.k, rng_());
    }
    set_bits(dut_->in_valid, c, 1, s.valid);
    set_bits(dut_->in_first, c, 1, s.valid ? s.first : rng_() & 1u);
    set_bits(dut_->in_last, c, 1, s.valid ? s.last : rng_() & 1u);
    return s;
  }

  void compare(int c) {
    Config& cfg = configs_[c];
    const int acc_w = cfg.integer ? 32 : 16;
    const auto got = static_cast<std::uint32_t>(get_bits(dut_->out_acc, c * acc_slot_, acc_w));
    const bool got_valid = get_bits(dut_->out_valid, c, 1) != 0;
    if (!cfg.integer) cfg.coverage.count(static_cast<std::uint16_t>(cfg.acc));
    cfg.board.check(dut_.cycles(), "out_valid", got_valid, cfg.out_valid);
    cfg.board.check(dut_.cycles(), "accumulator", got, cfg.acc);
    print_reports(cfg.board.take_reports());
  }

  std::mt19937_64 rng_;
  VerilatedDut<Vadd_bitserial_unit_tb> dut_;
  int ncfg_ = 0, x_slot_ = 0, idx_slot_ = 0, acc_slot_ = 0;
  std::vector<Config> configs_;
  std::vector<std::deque<Step>> in_flight_;  // per configuration: driven, not yet accumulated
};

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim::rtl_bench;
  const auto args =
      parse_bench_args(argc, argv, "add_bitserial_unit_bench [--vectors N] [--seed S]");
  if (!args) return 2;
  Bench bench(args->seed);
  while (!bench.done(args->vectors)) bench.cycle();
  return finish("add_bitserial_unit_bench", bench.report());
}
