#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/reference/scoreboard.hpp"
#include "sim/reference/tile_reference.hpp"
#include "sim/reference/tile_shape.hpp"
#include "sim/reference/tile_stimulus.hpp"

namespace lutsim::cycle_ref {

// The scoreboard of one LUT tile: after every clock edge, out_valid and every
// accumulator against the TileReference, and when a dot product is due, every
// accumulator against its lut_mpgemm result as well.
class TileScoreboard {
 public:
  explicit TileScoreboard(const TileShape& shape);

  // The tile's outputs after an edge (acc[m * N + n], raw bits), with
  // `reference` already clocked over that edge.
  void check(std::uint64_t cycle, const TileReference& reference, bool out_valid,
             const std::vector<std::uint32_t>& acc);

  std::uint64_t acc_checks() const { return acc_checks_; }
  std::uint64_t results() const { return results_; }  // results compared with lut_mpgemm
  std::uint64_t mismatches() const { return board_.mismatches(); }
  const Fp16Coverage& coverage() const { return coverage_; }  // of the expected accumulators
  std::vector<std::string> take_reports() { return board_.take_reports(); }

 private:
  TileShape shape_;
  Scoreboard board_;
  std::uint64_t acc_checks_ = 0;
  std::uint64_t results_ = 0;
  Fp16Coverage coverage_;
};

}  // namespace lutsim::cycle_ref
