// The table precompute unit as its own SystemC block: the plain core on
// hand-computed cases, the block in lockstep with the Verilated RTL
// (lut_table_precompute_tb.sv, every configuration it holds) and under random
// FIFO stalls, every table checked against core's precompute_table.
#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "Vlut_table_precompute_tb.h"
#include "core/lut/lut_table.hpp"
#include "sim/reference/precompute_stimulus.hpp"
#include "sim/reference/scoreboard.hpp"
#include "sim/reference/tile_shape.hpp"
#include "sim/systemc/table_precompute_module.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/rtl/table_precompute_ports.hpp"
#include "tests/sim/systemc/tile_lanes.hpp"

using namespace lutsim;
using lutsim::rtl_bench::PrecomputeSlot;
using systemc::ActivationVector;
using systemc::TablePrecomputeConfig;
using systemc::TablePrecomputeCore;

namespace {

TablePrecomputeConfig precompute_config(const PrecomputeSlot& slot) {
  return {.k = slot.k,
          .table_form = slot.form,
          .activation = slot.integer ? DataType::kInt8 : DataType::kFp16,
          .pipe_stages = slot.pipe_stages};
}

// The golden table of `x` as entry bits, straight from precompute_table (the
// encoding of a 1 x 1 tile of the same K and format, as the RTL bench uses).
std::vector<std::uint32_t> golden_table(const PrecomputeSlot& slot, const ActivationVector& x) {
  const cycle_ref::TileShape shape{.geometry = {.k = slot.k, .table_form = slot.form},
                                   .integer_tables = slot.integer};
  std::vector<double> values;
  for (const std::uint32_t bits : x) values.push_back(shape.activation_value(bits));
  const LutTable table = precompute_table(values, shape.golden_config(slot.form));
  std::vector<std::uint32_t> bits;
  for (const double entry : table.entries) bits.push_back(shape.entry_bits(entry));
  return bits;
}

// Directed vectors first (every K-tuple of the special values, or of the
// small set, where there are at most kDirectedLimit), then random ones.
class ActivationSource {
 public:
  ActivationSource(const PrecomputeSlot& slot, std::uint64_t seed) : slot_(slot), rng_(seed) {
    constexpr std::size_t kDirectedLimit = 2000;
    directed_ =
        cycle_ref::all_tuples(cycle_ref::special_activations(slot.integer), slot.k, kDirectedLimit);
    if (directed_.empty()) {
      directed_ =
          cycle_ref::all_tuples(cycle_ref::small_activations(slot.integer), slot.k, kDirectedLimit);
    }
  }

  ActivationVector next() {
    ++vectors_;
    if (vectors_ <= directed_.size()) return directed_[vectors_ - 1];
    return cycle_ref::random_activations(rng_, slot_.k, slot_.integer);
  }
  std::uint64_t vectors() const { return vectors_; }
  std::mt19937_64& rng() { return rng_; }

 private:
  PrecomputeSlot slot_;
  std::mt19937_64 rng_;
  std::vector<ActivationVector> directed_;
  std::uint64_t vectors_ = 0;
};

// One configuration of the wrapper: a TablePrecomputeModule between an
// activation FIFO and a table FIFO, with its own stimulus.
struct PrecomputeLane {
  PrecomputeLane(const std::string& name, const PrecomputeSlot& slot_, std::uint64_t seed,
                 int table_depth, sc_core::sc_clock& clk, sc_core::sc_signal<bool>& rst)
      : slot(slot_),
        source(slot_, seed),
        beats((name + "_beats").c_str(), 3),
        tables((name + "_tables").c_str(), table_depth),
        unit(name.c_str(), precompute_config(slot_)),
        board(precompute_config(slot_).name()) {
    unit.clk(clk);
    unit.rst(rst);
    unit.in(beats);
    unit.out(tables);
  }

  PrecomputeSlot slot;
  ActivationSource source;
  sc_core::sc_fifo<systemc::ActivationBeat> beats;
  sc_core::sc_fifo<systemc::TableResult> tables;
  systemc::TablePrecomputeModule unit;
  cycle_ref::Scoreboard board;  // the SystemC block against precompute_table
};

template <class Lane>
std::vector<std::unique_ptr<Lane>> precompute_lanes(const std::vector<PrecomputeSlot>& slots,
                                                    std::uint64_t seed, int table_depth,
                                                    test::BenchBase& bench) {
  std::vector<std::unique_ptr<Lane>> lanes;
  for (std::size_t c = 0; c < slots.size(); ++c) {
    lanes.push_back(std::make_unique<Lane>("precompute" + std::to_string(c), slots[c],
                                           seed * 1000003u + c, table_depth, bench.clk, bench.rst));
  }
  return lanes;
}

void check_entries(cycle_ref::Scoreboard& board, std::uint64_t cycle,
                   const std::vector<std::uint32_t>& got, const std::vector<std::uint32_t>& want) {
  board.check(cycle, "entries", got.size(), want.size());
  for (std::size_t e = 0; e < got.size() && e < want.size(); ++e) {
    board.check(cycle, got[e], want[e], [e] { return "entry " + std::to_string(e); });
  }
}

}  // namespace

TEST_CASE("Table precompute core: a hand-computed K=2 FP16 half table", "[systemc]") {
  TablePrecomputeCore core({.k = 2, .table_form = TableForm::kSymmetricHalf});
  // H[i] = T[i | 2] = d0 x0 + x1, x = {1, 2048}: 2047 is exact; 2049 is a tie
  // between 2048 and 2050, rounded to the even 2048.
  core.cycle(false, ActivationVector{0x3C00, 0x6800});
  REQUIRE(core.output());
  CHECK(core.output()->entries == std::vector<std::uint32_t>{0x67FF, 0x6800});
  CHECK(core.output()->input_cycle == 0);
  CHECK(core.actions().additions == 2);
  CHECK(core.actions().entries_written == 2);
}

TEST_CASE("Table precompute core: a hand-computed K=2 INT8 symmetric full table", "[systemc]") {
  TablePrecomputeCore core(
      {.k = 2, .table_form = TableForm::kSymmetricFull, .activation = DataType::kInt8});
  REQUIRE(core.entry_width() == 10);  // clog2(257) + 1
  // T[idx] = d0 x0 + d1 x1, x = {3, -128}; negative entries in 10-bit two's complement.
  core.cycle(false, ActivationVector{0x03, 0x80});
  REQUIRE(core.output());
  CHECK(core.output()->entries == std::vector<std::uint32_t>{125, 131, 1024 - 131, 1024 - 125});
  CHECK(core.actions().additions == 4);
}

TEST_CASE("Table precompute core: one vector a cycle, its table PIPE_STAGES cycles later",
          "[systemc]") {
  for (int stages = 0; stages <= 3; ++stages) {
    INFO("PIPE_STAGES " << stages);
    TablePrecomputeCore core({.k = 4, .pipe_stages = stages});
    std::mt19937_64 rng(7);
    std::vector<ActivationVector> sent;
    for (int cycle = 0; cycle < 12; ++cycle) {
      sent.push_back(cycle_ref::random_activations(rng, 4, false));
      core.cycle(false, sent.back());
      REQUIRE(core.output().has_value() == (cycle >= stages));
      if (cycle < stages) continue;
      const auto input = static_cast<std::size_t>(cycle - stages);
      CHECK(core.output()->input_cycle == input);
      CHECK(core.output()->entries == core.table_bits(sent[input]));
    }
    CHECK(core.actions().vectors == 12);
    CHECK(core.actions().additions == 12u * 20u);  // K = 4 half: 2^4 - 4 + 2^3 adders
    CHECK(core.actions().entries_written == static_cast<std::uint64_t>(12 - stages) * 8u);
  }
}

TEST_CASE("Table precompute core: a reset flushes the vectors in flight", "[systemc]") {
  TablePrecomputeCore core({.k = 3, .table_form = TableForm::kUnsignedFull, .pipe_stages = 2});
  const ActivationVector x{0x3C00, 0x4000, 0x4200};
  core.cycle(false, x);
  core.cycle(false, x);
  core.cycle(true, x);  // accepts nothing; the two vectors in flight are dropped
  CHECK_FALSE(core.output());
  core.cycle(false, x);
  CHECK_FALSE(core.output());
  core.cycle(false, std::nullopt);
  CHECK_FALSE(core.output());
  core.cycle(false, std::nullopt);
  REQUIRE(core.output());
  CHECK(core.output()->input_cycle == 3);
  CHECK(core.actions().vectors == 3);
  CHECK(core.actions().additions == 3u * 4u);  // K = 3 unsigned: 2^3 - 3 - 1 adders
  CHECK(core.actions().entries_written == 8);
}

TEST_CASE("Table precompute core: refuses what has no RTL, naming the value", "[systemc]") {
  using Catch::Matchers::Contains;
  const auto make = [](TablePrecomputeConfig config) { TablePrecomputeCore core(config); };
  CHECK_THROWS_WITH(make({.k = 1}), Contains("k 1"));
  CHECK_THROWS_WITH(make({.k = 7}), Contains("k 7"));
  CHECK_THROWS_WITH(make({.k = 4, .pipe_stages = -1}), Contains("pipe_stages -1"));
  CHECK_THROWS_WITH(make({.k = 4, .pipe_stages = 4}), Contains("pipe_stages 4"));
  CHECK_THROWS_WITH(make({.activation = DataType::kFp8E4M3}), Contains("fp8_e4m3"));
  CHECK_THROWS_WITH(make({.activation = DataType::kFp32}), Contains("fp32"));
  CHECK_THROWS_AS(make({.k = 7}), std::invalid_argument);
  TablePrecomputeCore core({.k = 4});
  CHECK_THROWS_AS(core.cycle(false, ActivationVector{0, 0, 0}), std::invalid_argument);
  CHECK_NOTHROW(make({.k = 6, .pipe_stages = 5}));
  CHECK_NOTHROW(make({.k = 2, .activation = DataType::kInt8}));
}

namespace {

// A lane in lockstep with its slot of the Verilated wrapper.
struct PrecomputeLockstepLane : PrecomputeLane {
  using PrecomputeLane::PrecomputeLane;

  struct Taken {
    std::uint64_t edge = 0;  // the edge that took the vector
    ActivationVector x;
  };
  std::deque<ActivationVector> sent;  // in the activation FIFO
  std::deque<Taken> in_flight;        // taken, table not out yet
  std::uint64_t tables_checked = 0;   // tables out and checked
  std::uint64_t latency_mismatches = 0;
  cycle_ref::Scoreboard rtl_board{"rtl"};  // the RTL's table_flat against precompute_table
};

constexpr double kPrecomputeBubble = 0.1;  // cycles the source presents nothing

// The edge's beats as the unit took them; the activations to drive into the
// RTL's slot (garbage for a cycle without a vector: the RTL computes a table
// of whatever is on its port, which the unit must not deliver).
ActivationVector take_sampled(PrecomputeLockstepLane& lane) {
  const systemc::PrecomputeEdge& edge = lane.unit.last_edge();
  REQUIRE(static_cast<std::size_t>(edge.beats_taken) <= lane.sent.size());
  std::optional<ActivationVector> taken;
  for (int b = 0; b < edge.beats_taken; ++b) {
    taken = std::move(lane.sent.front());
    lane.sent.pop_front();
  }
  if (edge.reset) lane.in_flight.clear();
  if (edge.reset || !taken)
    return cycle_ref::random_activations(lane.source.rng(), lane.slot.k, lane.slot.integer);
  lane.in_flight.push_back({edge.cycle, *taken});
  return *taken;
}

void drive_slot(Vlut_table_precompute_tb& rtl, const rtl_bench::PrecomputeLayout& layout, int c,
                const PrecomputeSlot& slot, const ActivationVector& x) {
  const int width = slot.integer ? 8 : 16;
  for (int j = 0; j < slot.k; ++j)
    rtl_bench::set_bits(rtl.x_flat, c * layout.x_slot + j * width, width, x[j]);
}

std::vector<std::uint32_t> rtl_table(const Vlut_table_precompute_tb& rtl,
                                     const rtl_bench::PrecomputeLayout& layout, int c,
                                     const TablePrecomputeCore& core) {
  std::vector<std::uint32_t> entries(static_cast<std::size_t>(core.entries()));
  for (std::size_t e = 0; e < entries.size(); ++e) {
    const int lsb = c * layout.table_slot + static_cast<int>(e) * core.entry_width();
    entries[e] =
        static_cast<std::uint32_t>(rtl_bench::get_bits(rtl.table_flat, lsb, core.entry_width()));
  }
  return entries;
}

// A table left the unit at this edge: it is the oldest vector's, PIPE_STAGES
// (read from the RTL) after the edge that took it, and the unit's entries and
// the RTL's table_flat in the same cycle both equal precompute_table's.
void check_table_out(PrecomputeLockstepLane& lane, const systemc::TableResult& result,
                     const std::vector<std::uint32_t>& rtl_entries) {
  const std::uint64_t edge = lane.unit.last_edge().cycle;
  lane.board.check(edge, "table leaves at its edge", result.cycle, edge);
  if (lane.in_flight.empty()) {
    lane.board.check(edge, "a table with no vector in flight", 1, 0);
    return;
  }
  const PrecomputeLockstepLane::Taken taken = std::move(lane.in_flight.front());
  lane.in_flight.pop_front();
  if (edge - taken.edge != static_cast<std::uint64_t>(lane.slot.pipe_stages))
    ++lane.latency_mismatches;
  const std::vector<std::uint32_t> want = golden_table(lane.slot, taken.x);
  check_entries(lane.board, edge, result.table.entries, want);
  check_entries(lane.rtl_board, edge, rtl_entries, want);
  ++lane.tables_checked;
}

void check_precompute_lockstep(std::uint64_t min_tables, std::uint64_t seed) {
  rtl_bench::VerilatedDut<Vlut_table_precompute_tb> rtl(seed);
  const rtl_bench::PrecomputeLayout layout = rtl_bench::read_precompute_layout(*rtl);
  const std::vector<PrecomputeSlot> slots = rtl_bench::read_precompute_slots(*rtl);
  REQUIRE(slots.size() == static_cast<std::size_t>(layout.configs));
  test::BenchBase bench(seed);
  auto lanes = precompute_lanes<PrecomputeLockstepLane>(slots, seed, 2, bench);
  std::uint64_t source_cycles = 0;
  test::ClockedProcess source("source", bench.clk, true, [&] {
    const bool reset = source_cycles++ < 2;
    bench.rst.write(reset);
    for (auto& lane : lanes) {
      if (reset || bench.chance(kPrecomputeBubble)) continue;
      lane->sent.push_back(lane->source.next());
      REQUIRE(lane->beats.nb_write({lane->sent.back()}));
    }
  });
  test::ClockedProcess monitor("monitor", bench.clk, false, [&] {
    for (std::size_t c = 0; c < lanes.size(); ++c)
      drive_slot(*rtl, layout, static_cast<int>(c), slots[c], take_sampled(*lanes[c]));
    rtl.fall();  // settles table_flat for this cycle's activations
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      PrecomputeLockstepLane& lane = *lanes[c];
      systemc::TableResult result;
      while (lane.tables.nb_read(result))
        check_table_out(lane, result,
                        rtl_table(*rtl, layout, static_cast<int>(c), lane.unit.core()));
      rtl_bench::print_reports(lane.board.take_reports());
      rtl_bench::print_reports(lane.rtl_board.take_reports());
    }
    rtl.rise();
  });
  const auto done = [&] {
    for (const auto& lane : lanes) {
      if (lane->tables_checked < min_tables) return false;
    }
    return true;
  };
  test::run_until(done, 2 * min_tables + 1000);
  for (const auto& lane : lanes) {
    INFO(lane->board.name());
    CHECK(lane->tables_checked >= min_tables);
    CHECK(lane->board.mismatches() == 0);
    CHECK(lane->rtl_board.mismatches() == 0);
    CHECK(lane->latency_mismatches == 0);
    // None lost: every vector taken is out or still in the pipeline.
    CHECK(lane->in_flight.size() <= static_cast<std::size_t>(lane->slot.pipe_stages));
    CHECK(lane->unit.core().actions().vectors == lane->tables_checked + lane->in_flight.size());
  }
}

}  // namespace

TEST_CASE("SystemC table precompute: cycle- and bit-exact with the RTL for every configuration",
          "[systemc]") {
  check_precompute_lockstep(3000, 31);
}

namespace {

// A lane under random stalls: the tables due in the order the source's
// vectors were accepted.
struct PrecomputeStallLane : PrecomputeLane {
  using PrecomputeLane::PrecomputeLane;

  std::optional<ActivationVector> waiting;  // generated, not yet accepted by the FIFO
  std::deque<std::vector<std::uint32_t>> due;
  std::uint64_t due_total = 0;
  std::uint64_t received = 0;
  std::uint64_t unexpected = 0;  // tables with none due: duplicated or invented
};

void precompute_source_step(PrecomputeStallLane& lane, std::uint64_t vectors, bool stall) {
  if (!lane.waiting) {
    if (stall || lane.source.vectors() >= vectors) return;
    lane.waiting = lane.source.next();
  }
  if (!lane.beats.nb_write({*lane.waiting})) return;
  lane.due.push_back(golden_table(lane.slot, *lane.waiting));
  ++lane.due_total;
  lane.waiting.reset();
}

void precompute_sink_step(PrecomputeStallLane& lane) {
  systemc::TableResult result;
  if (!lane.tables.nb_read(result)) return;
  ++lane.received;
  if (lane.due.empty()) {
    ++lane.unexpected;
    return;
  }
  check_entries(lane.board, result.cycle, result.table.entries, lane.due.front());
  lane.due.pop_front();
}

void check_precompute_under_stalls(std::uint64_t vectors, std::uint64_t seed) {
  constexpr double kSourceStall = 0.3;
  constexpr double kSinkStall = 0.9;
  rtl_bench::VerilatedDut<Vlut_table_precompute_tb> rtl;
  const std::vector<PrecomputeSlot> slots = rtl_bench::read_precompute_slots(*rtl);
  test::BenchBase bench(seed);
  auto lanes = precompute_lanes<PrecomputeStallLane>(slots, seed, 1, bench);
  std::uint64_t cycles = 0;
  test::ClockedProcess source("source", bench.clk, true, [&] {
    const bool resetting = cycles++ < 2;  // a reset would flush what is sent
    bench.rst.write(resetting);
    if (resetting) return;
    for (auto& lane : lanes) precompute_source_step(*lane, vectors, bench.chance(kSourceStall));
  });
  test::ClockedProcess sink("sink", bench.clk, true, [&] {
    for (auto& lane : lanes) {
      if (!bench.chance(kSinkStall)) precompute_sink_step(*lane);
    }
  });
  const auto drained = [&] {
    for (const auto& lane : lanes) {
      if (lane->source.vectors() < vectors || lane->waiting || !lane->due.empty()) return false;
    }
    return true;
  };
  test::run_until(drained, 20 * vectors + 1000);
  test::run_until([] { return false; }, 64);  // nothing more may arrive
  for (auto& lane : lanes) precompute_sink_step(*lane);
  for (const auto& lane : lanes) {
    INFO(lane->board.name());
    rtl_bench::print_reports(lane->board.take_reports());
    CHECK(lane->due.empty());
    CHECK(lane->unexpected == 0);
    CHECK(lane->received == lane->due_total);
    CHECK(lane->due_total == vectors);
    CHECK(lane->board.mismatches() == 0);
    CHECK(lane->unit.stall_cycles() > 0);  // the sink's stalls reached the unit
  }
}

}  // namespace

TEST_CASE("SystemC table precompute under random FIFO stalls loses and duplicates no table",
          "[systemc]") {
  check_precompute_under_stalls(2000, 32);
}
