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
// reset drops the indices in flight. Each configuration (read from the
// wrapper, tests/rtl/add_bitserial_ports.hpp) gets the stream of
// cycle_ref::AddBitserialStimulus (sim/reference/add_bitserial_stimulus.hpp,
// shared with the SystemC tests): dot products of 1..4 groups x W_BIT planes;
// per group K activations (FP16: normal at random scales, any encoding,
// subnormals, cancellation, specials, huge; INT8: uniform, extremes, small)
// and K random weight codes (5% constant codes). 10% bubbles and synchronous
// resets (1 in 1000 cycles; the dot product in flight is dropped) with junk
// on the ignored inputs. Golden (cycle_ref::AddBitserialGolden) per accepted
// index idx_j: acc <- fp16_round(acc + 2^j * T[idx_j]) (INT32: exact,
// wrapping), T = precompute_table of the group in the full table form
// (kSymmetricFull / kUnsignedFull), acc restarting from +0 on in_first;
// out_valid must be the in_last-plus-one-cycle pulse. A vector is one
// accepted index; every configuration runs until it has accepted N (default
// 100000). Exit status 0 only if everything matched.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "Vadd_bitserial_unit_tb.h"
#include "sim/reference/add_bitserial_stimulus.hpp"
#include "sim/reference/scoreboard.hpp"
#include "tests/rtl/add_bitserial_ports.hpp"
#include "tests/rtl/bench_harness.hpp"

namespace lutsim::rtl_bench {
namespace {

using cycle_ref::AddBitserialStep;

struct Config {
  Config(const AddBitserialSlot& slot_, std::uint64_t seed)
      : slot(slot_),
        stimulus(slot_.shape, seed),
        golden(slot_.shape, slot_.pipe_stages),
        board(slot_.name()) {}
  AddBitserialSlot slot;
  cycle_ref::AddBitserialStimulus stimulus;
  // The golden register model: an index reaches the accumulator PIPE_STAGES
  // clocks after it is driven; a reset drops the indices in flight.
  cycle_ref::AddBitserialGolden golden;
  std::uint64_t vectors = 0, results = 0;
  cycle_ref::Scoreboard board;
  cycle_ref::Fp16Coverage coverage;  // of the expected accumulators
};

class Bench {
 public:
  explicit Bench(std::uint64_t seed) : rng_(seed), layout_(read_add_layout(*dut_)) {
    const std::vector<AddBitserialSlot> slots = read_add_slots(*dut_);
    for (std::size_t c = 0; c < slots.size(); ++c)
      configs_.emplace_back(slots[c], seed * 1000003u + c);
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
    std::vector<AddBitserialStep> steps(configs_.size());
    for (std::size_t c = 0; c < configs_.size(); ++c) steps[c] = drive(c, rst);
    dut_.tick();
    for (std::size_t c = 0; c < configs_.size(); ++c) {
      Config& cfg = configs_[c];
      cfg.golden.clock(rst, steps[c]);
      if (rst) {
        cfg.stimulus.restart();  // drop the dot product in flight
      } else if (steps[c].in.valid) {
        ++cfg.vectors;
        cfg.results += steps[c].in.last;
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
      if (!c.slot.shape.integer) std::printf(" (acc values: %s)", c.coverage.text().c_str());
      std::printf("\n");
      bad += c.board.mismatches();
    }
    return bad == 0;
  }

 private:
  // 10% bubbles; a reset cycle carries junk too.
  AddBitserialStep drive(std::size_t c, bool rst) {
    Config& cfg = configs_[c];
    const AddBitserialStep s = !rst && rng_() % 10 != 0 ? cfg.stimulus.next() : AddBitserialStep{};
    drive_add_slot(*dut_, layout_, static_cast<int>(c), cfg.slot, s.in, rng_);
    return s;
  }

  void compare(std::size_t c) {
    Config& cfg = configs_[c];
    std::uint32_t got = 0;
    const bool got_valid = read_add_slot(*dut_, layout_, static_cast<int>(c), cfg.slot, got);
    if (!cfg.slot.shape.integer) cfg.coverage.count(static_cast<std::uint16_t>(cfg.golden.acc()));
    cfg.board.check(dut_.cycles(), "out_valid", got_valid, cfg.golden.out_valid());
    cfg.board.check(dut_.cycles(), "accumulator", got, cfg.golden.acc());
    print_reports(cfg.board.take_reports());
  }

  std::mt19937_64 rng_;
  VerilatedDut<Vadd_bitserial_unit_tb> dut_;
  AddBitserialLayout layout_;
  std::vector<Config> configs_;
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
