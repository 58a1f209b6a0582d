// The ADD baseline's bit-serial unit (add_bitserial_unit, add_bitserial_unit_pipe)
// as a SystemC block: the plain core on hand-computed cases, the block in
// lockstep with the Verilated RTL (add_bitserial_unit_tb.sv, every
// configuration it holds) and under random FIFO stalls, every value from
// core's precompute_table and lut_mpgemm's canonical accumulation.
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "Vadd_bitserial_unit_tb.h"
#include "sim/reference/add_bitserial_stimulus.hpp"
#include "sim/reference/scoreboard.hpp"
#include "sim/systemc/add_bitserial_module.hpp"
#include "tests/rtl/add_bitserial_ports.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/sim/systemc/dot_stall_bench.hpp"
#include "tests/sim/systemc/lockstep_lanes.hpp"
#include "tests/sim/systemc/lockstep_timing.hpp"
#include "tests/sim/systemc/tile_lanes.hpp"

using namespace lutsim;
using cycle_ref::AddBitserialIn;
using cycle_ref::AddBitserialStep;
using rtl_bench::AddBitserialSlot;
using systemc::AddBitserialConfig;
using systemc::AddBitserialCore;

namespace {

AddBitserialConfig add_config(const AddBitserialSlot& slot) {
  return {.shape = slot.shape, .pipe_stages = slot.pipe_stages};
}

AddBitserialIn add_index(std::vector<std::uint32_t> x, unsigned idx, bool first, bool last) {
  return {.valid = true, .first = first, .last = last, .x = std::move(x), .idx = idx};
}

}  // namespace

TEST_CASE("ADD bit-serial core: a hand-computed K=2 W=2 FP16 symmetric dot product", "[systemc]") {
  AddBitserialCore core({.shape = {.k = 2, .w_bit = 2}});
  // x = {1, 2}; plane 0, idx 0b01: +1 - 2 = -1; plane 1, idx 0b11: (1 + 2) * 2 = 6; acc 5.
  core.clock(false, add_index({0x3C00, 0x4000}, 0b01, true, false));
  CHECK(core.acc() == 0xBC00);
  CHECK_FALSE(core.out_valid());
  core.clock(false, add_index({0x3C00, 0x4000}, 0b11, false, true));
  CHECK(core.acc() == 0x4500);
  CHECK(core.out_valid());
  CHECK(core.actions().indices == 2);
  CHECK(core.actions().chain_additions == 2);
  CHECK(core.actions().accumulations == 2);
  CHECK(core.actions().results == 1);
}

TEST_CASE("ADD bit-serial core: hand-computed K=3 INT8 unsigned planes, extremes included",
          "[systemc]") {
  AddBitserialCore core({.shape = {.k = 3, .w_bit = 1, .integer = true, .symmetric = false}});
  // x = {-128, 127, 5}: idx 0b101 takes -128 + 5 = -123; the next dot product
  // (in_first) idx 0b010 takes 127 alone; a bubble keeps it.
  core.clock(false, add_index({0x80, 0x7F, 0x05}, 0b101, true, true));
  CHECK(core.acc() == 0xFFFFFF85u);
  core.clock(false, add_index({0x80, 0x7F, 0x05}, 0b010, true, true));
  CHECK(core.acc() == 127u);
  core.clock(false, AddBitserialIn{});
  CHECK(core.acc() == 127u);
  CHECK_FALSE(core.out_valid());
}

TEST_CASE("ADD bit-serial core: the planes run 0 .. W_BIT-1 and restart for the next group",
          "[systemc]") {
  AddBitserialCore core({.shape = {.k = 2, .w_bit = 3, .symmetric = false}});
  // x = {1, 1}, every bit set: T = 2 on each plane j, 2 * 2^j; two groups of
  // planes 0, 1, 2: 2 * (1 + 2 + 4) * 2 = 28 (0x4F00); planes counting on
  // into the second group (3, 4, 5) would give 126.
  for (int i = 0; i < 6; ++i) core.clock(false, add_index({0x3C00, 0x3C00}, 0b11, i == 0, i == 5));
  CHECK(core.acc() == 0x4F00);
  CHECK(core.out_valid());
}

TEST_CASE("ADD bit-serial core: one index a cycle, each result 1 + PIPE_STAGES edges after in_last",
          "[systemc]") {
  for (int stages = 0; stages <= 3; ++stages) {
    INFO("PIPE_STAGES " << stages);
    AddBitserialCore core({.shape = {.k = 4, .w_bit = 1}, .pipe_stages = stages});
    // Dot products of one index each, back to back: x = {1, 1, 1, 2^edge}, all
    // digits +1: 3 + 2^edge.
    for (int edge = 0; edge < 8; ++edge) {
      const auto x3 = static_cast<std::uint32_t>(0x3C00 + (edge << 10));
      core.clock(false, add_index({0x3C00, 0x3C00, 0x3C00, x3}, 0b1111, true, true));
      REQUIRE(core.out_valid() == (edge >= stages));
      if (edge < stages) {
        CHECK(core.acc() == 0u);
        continue;
      }
      const int input = edge - stages;
      CHECK(cycle_ref::fp16_value(core.acc()) == 3.0 + static_cast<double>(1 << input));
    }
    CHECK(core.config().depth_cycles() == 1 + stages);
    CHECK(core.actions().results == static_cast<std::uint64_t>(8 - stages));
  }
}

TEST_CASE("ADD bit-serial core: a reset flushes the indices in flight and the plane counter",
          "[systemc]") {
  AddBitserialCore core({.shape = {.k = 4, .w_bit = 2}, .pipe_stages = 3});
  const AddBitserialIn one = add_index({0x3C00, 0x3C00, 0x3C00, 0x3C00}, 0b1111, true, true);
  core.clock(false, one);
  core.clock(false, one);
  core.clock(true, one);  // accepts nothing; the two indices in flight are dropped
  for (int edge = 0; edge < 5; ++edge) {
    CHECK_FALSE(core.out_valid());
    CHECK(core.acc() == 0u);
    core.clock(false, AddBitserialIn{});
  }
  CHECK(core.actions().indices == 2);
  CHECK(core.actions().accumulations == 0);
  // After the reset an index without in_first is plane 0 onto +0: 4.
  core.clock(false, add_index({0x3C00, 0x3C00, 0x3C00, 0x3C00}, 0b1111, false, true));
  for (int edge = 0; edge < 3; ++edge) core.clock(false, AddBitserialIn{});
  CHECK(core.out_valid());
  CHECK(core.acc() == 0x4400);
}

TEST_CASE("ADD bit-serial core: refuses what has no RTL, naming the value", "[systemc]") {
  using Catch::Matchers::Contains;
  const auto make = [](AddBitserialConfig config) { AddBitserialCore core(config); };
  CHECK_THROWS_WITH(make({.shape = {.k = 1}}), Contains("k 1"));
  CHECK_THROWS_WITH(make({.shape = {.k = 7}}), Contains("k 7"));
  CHECK_THROWS_WITH(make({.shape = {.w_bit = 0}}), Contains("w_bit 0"));
  CHECK_THROWS_WITH(make({.shape = {.w_bit = 9}}), Contains("w_bit 9"));
  CHECK_THROWS_WITH(make({.shape = {}, .pipe_stages = -1}), Contains("pipe_stages -1"));
  CHECK_THROWS_WITH(make({.shape = {.k = 4}, .pipe_stages = 4}), Contains("pipe_stages 4"));
  CHECK_THROWS_AS(make({.shape = {.k = 7}}), std::invalid_argument);
  AddBitserialCore core({.shape = {.k = 4}});
  CHECK_THROWS_AS(core.clock(false, add_index({0, 0, 0}, 0, true, true)), std::invalid_argument);
  CHECK_THROWS_AS(core.clock(false, add_index({0, 0, 0, 0}, 0x10, true, true)),
                  std::invalid_argument);
  CHECK_NOTHROW(make({.shape = {.k = 6, .w_bit = 8}, .pipe_stages = 5}));
  CHECK_NOTHROW(make({.shape = {.k = 2, .w_bit = 1, .integer = true}}));
}

namespace {

// One configuration of the wrapper: an AddBitserialModule between an index
// FIFO and a result FIFO, with its own stimulus.
struct AddLane {
  AddLane(const std::string& name, const AddBitserialSlot& slot_, std::uint64_t seed,
          int result_depth, test::BenchBase& bench)
      : slot(slot_),
        stimulus(slot_.shape, seed),
        beats((name + "_beats").c_str(), 2),
        results((name + "_results").c_str(), result_depth),
        unit(name.c_str(), add_config(slot_)) {
    unit.clk(bench.clk);
    unit.rst(bench.rst);
    unit.in(beats);
    unit.out(results);
  }

  std::string name() const { return slot.name(); }

  AddBitserialSlot slot;
  cycle_ref::AddBitserialStimulus stimulus;
  sc_core::sc_fifo<systemc::AddBitserialBeat> beats;
  sc_core::sc_fifo<systemc::TileResult> results;
  systemc::AddBitserialModule unit;
};

template <class Lane>
std::vector<std::unique_ptr<Lane>> add_lanes(const std::vector<AddBitserialSlot>& slots,
                                             std::uint64_t seed, int result_depth,
                                             test::BenchBase& bench) {
  std::vector<std::unique_ptr<Lane>> lanes;
  for (std::size_t c = 0; c < slots.size(); ++c) {
    lanes.push_back(std::make_unique<Lane>("add" + std::to_string(c), slots[c], seed * 1000003u + c,
                                           result_depth, bench));
  }
  return lanes;
}

// A lane in lockstep with its slot of the Verilated wrapper; the golden model
// takes the stream's own planes and tables.
struct AddLockstepLane : AddLane, test::LockstepRecord<AddBitserialStep> {
  AddLockstepLane(const std::string& name, const AddBitserialSlot& slot_, std::uint64_t seed,
                  int result_depth, test::BenchBase& bench)
      : AddLane(name, slot_, seed, result_depth, bench),
        test::LockstepRecord<AddBitserialStep>(slot_.name()),
        golden(slot_.shape, slot_.pipe_stages) {}

  cycle_ref::AddBitserialGolden golden;
};

constexpr double kAddBubble = 0.1;  // cycles the source presents nothing
constexpr double kAddReset = 1e-3;  // a synchronous reset mid-stream

void check_add_cycle(AddLockstepLane& lane, std::uint64_t cycle, bool rtl_valid,
                     std::uint32_t rtl_acc) {
  const AddBitserialCore& core = lane.unit.core();
  lane.systemc_board.check(cycle, "out_valid", core.out_valid(), lane.golden.out_valid());
  lane.rtl_board.check(cycle, "out_valid", rtl_valid, lane.golden.out_valid());
  lane.systemc_board.check(cycle, "accumulator", core.acc(), lane.golden.acc());
  lane.rtl_board.check(cycle, "accumulator", rtl_acc, lane.golden.acc());
}

void check_add_lockstep(std::uint64_t min_vectors, std::uint64_t seed) {
  rtl_bench::VerilatedDut<Vadd_bitserial_unit_tb> rtl(seed, true);
  const rtl_bench::AddBitserialLayout layout = rtl_bench::read_add_layout(*rtl);
  const std::vector<AddBitserialSlot> slots = rtl_bench::read_add_slots(*rtl);
  REQUIRE(slots.size() == static_cast<std::size_t>(layout.configs));
  test::BenchBase bench(seed);
  auto lanes = add_lanes<AddLockstepLane>(slots, seed, 2, bench);
  std::uint64_t source_cycles = 0;
  test::ClockedProcess source("source", bench.clk, true, [&] {
    const bool reset = source_cycles++ < 2 || bench.chance(kAddReset);
    bench.rst.write(reset);
    for (auto& lane : lanes) {
      if (!bench.chance(kAddBubble)) {
        lane->sent.push_back(lane->stimulus.next());
        REQUIRE(lane->beats.nb_write({lane->sent.back().in}));
      }
      if (reset) lane->stimulus.restart();  // the reset flushes this cycle's beat
    }
  });
  test::ClockedProcess monitor("monitor", bench.clk, false, [&] {
    std::vector<AddBitserialStep> sampled;
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      sampled.push_back(test::take_sampled<AddBitserialStep>(*lanes[c]));
      rtl_bench::drive_add_slot(*rtl, layout, static_cast<int>(c), slots[c], sampled.back().in,
                                lanes[c]->stimulus.rng());
    }
    const bool reset = lanes.front()->unit.last_edge().reset;
    rtl->rst = reset;
    rtl.rise();
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      AddLockstepLane& lane = *lanes[c];
      const std::uint64_t cycle = lane.unit.last_edge().cycle;
      lane.golden.clock(reset, sampled[c]);
      std::uint32_t rtl_acc = 0;
      const bool rtl_valid =
          rtl_bench::read_add_slot(*rtl, layout, static_cast<int>(c), slots[c], rtl_acc);
      check_add_cycle(lane, cycle, rtl_valid, rtl_acc);
      test::record_edge(lane, cycle, sampled[c].in.valid, sampled[c].in.last, reset, rtl_valid);
    }
    rtl.fall();
  });
  test::finish_lockstep(lanes, min_vectors,
                        [](const auto& lane) { return add_config(lane.slot).depth_cycles(); });
}

}  // namespace

TEST_CASE("SystemC add_bitserial_unit: cycle- and bit-exact with the RTL for every configuration",
          "[systemc]") {
  check_add_lockstep(5000, 51);
}

namespace {

// A lane under random stalls: each dot product's accumulator due when its
// last index is accepted, from the golden model fed the indices in order.
struct AddStallLane : AddLane {
  AddStallLane(const std::string& name, const AddBitserialSlot& slot_, std::uint64_t seed,
               int result_depth, test::BenchBase& bench)
      : AddLane(name, slot_, seed, result_depth, bench), sequence(slot_.shape, 0) {}

  test::DueBeat<systemc::AddBitserialBeat> next() {
    AddBitserialStep step = stimulus.next();
    sequence.clock(false, step);
    test::DueBeat<systemc::AddBitserialBeat> beat{.beat = {std::move(step.in)},
                                                  .result_due = std::nullopt};
    if (beat.beat.in.last) beat.result_due = std::vector<std::uint32_t>{sequence.acc()};
    return beat;
  }

  cycle_ref::AddBitserialGolden sequence;
};

}  // namespace

TEST_CASE("SystemC ADD bit-serial units under random FIFO stalls lose and duplicate no result",
          "[systemc]") {
  rtl_bench::VerilatedDut<Vadd_bitserial_unit_tb> rtl;
  const std::vector<AddBitserialSlot> slots = rtl_bench::read_add_slots(*rtl);
  test::BenchBase bench(53);
  auto lanes = add_lanes<AddStallLane>(slots, 53, 1, bench);
  test::check_results_under_stalls<systemc::AddBitserialBeat>(lanes, bench, 2000);
}
