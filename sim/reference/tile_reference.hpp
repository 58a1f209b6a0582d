#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/lut/lut_table.hpp"
#include "core/lut/matrix.hpp"
#include "sim/reference/tile_pipeline.hpp"
#include "sim/reference/tile_shape.hpp"
#include "sim/reference/tile_stimulus.hpp"

namespace lutsim::cycle_ref {

// One canonical lookup-accumulate step of a bit-serial unit on raw
// accumulator bits, base = restart ? 0 : acc:
//   fp16_round(base + ldexp(table_lookup(table, idx, cfg), plane))  (FP16)
//   base + 2^plane * table_lookup(table, idx, cfg), wrapping         (INT32)
std::uint32_t lookup_accumulate(std::uint32_t acc, bool restart, const LutTable& table,
                                unsigned idx, int plane, const LutGemmConfig& cfg);

// The tables a tile's rows hold, [m][group within the pass], and the datapath
// each row's tables were computed for.
struct RowTables {
  std::vector<std::vector<LutTable>> tables;
  std::vector<LutGemmConfig> cfg;

  explicit RowTables(int rows)
      : tables(static_cast<std::size_t>(rows)), cfg(static_cast<std::size_t>(rows)) {}
};

// The canonical steps one valid index vector performs on every accumulator
// (acc[m * N + n], raw bits) of a tile: the groups_per_pass() steps from
// `step` on, step s (the q-th of the cycle) reading weight plane s % w_bit of
// the pass's group (s / w_bit) % groups_per_pass() with bits [q k, (q + 1) k)
// of each column's index; `first` restarts the accumulators at the cycle's
// first step. INT8-quantized tables (one group per pass) sum the group's
// planes exactly in `group_sum` (one per accumulator) and at its last plane
// do acc <- fp16_round(acc + fp16_round(scale * sum)). Integer accumulators
// narrower than 32 bits (TileShape::int_acc_width) keep the low bits.
void accumulate_vector(const TileShape& shape, int step, bool first,
                       const std::vector<unsigned>& idx, const RowTables& rows,
                       std::vector<std::uint32_t>& acc, std::vector<double>& group_sum);

// The cycle-level golden model of a LUT tile: what its accumulators and
// out_valid hold after every clock edge, computed with core/'s numerics in
// the canonical lut_mpgemm order per step,
//   acc <- fp16_round(acc + ldexp(table_lookup(T, idx, cfg), j))  (FP16)
//   acc <- acc + 2^j * table_lookup(T, idx, cfg)                 (INT32)
// (quantized tables: the group's planes summed exactly, then
// acc <- fp16_round(acc + fp16_round(scale * sum)) at its last plane).
// An index vector reads the tables as they were before its edge; a table
// write takes effect at that edge; out_valid follows in_valid & in_last by
// one cycle; a reset clears the accumulators and the step counter. A
// pipelined tile (shape.pipe_stages) is that datapath between the delays of
// tile_pipeline.hpp: everything shows shape.latency_cycles() edges after the
// edge sampling it.
class TileReference {
 public:
  explicit TileReference(TileShape shape);

  // Advances over the rising edge that samples `cycle`.
  void clock(const TileCycle& cycle);

  // After the edge: acc[m * N + n] as raw bits, out_valid, and the lut_mpgemm
  // accumulators [m x n] of the dot product they finish, if one finished.
  const std::vector<std::uint32_t>& acc() const { return pipeline_.shown().acc; }
  bool out_valid() const { return pipeline_.shown().out_valid; }
  const std::optional<Matrix>& result_due() const { return pipeline_.shown().result_due; }

 private:
  struct Outputs {
    std::vector<std::uint32_t> acc;
    bool out_valid = false;
    std::optional<Matrix> result_due;
  };

  // The unpipelined datapath over one edge; its table writes apply even in a
  // reset cycle (the table registers have no reset).
  void step(bool reset, const TileCycle& seen);
  void load(const TableLoad& load);

  TileShape shape_;
  // Canonical step within the dot product: plane step_ % w_bit.
  int step_ = 0;
  RowTables rows_;
  std::vector<std::uint32_t> acc_;
  std::vector<double> group_sum_;  // quantized tables: exact sum of the group's planes
  bool out_valid_ = false;
  std::optional<Matrix> result_due_;
  TilePipeline<TileCycle, Outputs> pipeline_;
};

}  // namespace lutsim::cycle_ref
