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
// configuration (read from the wrapper, tests/rtl/mac_ports.hpp) gets the
// stream of cycle_ref::MacStimulus (sim/reference/mac_stimulus.hpp, shared
// with the SystemC tests): dot products of 1..6 operand vectors (a third of
// them one vector long, so results come back to back every cycle), one
// MacOperands distribution per dot product for all rows and columns, 10% bubbles with junk on the
// ignored inputs, and random synchronous resets (1 in 1000 cycles, junk on all inputs). After every
// clock edge every accumulator and out_valid are compared with the golden register model (rst: 0;
// else out_valid = in_valid & in_last, and on in_valid acc[m][n] <- step(in_first ? +0 : acc[m][n],
// a_m, b_n)). A vector is one accepted cycle (M x N dot-product steps); every configuration runs
// until it has accepted N (default 100000). Exit status 0 only if everything matched.
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
#include "sim/reference/mac_reference.hpp"
#include "sim/reference/mac_stimulus.hpp"
#include "sim/reference/scoreboard.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/rtl/mac_ports.hpp"

namespace lutsim::rtl_bench {
namespace {

using Step = cycle_ref::MacOperandsIn;

struct Config {
  Config(std::string design_, const MacSlot& slot_, std::uint64_t seed)
      : design(std::move(design_)),
        slot(slot_),
        flight(static_cast<std::size_t>(slot_.pipe_stages)),
        stimulus(slot_.m, slot_.n, slot_.k, slot_.integer, seed),
        reference(slot_.m, slot_.n, slot_.integer),
        board(design + " " + slot_.name()) {}
  std::string design;
  MacSlot slot;
  std::deque<Step> flight;  // PIPE_STAGES vectors in flight, oldest first (their
                            // valid bits reset with the RTL's)
  cycle_ref::MacStimulus stimulus;
  cycle_ref::MacReference reference;
  // Counts.
  std::uint64_t vectors = 0, steps = 0, results = 0, back_to_back = 0, resets = 0;
  bool last_valid_out = false;
  cycle_ref::Scoreboard board;
  cycle_ref::Fp16Coverage coverage;  // of the expected accumulators

  // The step the accumulators see this clock: the one accepted PIPE_STAGES clocks ago.
  Step delayed(bool rst, const Step& now) {
    if (slot.pipe_stages == 0) return now;
    if (rst) {
      flight.assign(flight.size(), Step{});
      return Step{};
    }
    flight.push_back(now);
    Step out = std::move(flight.front());
    flight.pop_front();
    return out;
  }
};

template <class Model>
class Bench {
 public:
  Bench(const std::string& design, std::uint64_t seed)
      : rng_(seed), layout_(read_mac_layout(*dut_)) {
    const std::vector<MacSlot> slots = read_mac_slots(*dut_);
    for (std::size_t c = 0; c < slots.size(); ++c)
      configs_.emplace_back(design, slots[c], seed * 1000003u + c);
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
    for (std::size_t c = 0; c < configs_.size(); ++c) steps[c] = drive(c, rst);
    dut_.tick();
    for (std::size_t c = 0; c < configs_.size(); ++c) {
      Config& cfg = configs_[c];
      cfg.reference.clock(rst, cfg.delayed(rst, steps[c]));
      if (rst) {
        cfg.stimulus.restart();
        ++cfg.resets;
      } else if (steps[c].valid) {
        count(cfg, steps[c]);
      }
      compare(c);
    }
  }

  bool report() const {
    std::uint64_t bad = 0;
    for (const Config& c : configs_) {
      std::printf(
          "%s: %llu vectors, %llu dot steps, %llu results (%llu cycles with a result "
          "right after a result), %llu checks, %llu resets, %llu mismatches",
          c.board.name().c_str(), static_cast<unsigned long long>(c.vectors),
          static_cast<unsigned long long>(c.steps), static_cast<unsigned long long>(c.results),
          static_cast<unsigned long long>(c.back_to_back),
          static_cast<unsigned long long>(c.board.checks()),
          static_cast<unsigned long long>(c.resets),
          static_cast<unsigned long long>(c.board.mismatches()));
      if (!c.slot.integer) std::printf(" (acc values: %s)", c.coverage.text().c_str());
      std::printf("\n");
      bad += c.board.mismatches();
    }
    return bad == 0;
  }

 private:
  // 10% bubbles; a reset cycle carries junk too.
  Step drive(std::size_t c, bool rst) {
    Config& cfg = configs_[c];
    const Step s = !rst && rng_() % 10 != 0 ? cfg.stimulus.next() : Step{};
    drive_mac_slot(*dut_, layout_, static_cast<int>(c), cfg.slot, s, rng_);
    return s;
  }

  static void count(Config& cfg, const Step& s) {
    const auto units = static_cast<std::uint64_t>(cfg.slot.m * cfg.slot.n);
    ++cfg.vectors;
    cfg.steps += units;
    cfg.results += s.last ? units : 0u;
  }

  void compare(std::size_t c) {
    Config& cfg = configs_[c];
    const bool want_valid = cfg.reference.out_valid();
    const bool got_valid = read_mac_slot(*dut_, layout_, static_cast<int>(c), cfg.slot, got_);
    cfg.board.check(dut_.cycles(), "out_valid", got_valid, want_valid);
    cfg.back_to_back += (want_valid && cfg.last_valid_out) ? 1u : 0u;
    cfg.last_valid_out = want_valid;
    for (std::size_t i = 0; i < got_.size(); ++i) {
      const auto want = cfg.reference.acc()[i];
      if (!cfg.slot.integer) cfg.coverage.count(static_cast<std::uint16_t>(want));
      cfg.board.check(dut_.cycles(), got_[i], want,
                      [i] { return "accumulator (unit " + std::to_string(i) + ")"; });
    }
    print_reports(cfg.board.take_reports());
  }

  std::mt19937_64 rng_;
  VerilatedDut<Model> dut_;
  MacLayout layout_;
  std::vector<Config> configs_;
  std::vector<std::uint32_t> got_;
};

template <class Model>
bool run_bench(const std::string& design, const BenchArgs& args) {
  Bench<Model> bench(design, args.seed);
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
