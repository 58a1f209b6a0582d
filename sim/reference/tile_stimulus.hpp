#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/lut/lut_table.hpp"
#include "core/lut/matrix.hpp"
#include "sim/reference/tile_shape.hpp"

namespace lutsim::cycle_ref {

// What a LUT tile is driven with in one cycle, as port values.
struct CycleInputs {
  bool valid = false;
  bool first = false;
  bool last = false;
  std::vector<unsigned> idx;                           // [n], index_width() bits each
  std::vector<bool> table_write;                       // [m]
  std::vector<std::vector<std::uint32_t>> table_bits;  // [m][entry], ENTRY_W bits each,
                                                       // the pass's tables one after another
  std::vector<std::vector<std::uint32_t>> table_x;     // [m][i], activation bits of the tables
};

// The contents of one row's table register write: the pass's tables
// (groups_per_pass() of them) and the datapath they were computed for.
struct TableLoad {
  int row = 0;
  std::vector<LutTable> tables;
  LutGemmConfig cfg;
};

// One cycle of stimulus: the ports, what the table writes mean, and, when a
// dot product ends in this cycle, the lut_mpgemm accumulators [m x n] the
// tile must show after the edge.
struct TileCycle {
  bool reset = false;
  CycleInputs in;
  std::vector<TableLoad> loads;
  std::optional<Matrix> result_due;
};

// A seeded source of LUT tile stimulus: a stream of random mpGEMM problems
// (M rows x G groups of K activations, N output columns, random G in 1..4)
// with several activation distributions (FP16: normal at random scales, any
// finite bits, huge values that overflow, subnormals, exact cancellation,
// specials incl. +-inf; INT8: uniform, extremes, small), random bubbles, and
// next-group tables written either in the cycle of the previous group's last
// index (the tile must still read the old table then) or in later bubbles.
// Don't-care inputs carry junk: bubbles must ignore first, last and idx, and
// a reset must win over whatever is on the inputs.
class TileStimulus {
 public:
  TileStimulus(TileShape shape, std::uint64_t seed);
  ~TileStimulus();
  TileStimulus(TileStimulus&&) noexcept;
  TileStimulus& operator=(TileStimulus&&) noexcept;

  const TileShape& shape() const { return shape_; }
  // Index vectors accepted so far (valid cycles outside reset).
  std::uint64_t vectors() const { return vectors_; }

  // The next cycle, assumed sampled by the tile at the coming clock edge;
  // with `reset` a synchronous reset (junk on valid, no table writes) that
  // restarts the interrupted problem.
  const TileCycle& next(bool reset);

 private:
  struct Problem;

  std::unique_ptr<Problem> make_problem();
  void stage_table_write(int row, const Problem& problem, int pass);
  void stage_indices();
  std::vector<int> rows_missing(int pass) const;
  void stage_bubble_writes(const std::vector<int>& missing, int pass,
                           std::uniform_real_distribution<double>& unit);
  void advance();

  TileShape shape_;
  std::mt19937_64 rng_;
  std::unique_ptr<Problem> current_;
  std::unique_ptr<Problem> upcoming_;
  std::uint64_t next_problem_id_ = 0;
  std::uint64_t vectors_ = 0;
  // Next canonical step of current_: group step_ / w_bit, plane step_ % w_bit;
  // a cycle does groups_per_pass() steps.
  int step_ = 0;
  // What each table register holds: (problem id, pass).
  std::vector<std::pair<std::int64_t, int>> row_table_id_;
  std::vector<std::pair<std::int64_t, int>> staged_id_;  // rows written this cycle
  TileCycle cycle_;
};

}  // namespace lutsim::cycle_ref
