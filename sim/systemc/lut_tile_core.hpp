#pragma once
// The algorithm of a LUT tile (lut_dot_unit is the 1 x 1 case of lut_array),
// clock edge by clock edge on its port values, without SystemC: the table
// registers (written whole, readable from the next edge), the bit-serial
// sequencer (weight plane of each index vector, out_valid) and the M x N
// accumulators. Every value comes from the golden numerics through
// cycle_ref::accumulate_vector (core/lut's table_lookup and lut_mpgemm's
// accumulation order); the model adds the registers and their timing.

#include <cstdint>
#include <vector>

#include "sim/reference/tile_pipeline.hpp"
#include "sim/reference/tile_reference.hpp"
#include "sim/reference/tile_shape.hpp"
#include "sim/reference/tile_stimulus.hpp"
#include "sim/systemc/lut_unit_config.hpp"

namespace lutsim::systemc {

// What a tile did, for ppa/ to price.
struct LutTileActions {
  std::uint64_t index_vectors = 0;  // valid index vectors accepted
  std::uint64_t lookups = 0;        // table lookup-accumulates (row x column x step)
  std::uint64_t table_writes = 0;   // row table register writes
  std::uint64_t results = 0;        // dot products finished (out_valid)
};

class LutTileCore {
 public:
  // Throws UnsupportedLutUnit for a pipeline no lut_array has, or one that
  // differs from the shape's pipe_stages.
  explicit LutTileCore(const LutUnitConfig& config);

  const cycle_ref::TileShape& shape() const { return shape_; }
  // The port values a cycle without an index vector or table write carries.
  const cycle_ref::CycleInputs& bubble() const { return bubble_; }

  // One rising edge sampling `in`; a reset clears the accumulators, the
  // sequencer and out_valid, flushes the pipeline and ignores `in`'s index
  // vector (the table registers keep their contents, as in the RTL). An index
  // vector reads the tables as they were before the edge; a table write takes
  // effect at the edge. A pipelined tile (shape().pipe_stages) is that
  // datapath between the delays of sim/reference/tile_pipeline.hpp. Throws
  // std::logic_error for an index vector before every table register was
  // written (the RTL would read undefined bits).
  void clock(bool reset, const cycle_ref::CycleInputs& in);

  // After the edge: acc[m * N + n] as raw bits, and out_valid.
  const std::vector<std::uint32_t>& acc() const { return pipeline_.shown().acc; }
  bool out_valid() const { return pipeline_.shown().out_valid; }
  const LutTileActions& actions() const { return actions_; }

 private:
  struct Outputs {
    std::vector<std::uint32_t> acc;
    bool out_valid = false;
  };

  void step(bool reset, const cycle_ref::CycleInputs& in);
  void require_tables_written() const;
  void write_tables(const cycle_ref::CycleInputs& in);
  std::vector<LutTable> decode_tables(const cycle_ref::CycleInputs& in, std::size_t row) const;
  LutTable decode_stored(const std::vector<std::uint32_t>& words, std::size_t first) const;

  cycle_ref::TileShape shape_;
  LutGemmConfig datapath_;  // the golden datapath of the stored tables
  cycle_ref::CycleInputs bubble_;
  // The sequencer: canonical step of the next index vector within the dot
  // product (weight plane step_ % w_bit).
  int step_ = 0;
  cycle_ref::RowTables rows_;  // the table registers, decoded from their bits
  std::vector<std::uint32_t> acc_;
  std::vector<double> group_sum_;  // quantized tables: the group's planes, summed exactly
  bool out_valid_ = false;
  LutTileActions actions_;
  cycle_ref::TilePipeline<cycle_ref::CycleInputs, Outputs> pipeline_;
};

}  // namespace lutsim::systemc
