#pragma once
// The random-stall scoreboard bench of the units whose results are finished
// dot products (systemc::TileResult): a source that skips cycles and a sink
// that skips reads around each lane's FIFOs, the results due in the order
// the source's beats were accepted. A lane is a unit between a beat FIFO and
// a one-entry result FIFO with its own stimulus:
//   sc_fifo<Beat> beats; sc_fifo<systemc::TileResult> results; a unit with
//   stall_cycles(); std::string name() const;
//   DueBeat<Beat> next(): the next beat and the accumulators it finishes, if any.

#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/reference/scoreboard.hpp"
#include "sim/systemc/fifo_block.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/sim/systemc/tile_lanes.hpp"

namespace lutsim::test {

template <class Beat>
struct DueBeat {
  Beat beat;
  std::optional<std::vector<std::uint32_t>> result_due;  // raw accumulator bits
};

// What the source and the sink of one lane saw.
template <class Beat>
struct StallTally {
  explicit StallTally(const std::string& name) : board(name) {}

  std::uint64_t generated = 0;
  std::optional<DueBeat<Beat>> waiting;  // generated, not yet accepted by the FIFO
  std::deque<std::vector<std::uint32_t>> due;
  std::uint64_t due_total = 0;
  std::uint64_t received = 0;
  std::uint64_t unexpected = 0;  // results with none due: duplicated or invented
  cycle_ref::Scoreboard board;
};

template <class Lane, class Beat>
void stall_source_step(Lane& lane, StallTally<Beat>& tally, std::uint64_t vectors, bool stall) {
  if (!tally.waiting) {
    if (stall || tally.generated >= vectors) return;
    tally.waiting = lane.next();
    ++tally.generated;
  }
  if (!lane.beats.nb_write(tally.waiting->beat)) return;
  if (tally.waiting->result_due) {
    tally.due.push_back(*tally.waiting->result_due);
    ++tally.due_total;
  }
  tally.waiting.reset();
}

template <class Lane, class Beat>
void stall_sink_step(Lane& lane, StallTally<Beat>& tally) {
  systemc::TileResult result;
  if (!lane.results.nb_read(result)) return;
  ++tally.received;
  if (tally.due.empty()) {
    ++tally.unexpected;
    return;
  }
  const std::vector<std::uint32_t>& want = tally.due.front();
  tally.board.check(result.cycle, "accumulators", result.acc.size(), want.size());
  for (std::size_t i = 0; i < want.size() && i < result.acc.size(); ++i) {
    tally.board.check(result.cycle, result.acc[i], want[i],
                      [i] { return "accumulator " + std::to_string(i); });
  }
  tally.due.pop_front();
}

// Runs `lanes` (built on `bench`) with the source skipping ~30% of cycles and
// the sink ~90% of reads until every lane's `vectors` beats are through, then
// checks: results in order and bit-exact, none lost, none duplicated, and the
// sink's stalls reached every unit.
template <class Beat, class Lane>
void check_results_under_stalls(std::vector<std::unique_ptr<Lane>>& lanes, BenchBase& bench,
                                std::uint64_t vectors) {
  constexpr double kSourceStall = 0.3;
  constexpr double kSinkStall = 0.9;
  std::vector<StallTally<Beat>> tallies;
  for (const auto& lane : lanes) tallies.emplace_back(lane->name());
  std::uint64_t cycles = 0;
  ClockedProcess source("source", bench.clk, true, [&] {
    const bool resetting = cycles++ < 2;  // a reset would flush what is sent
    bench.rst.write(resetting);
    if (resetting) return;
    for (std::size_t c = 0; c < lanes.size(); ++c)
      stall_source_step(*lanes[c], tallies[c], vectors, bench.chance(kSourceStall));
  });
  ClockedProcess sink("sink", bench.clk, true, [&] {
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      if (!bench.chance(kSinkStall)) stall_sink_step(*lanes[c], tallies[c]);
    }
  });
  const auto drained = [&] {
    for (const auto& t : tallies) {
      if (t.generated < vectors || t.waiting || !t.due.empty()) return false;
    }
    return true;
  };
  run_until(drained, 20 * vectors + 1000);
  run_until([] { return false; }, 64);  // nothing more may arrive
  for (std::size_t c = 0; c < lanes.size(); ++c) stall_sink_step(*lanes[c], tallies[c]);
  for (std::size_t c = 0; c < lanes.size(); ++c) {
    const StallTally<Beat>& t = tallies[c];
    INFO(t.board.name());
    rtl_bench::print_reports(tallies[c].board.take_reports());
    CHECK(t.generated == vectors);
    CHECK(t.due.empty());
    CHECK(t.unexpected == 0);
    CHECK(t.received == t.due_total);
    CHECK(t.due_total > 0);
    CHECK(t.board.mismatches() == 0);
    CHECK(lanes[c]->unit.stall_cycles() > 0);  // the sink's stalls reached the unit
  }
}

}  // namespace lutsim::test
