// The SystemC LUT tile against the RTL and the golden model: cycle for cycle
// in lockstep with the Verilated wrappers (every configuration they hold), and
// with random stalls on both FIFOs.
#include <algorithm>
#include <catch2/catch.hpp>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "Vlut_array_pair_tb.h"
#include "Vlut_array_quant_tb.h"
#include "Vlut_array_tb.h"
#include "Vlut_dot_unit_precompute_tb.h"
#include "Vlut_dot_unit_tb.h"
#include "core/lut/matrix.hpp"
#include "sim/reference/scoreboard.hpp"
#include "sim/reference/tile_reference.hpp"
#include "sim/reference/tile_scoreboard.hpp"
#include "tests/sim/systemc/tile_lanes.hpp"

using namespace lutsim;
using namespace lutsim::test;
using cycle_ref::TileCycle;
using cycle_ref::TileShape;

namespace {

constexpr double kResetProbability = 1e-3;  // a synchronous reset mid-stream

// One configuration run three ways on the same stimulus: the SystemC tile, the
// RTL's slot of the wrapper and the cycle reference, with a scoreboard for
// each design.
struct LockstepLane : TileLane {
  LockstepLane(const std::string& name, const TileShape& shape, std::uint64_t seed,
               sc_core::sc_clock& clk, sc_core::sc_signal<bool>& rst)
      : TileLane(name, shape, seed, 2, 2, clk, rst),
        reference(shape),
        systemc_board(shape),
        rtl_board(shape) {}

  cycle_ref::TileReference reference;
  cycle_ref::TileScoreboard systemc_board;
  cycle_ref::TileScoreboard rtl_board;
  std::deque<TileCycle> sent;               // beats in the FIFO, as stimulus cycles
  std::vector<std::uint64_t> last_cycles;   // cycles that presented in_last
  std::vector<std::uint64_t> systemc_done;  // edges after which a SystemC result left
  std::vector<std::uint64_t> rtl_done;      // edges after which the RTL's out_valid rose
  std::vector<std::uint64_t> reset_edges;   // edges that sampled a reset

  // Whether a reset flushed the dot product whose in_last was presented in
  // cycle `last` before its result was due `depth` cycles later.
  bool flushed(std::uint64_t last, std::uint64_t depth) const {
    return std::any_of(reset_edges.begin(), reset_edges.end(),
                       [&](std::uint64_t e) { return e > last + 1 && e <= last + depth; });
  }
};

// The cycle the tile sampled at its last edge, as stimulus: the beat it took,
// or a bubble.
TileCycle sampled_cycle(LockstepLane& lane) {
  const systemc::TileEdge& edge = lane.tile.last_edge();
  REQUIRE(edge.beats_taken <= 1);
  TileCycle sampled;
  if (edge.beats_taken == 1) {
    sampled = std::move(lane.sent.front());
    lane.sent.pop_front();
  } else {
    sampled.in = lane.tile.core().bubble();
    sampled.reset = edge.reset;
  }
  REQUIRE(sampled.reset == edge.reset);
  return sampled;
}

template <class Model>
void check_lockstep(std::uint64_t min_vectors, std::uint64_t seed) {
  rtl_bench::VerilatedDut<Model> rtl(seed, true);
  const rtl_bench::Layout layout = rtl_bench::read_layout(*rtl);
  const std::vector<TileShape> shapes = rtl_bench::read_shapes(*rtl, layout);
  BenchBase bench(seed);
  auto lanes = make_lanes<LockstepLane>(shapes, seed, bench);
  std::uint64_t source_cycles = 0;
  ClockedProcess source("source", bench.clk, true, [&] {
    const bool reset = source_cycles++ < 2 || bench.chance(kResetProbability);
    bench.rst.write(reset);
    for (auto& lane : lanes) {
      lane->sent.push_back(lane->stimulus.next(reset));
      REQUIRE(lane->beats.nb_write({lane->sent.back().in}));
    }
  });
  std::vector<std::uint32_t> rtl_acc;
  ClockedProcess monitor("monitor", bench.clk, false, [&] {
    std::vector<TileCycle> sampled;
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      sampled.push_back(sampled_cycle(*lanes[c]));
      rtl_bench::drive(*rtl, layout, static_cast<int>(c), sampled.back().in, shapes[c]);
    }
    rtl->rst = lanes.front()->tile.last_edge().reset;
    rtl.rise();
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      LockstepLane& lane = *lanes[c];
      const std::uint64_t cycle = lane.tile.last_edge().cycle;
      const TileCycle& in = sampled[c];
      lane.reference.clock(in);
      lane.systemc_board.check(cycle, lane.reference, lane.tile.core().out_valid(),
                               lane.tile.core().acc());
      rtl_bench::observe(*rtl, layout, static_cast<int>(c), shapes[c], rtl_acc);
      const bool rtl_valid = rtl_bench::get_bits(rtl->out_valid, static_cast<int>(c), 1) != 0;
      lane.rtl_board.check(cycle, lane.reference, rtl_valid, rtl_acc);
      if (rtl_valid) lane.rtl_done.push_back(cycle);
      if (!in.reset && in.in.valid && in.in.last) lane.last_cycles.push_back(cycle - 1);
      if (in.reset) lane.reset_edges.push_back(cycle);
      systemc::TileResult result;
      while (lane.results.nb_read(result)) lane.systemc_done.push_back(result.cycle);
      rtl_bench::print_reports(lane.systemc_board.take_reports());
      rtl_bench::print_reports(lane.rtl_board.take_reports());
    }
    rtl.fall();
  });

  const auto done = [&] {
    for (const auto& lane : lanes) {
      if (lane->stimulus.vectors() < min_vectors) return false;
    }
    return true;
  };
  run_until(done, 4 * min_vectors + 1000);
  for (const auto& lane : lanes) {
    INFO(lane->stimulus.shape().name());
    CHECK(lane->stimulus.vectors() >= min_vectors);
    CHECK(lane->systemc_board.mismatches() == 0);
    CHECK(lane->rtl_board.mismatches() == 0);
    CHECK(lane->systemc_board.results() > 0);
    CHECK(lane->systemc_board.acc_checks() == lane->rtl_board.acc_checks());
    // Cycles per operation and latency: every result leaves the SystemC tile
    // at the edge the RTL raises out_valid, the configured depth_cycles
    // (1 + PIPE_STAGES) after the cycle that presented in_last. A reset
    // flushes the dot products in flight (none leave).
    const TileShape& shape = lane->stimulus.shape();
    const auto depth =
        static_cast<std::uint64_t>(systemc::rtl_pipeline(shape.pipe_stages).depth_cycles);
    CHECK(lane->systemc_done == lane->rtl_done);
    std::vector<std::uint64_t> due;  // up to the last edge run
    for (const std::uint64_t last : lane->last_cycles) {
      if (!lane->flushed(last, depth) && last + depth <= lane->tile.last_edge().cycle)
        due.push_back(last + depth);
    }
    CHECK(lane->rtl_done == due);
  }
}

}  // namespace

TEST_CASE("SystemC lut_dot_unit: cycle- and bit-exact with the RTL for every configuration",
          "[systemc]") {
  check_lockstep<Vlut_dot_unit_tb>(3000, 11);
}

TEST_CASE("SystemC lut_array: cycle- and bit-exact with the RTL for every shape", "[systemc]") {
  check_lockstep<Vlut_array_tb>(3000, 12);
}

TEST_CASE("SystemC lut_array_pair: two groups per pass, cycle- and bit-exact with the RTL",
          "[systemc]") {
  check_lockstep<Vlut_array_pair_tb>(3000, 14);
}

TEST_CASE("SystemC lut_array_quant: INT8-quantized tables, cycle- and bit-exact with the RTL",
          "[systemc]") {
  check_lockstep<Vlut_array_quant_tb>(3000, 15);
}

TEST_CASE("SystemC lut_dot_unit_precompute: cycle- and bit-exact with the RTL", "[systemc]") {
  check_lockstep<Vlut_dot_unit_precompute_tb>(3000, 13);
}

namespace {

// One configuration under random stalls: a source that skips cycles and a
// sink that skips reads, with the results due in the order the stimulus
// finishes its dot products.
struct StallLane : TileLane {
  StallLane(const std::string& name, const TileShape& shape, std::uint64_t seed,
            sc_core::sc_clock& clk, sc_core::sc_signal<bool>& rst)
      : TileLane(name, shape, seed, 3, 1, clk, rst), board(shape.name()) {}

  std::optional<TileCycle> waiting;  // generated, not yet accepted by the FIFO
  std::deque<Matrix> due;            // lut_mpgemm results in order
  std::uint64_t due_total = 0;
  std::uint64_t received = 0;
  std::uint64_t unexpected = 0;  // results with none due: duplicated or invented
  cycle_ref::Scoreboard board;
};

void source_step(StallLane& lane, std::uint64_t min_vectors, bool stall) {
  if (!lane.waiting) {
    if (stall || lane.stimulus.vectors() >= min_vectors) return;
    lane.waiting = lane.stimulus.next(false);
  }
  if (!lane.beats.nb_write({lane.waiting->in})) return;
  if (lane.waiting->result_due) {
    lane.due.push_back(*lane.waiting->result_due);
    ++lane.due_total;
  }
  lane.waiting.reset();
}

void sink_step(StallLane& lane) {
  systemc::TileResult result;
  if (!lane.results.nb_read(result)) return;
  ++lane.received;
  if (lane.due.empty()) {
    ++lane.unexpected;
    return;
  }
  const TileShape& shape = lane.stimulus.shape();
  for (int m = 0; m < shape.geometry.m; ++m) {
    for (int n = 0; n < shape.geometry.n; ++n) {
      const auto i = static_cast<std::size_t>(m * shape.geometry.n + n);
      lane.board.check(result.cycle, result.acc[i], shape.acc_bits(lane.due.front()(m, n)), [m, n] {
        return "result (m " + std::to_string(m) + ", n " + std::to_string(n) + ")";
      });
    }
  }
  lane.due.pop_front();
}

void check_under_stalls(const std::vector<TileShape>& shapes, std::uint64_t min_vectors,
                        std::uint64_t seed) {
  constexpr double kSourceStall = 0.3;
  constexpr double kSinkStall = 0.9;
  BenchBase bench(seed);
  auto lanes = make_lanes<StallLane>(shapes, seed, bench);
  std::uint64_t cycles = 0;
  ClockedProcess source("source", bench.clk, true, [&] {
    const bool resetting = cycles++ < 2;  // a reset would flush what is sent
    bench.rst.write(resetting);
    if (resetting) return;
    for (auto& lane : lanes) source_step(*lane, min_vectors, bench.chance(kSourceStall));
  });
  ClockedProcess sink("sink", bench.clk, true, [&] {
    for (auto& lane : lanes) {
      if (!bench.chance(kSinkStall)) sink_step(*lane);
    }
  });
  const auto drained = [&] {
    for (const auto& lane : lanes) {
      if (lane->stimulus.vectors() < min_vectors || lane->waiting || !lane->due.empty())
        return false;
    }
    return true;
  };
  run_until(drained, 20 * min_vectors + 1000);
  run_until([] { return false; }, 64);  // nothing more may arrive
  for (auto& lane : lanes) sink_step(*lane);
  for (const auto& lane : lanes) {
    INFO(lane->stimulus.shape().name());
    rtl_bench::print_reports(lane->board.take_reports());
    CHECK(lane->due.empty());
    CHECK(lane->unexpected == 0);
    CHECK(lane->received == lane->due_total);
    CHECK(lane->due_total > 0);
    CHECK(lane->board.mismatches() == 0);
    CHECK(lane->tile.stall_cycles() > 0);  // the sink's stalls reached the tile
  }
}

}  // namespace

TEST_CASE("SystemC LUT tiles under random FIFO stalls lose and duplicate no result", "[systemc]") {
  std::vector<TileShape> shapes = rtl_tile_shapes<Vlut_dot_unit_tb>();
  for (const TileShape& s : rtl_tile_shapes<Vlut_array_tb>()) shapes.push_back(s);
  for (const TileShape& s : rtl_tile_shapes<Vlut_array_quant_tb>()) shapes.push_back(s);
  check_under_stalls(shapes, 2000, 21);
}
