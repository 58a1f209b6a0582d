#pragma once
// The end of a lockstep test of a baseline unit (MAC, ADD) against its
// Verilated RTL, one lane per wrapper configuration: run until every lane took
// `min_vectors` vectors, then check each lane's scoreboards and timing.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim/reference/scoreboard.hpp"
#include "sim/systemc/fifo_block.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/sim/systemc/lockstep_timing.hpp"
#include "tests/sim/systemc/tile_lanes.hpp"

namespace lutsim::test {

// What a lane in lockstep with its slot of the Verilated wrapper keeps beside
// its unit: a scoreboard of the SystemC core and one of the RTL against the
// golden model, the steps sent and not yet taken, and the timing.
template <class Step>
struct LockstepRecord {
  explicit LockstepRecord(const std::string& slot_name)
      : systemc_board("systemc " + slot_name), rtl_board("rtl " + slot_name) {}

  cycle_ref::Scoreboard systemc_board;
  cycle_ref::Scoreboard rtl_board;
  std::deque<Step> sent;  // in the unit's input FIFO
  LockstepTiming timing;
};

// The step the lane's unit sampled at its last edge: the beat it took off
// `sent`, or a bubble (a default Step) when it took none or was reset.
template <class Step, class Lane>
Step take_sampled(Lane& lane) {
  const auto& edge = lane.unit.last_edge();
  REQUIRE(static_cast<std::size_t>(edge.beats_taken) <= lane.sent.size());
  REQUIRE(edge.beats_taken <= 1);
  Step taken;
  for (int b = 0; b < edge.beats_taken; ++b) {
    taken = std::move(lane.sent.front());
    lane.sent.pop_front();
  }
  if (edge.reset) return Step{};
  return taken;
}

// After the RTL's edge `cycle`: the lane's timing records what the edge
// sampled and the results that left the SystemC block, and both scoreboards'
// reports are printed.
template <class Lane>
void record_edge(Lane& lane, std::uint64_t cycle, bool valid, bool last, bool reset,
                 bool rtl_valid) {
  lane.timing.record(cycle, valid, last, reset, rtl_valid);
  systemc::TileResult result;
  while (lane.results.nb_read(result)) lane.timing.result_left(result.cycle);
  rtl_bench::print_reports(lane.systemc_board.take_reports());
  rtl_bench::print_reports(lane.rtl_board.take_reports());
}

// Each lane: at least `min_vectors` vectors taken, no mismatch against the
// golden model on the SystemC side nor on the RTL side, the same number of
// checks on both, and every result leaving at the RTL's edge,
// `depth_of(lane)` cycles after its in_last.
template <class Lane, class DepthOf>
void finish_lockstep(const std::vector<std::unique_ptr<Lane>>& lanes, std::uint64_t min_vectors,
                     DepthOf&& depth_of) {
  const auto done = [&] {
    return std::all_of(lanes.begin(), lanes.end(),
                       [&](const auto& lane) { return lane->timing.accepted() >= min_vectors; });
  };
  run_until(done, 2 * min_vectors + 1000);
  for (const auto& lane : lanes) {
    INFO(lane->name());
    CHECK(lane->timing.accepted() >= min_vectors);
    CHECK(lane->systemc_board.mismatches() == 0);
    CHECK(lane->rtl_board.mismatches() == 0);
    CHECK(lane->systemc_board.checks() == lane->rtl_board.checks());
    // Cycles per operation and latency equal the RTL's.
    lane->timing.check(static_cast<std::uint64_t>(depth_of(*lane)), lane->unit.last_edge().cycle);
  }
}

}  // namespace lutsim::test
