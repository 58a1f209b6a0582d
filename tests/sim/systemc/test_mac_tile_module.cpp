// The MAC baseline's tile (mac_dot_unit, mac_array) as a SystemC block: the
// plain core on hand-computed cases, the block in lockstep with the Verilated
// RTL (mac_dot_unit_tb.sv and mac_array_tb.sv, every configuration they hold)
// and under random FIFO stalls, every value from core's MAC golden numerics.
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "Vmac_array_tb.h"
#include "Vmac_dot_unit_tb.h"
#include "sim/reference/mac_reference.hpp"
#include "sim/reference/mac_stimulus.hpp"
#include "sim/reference/scoreboard.hpp"
#include "sim/reference/tile_pipeline.hpp"
#include "sim/systemc/mac_tile_module.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/rtl/mac_ports.hpp"
#include "tests/sim/systemc/dot_stall_bench.hpp"
#include "tests/sim/systemc/lockstep_lanes.hpp"
#include "tests/sim/systemc/lockstep_timing.hpp"
#include "tests/sim/systemc/tile_lanes.hpp"

using namespace lutsim;
using cycle_ref::MacOperandsIn;
using rtl_bench::MacSlot;
using systemc::MacTileConfig;
using systemc::MacTileCore;

namespace {

MacTileConfig mac_config(const MacSlot& slot) {
  return {.m = slot.m,
          .n = slot.n,
          .k = slot.k,
          .format = slot.integer ? DataType::kInt8 : DataType::kFp16,
          .pipe_stages = slot.pipe_stages};
}

// One vector of a 1 x N tile: row operands a, one operand vector per column.
MacOperandsIn mac_vector(std::vector<std::uint32_t> a, std::vector<std::vector<std::uint32_t>> b,
                         bool first, bool last) {
  return {.valid = true, .first = first, .last = last, .a = {std::move(a)}, .b = std::move(b)};
}

}  // namespace

TEST_CASE("MAC tile core: a hand-computed K=4 FP16 dot product in the tree's order", "[systemc]") {
  MacTileCore core({.k = 4});
  // Products 2048, 1, 1, 1: the tree adds (2048 + 1) -> 2048 (tie to even)
  // and (1 + 1) = 2, then 2048 + 2 = 2050 (0x6801); a left-to-right sum would
  // stay at 2048.
  const std::vector<std::uint32_t> ones{0x3C00, 0x3C00, 0x3C00, 0x3C00};
  core.clock(false, mac_vector({0x6800, 0x3C00, 0x3C00, 0x3C00}, {ones}, true, false));
  CHECK(core.acc() == std::vector<std::uint32_t>{0x6801});
  CHECK_FALSE(core.out_valid());
  // acc 2050 + (0.5 x 4 = 2): 2052 (0x6802), the dot product's last vector.
  core.clock(false, mac_vector({0x3800, 0x3800, 0x3800, 0x3800}, {ones}, false, true));
  CHECK(core.acc() == std::vector<std::uint32_t>{0x6802});
  CHECK(core.out_valid());
  CHECK(core.actions().vectors == 2);
  CHECK(core.actions().multiplies == 8);
  CHECK(core.actions().tree_adds == 6);
  CHECK(core.actions().accumulator_writes == 2);
  CHECK(core.actions().results == 1);
}

TEST_CASE("MAC tile core: a hand-computed 1 x 2 INT8 tile, extremes included", "[systemc]") {
  MacTileCore core({.n = 2, .k = 3, .format = DataType::kInt8});
  // Column 0: (-128)(-128) * 2 + 127 * 127 = 48897; column 1: -128 - 256 - 127 = -511.
  core.clock(false,
             mac_vector({0x80, 0x80, 0x7F}, {{0x80, 0x80, 0x7F}, {0x01, 0x02, 0xFF}}, true, true));
  CHECK(core.acc() == std::vector<std::uint32_t>{48897u, 0xFFFFFE01u});
  CHECK(core.out_valid());
  // A bubble keeps the accumulators and lowers out_valid.
  core.clock(false, MacOperandsIn{});
  CHECK(core.acc() == std::vector<std::uint32_t>{48897u, 0xFFFFFE01u});
  CHECK_FALSE(core.out_valid());
  CHECK(core.actions().multiplies == 6);
  CHECK(core.actions().tree_adds == 4);
  CHECK(core.actions().accumulator_writes == 2);
}

TEST_CASE("MAC tile core: one vector a cycle, each result 1 + PIPE_STAGES edges after in_last",
          "[systemc]") {
  for (int stages = 0; stages <= 2; ++stages) {
    INFO("PIPE_STAGES " << stages);
    MacTileCore core({.k = 2, .pipe_stages = stages});
    // Dot products of one vector each, back to back: x * 1.0 + 1.0 * 1.0 for x = 1, 2, ..
    for (int edge = 0; edge < 8; ++edge) {
      const auto x = static_cast<std::uint32_t>(0x3C00 + (edge << 10));  // 2^edge
      core.clock(false, mac_vector({x, 0x3C00}, {{0x3C00, 0x3C00}}, true, true));
      REQUIRE(core.out_valid() == (edge >= stages));
      if (edge < stages) {
        CHECK(core.acc() == std::vector<std::uint32_t>{0});
        continue;
      }
      const int input = edge - stages;  // 2^input + 1
      const std::vector<std::uint32_t> want{
          input == 0 ? 0x4000u
                     : static_cast<std::uint32_t>(0x3C00 + (input << 10) + (1 << (10 - input)))};
      CHECK(core.acc() == want);
    }
    CHECK(core.config().depth_cycles() == 1 + stages);
    CHECK(core.actions().results == static_cast<std::uint64_t>(8 - stages));
  }
}

TEST_CASE("MAC tile core: a reset flushes the vectors in flight", "[systemc]") {
  MacTileCore core({.k = 1, .pipe_stages = 2});
  const MacOperandsIn one = mac_vector({0x3C00}, {{0x3C00}}, true, true);
  core.clock(false, one);
  core.clock(false, one);
  core.clock(true, one);  // accepts nothing; the two vectors in flight are dropped
  for (int edge = 0; edge < 4; ++edge) {
    CHECK_FALSE(core.out_valid());
    CHECK(core.acc() == std::vector<std::uint32_t>{0});
    core.clock(false, MacOperandsIn{});
  }
  CHECK(core.actions().vectors == 2);
  CHECK(core.actions().accumulator_writes == 0);
  CHECK(core.actions().results == 0);
}

TEST_CASE("MAC tile core: refuses what has no RTL, naming the value", "[systemc]") {
  using Catch::Matchers::Contains;
  const auto make = [](MacTileConfig config) { MacTileCore core(config); };
  CHECK_THROWS_WITH(make({.k = 0}), Contains("k 0"));
  CHECK_THROWS_WITH(make({.k = 17}), Contains("k 17"));
  CHECK_THROWS_WITH(make({.m = 0}), Contains("m 0"));
  CHECK_THROWS_WITH(make({.n = 0}), Contains("n 0"));
  CHECK_THROWS_WITH(make({.format = DataType::kFp8E4M3}), Contains("fp8_e4m3"));
  CHECK_THROWS_WITH(make({.pipe_stages = 3}), Contains("pipe_stages 3"));
  CHECK_THROWS_WITH(make({.pipe_stages = -1}), Contains("pipe_stages -1"));
  CHECK_THROWS_WITH(make({.m = 2, .n = 64, .pipe_stages = 1}), Contains("pipe_stages 1"));
  CHECK_THROWS_AS(make({.k = 17}), std::invalid_argument);
  MacTileCore core({.k = 4});
  CHECK_THROWS_AS(core.clock(false, mac_vector({0, 0, 0}, {{0, 0, 0, 0}}, true, true)),
                  std::invalid_argument);
  CHECK_NOTHROW(make({.m = 8, .n = 16, .k = 16, .format = DataType::kInt8}));
  CHECK_NOTHROW(make({.k = 1, .pipe_stages = 2}));
}

namespace {

// One configuration of a wrapper: a MacTileModule between an operand FIFO and
// a result FIFO, with its own stimulus.
struct MacLane {
  MacLane(const std::string& name, const MacSlot& slot_, std::uint64_t seed, int result_depth,
          test::BenchBase& bench)
      : slot(slot_),
        stimulus(slot_.m, slot_.n, slot_.k, slot_.integer, seed),
        beats((name + "_beats").c_str(), 2),
        results((name + "_results").c_str(), result_depth),
        unit(name.c_str(), mac_config(slot_)) {
    unit.clk(bench.clk);
    unit.rst(bench.rst);
    unit.in(beats);
    unit.out(results);
  }

  std::string name() const { return mac_config(slot).name(); }

  MacSlot slot;
  cycle_ref::MacStimulus stimulus;
  sc_core::sc_fifo<systemc::MacBeat> beats;
  sc_core::sc_fifo<systemc::TileResult> results;
  systemc::MacTileModule unit;
};

template <class Lane>
std::vector<std::unique_ptr<Lane>> mac_lanes(const std::vector<MacSlot>& slots, std::uint64_t seed,
                                             int result_depth, test::BenchBase& bench) {
  std::vector<std::unique_ptr<Lane>> lanes;
  for (std::size_t c = 0; c < slots.size(); ++c) {
    lanes.push_back(std::make_unique<Lane>("mac" + std::to_string(c), slots[c], seed * 1000003u + c,
                                           result_depth, bench));
  }
  return lanes;
}

// The golden register model of the RTL (as the Verilator bench has it): the
// vector accepted PIPE_STAGES edges ago reaches MacReference's accumulators;
// a reset clears them and flushes the vectors in flight.
class MacGolden {
 public:
  explicit MacGolden(const MacSlot& slot)
      : flight_(slot.pipe_stages, MacOperandsIn{}), reference_(slot.m, slot.n, slot.integer) {}

  void clock(bool reset, const MacOperandsIn& in) {
    if (reset) flight_.fill(MacOperandsIn{});
    reference_.clock(reset, reset ? MacOperandsIn{} : flight_.shift(in));
  }
  const cycle_ref::MacReference& reference() const { return reference_; }

 private:
  cycle_ref::DelayLine<MacOperandsIn> flight_;
  cycle_ref::MacReference reference_;
};

// A lane in lockstep with its slot of the Verilated wrapper.
struct MacLockstepLane : MacLane, test::LockstepRecord<MacOperandsIn> {
  MacLockstepLane(const std::string& name, const MacSlot& slot_, std::uint64_t seed,
                  int result_depth, test::BenchBase& bench)
      : MacLane(name, slot_, seed, result_depth, bench),
        test::LockstepRecord<MacOperandsIn>(slot_.name()),
        golden(slot_) {}

  MacGolden golden;
};

constexpr double kMacBubble = 0.1;  // cycles the source presents nothing
constexpr double kMacReset = 1e-3;  // a synchronous reset mid-stream

void check_cycle(MacLockstepLane& lane, std::uint64_t cycle, bool rtl_valid,
                 const std::vector<std::uint32_t>& rtl_acc) {
  const cycle_ref::MacReference& want = lane.golden.reference();
  const MacTileCore& core = lane.unit.core();
  lane.systemc_board.check(cycle, "out_valid", core.out_valid(), want.out_valid());
  lane.rtl_board.check(cycle, "out_valid", rtl_valid, want.out_valid());
  for (std::size_t i = 0; i < want.acc().size(); ++i) {
    const auto describe = [i] { return "accumulator " + std::to_string(i); };
    lane.systemc_board.check(cycle, core.acc()[i], want.acc()[i], describe);
    lane.rtl_board.check(cycle, rtl_acc[i], want.acc()[i], describe);
  }
}

template <class Model>
void check_mac_lockstep(std::uint64_t min_vectors, std::uint64_t seed) {
  rtl_bench::VerilatedDut<Model> rtl(seed, true);
  const rtl_bench::MacLayout layout = rtl_bench::read_mac_layout(*rtl);
  const std::vector<MacSlot> slots = rtl_bench::read_mac_slots(*rtl);
  REQUIRE(slots.size() == static_cast<std::size_t>(layout.configs));
  test::BenchBase bench(seed);
  auto lanes = mac_lanes<MacLockstepLane>(slots, seed, 2, bench);
  std::uint64_t source_cycles = 0;
  test::ClockedProcess source("source", bench.clk, true, [&] {
    const bool reset = source_cycles++ < 2 || bench.chance(kMacReset);
    bench.rst.write(reset);
    for (auto& lane : lanes) {
      if (!bench.chance(kMacBubble)) {
        lane->sent.push_back(lane->stimulus.next());
        REQUIRE(lane->beats.nb_write({lane->sent.back()}));
      }
      if (reset) lane->stimulus.restart();  // the reset flushes this cycle's beat
    }
  });
  std::vector<std::uint32_t> rtl_acc;
  test::ClockedProcess monitor("monitor", bench.clk, false, [&] {
    std::vector<MacOperandsIn> sampled;
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      sampled.push_back(test::take_sampled<MacOperandsIn>(*lanes[c]));
      rtl_bench::drive_mac_slot(*rtl, layout, static_cast<int>(c), slots[c], sampled.back(),
                                lanes[c]->stimulus.rng());
    }
    const bool reset = lanes.front()->unit.last_edge().reset;
    rtl->rst = reset;
    rtl.rise();
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      MacLockstepLane& lane = *lanes[c];
      const std::uint64_t cycle = lane.unit.last_edge().cycle;
      lane.golden.clock(reset, sampled[c]);
      const bool rtl_valid =
          rtl_bench::read_mac_slot(*rtl, layout, static_cast<int>(c), slots[c], rtl_acc);
      check_cycle(lane, cycle, rtl_valid, rtl_acc);
      test::record_edge(lane, cycle, sampled[c].valid, sampled[c].last, reset, rtl_valid);
    }
    rtl.fall();
  });
  test::finish_lockstep(lanes, min_vectors,
                        [](const auto& lane) { return mac_config(lane.slot).depth_cycles(); });
}

}  // namespace

TEST_CASE("SystemC mac_dot_unit: cycle- and bit-exact with the RTL for every configuration",
          "[systemc]") {
  check_mac_lockstep<Vmac_dot_unit_tb>(5000, 41);
}

TEST_CASE("SystemC mac_array: cycle- and bit-exact with the RTL for every shape", "[systemc]") {
  check_mac_lockstep<Vmac_array_tb>(3000, 42);
}

namespace {

// A lane under random stalls: each dot product's accumulators due when its
// last vector is accepted, from MacReference fed the vectors in order.
struct MacStallLane : MacLane {
  MacStallLane(const std::string& name, const MacSlot& slot_, std::uint64_t seed, int result_depth,
               test::BenchBase& bench)
      : MacLane(name, slot_, seed, result_depth, bench),
        sequence(slot_.m, slot_.n, slot_.integer) {}

  test::DueBeat<systemc::MacBeat> next() {
    MacOperandsIn in = stimulus.next();
    sequence.clock(false, in);
    test::DueBeat<systemc::MacBeat> beat{.beat = {std::move(in)}, .result_due = std::nullopt};
    if (beat.beat.in.last) beat.result_due = sequence.acc();
    return beat;
  }

  cycle_ref::MacReference sequence;
};

template <class Model>
std::vector<MacSlot> rtl_mac_slots() {
  rtl_bench::VerilatedDut<Model> dut;
  return rtl_bench::read_mac_slots(*dut);
}

}  // namespace

TEST_CASE("SystemC MAC tiles under random FIFO stalls lose and duplicate no result", "[systemc]") {
  std::vector<MacSlot> slots = rtl_mac_slots<Vmac_dot_unit_tb>();
  for (const MacSlot& s : rtl_mac_slots<Vmac_array_tb>()) slots.push_back(s);
  test::BenchBase bench(43);
  auto lanes = mac_lanes<MacStallLane>(slots, 43, 1, bench);
  test::check_results_under_stalls<systemc::MacBeat>(lanes, bench, 2000);
}
