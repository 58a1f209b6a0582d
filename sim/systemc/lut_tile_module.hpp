#pragma once
// The SystemC shell of a LUT tile: LutTileCore in a FifoBlock, with a bounded
// operand FIFO in and a bounded result FIFO out, so a producer and a consumer
// can stall it. SystemC stays in this file and its .cpp.

#include <iosfwd>
#include <optional>

#include "sim/systemc/fifo_block.hpp"
#include "sim/systemc/lut_tile_core.hpp"

namespace lutsim::systemc {

// One operand beat: the port values of one cycle of the tile (an index
// vector and/or table register writes).
struct TileBeat {
  cycle_ref::CycleInputs in;
};

// sc_fifo prints its contents with this.
std::ostream& operator<<(std::ostream& os, const TileBeat& beat);

using TileEdge = BlockEdge;

// A FifoBlock (its edge-by-edge behaviour) whose core is the tile: a beat not
// presented is a bubble; when out_valid rises the accumulators are the result.
// With `in` never empty and `out` never full the tile is cycle for cycle the
// RTL: a result leaves at the edge at which the RTL raises out_valid,
// depth_cycles = 1 + PIPE_STAGES after the cycle presenting in_last.
class LutTileModule : public FifoBlock<TileBeat, TileResult> {
 public:
  LutTileModule(const sc_core::sc_module_name& name, const LutUnitConfig& config);

  const LutTileCore& core() const { return core_; }

 private:
  void reset_core() override;
  std::optional<TileResult> clock_core(const TileBeat* beat) override;

  LutTileCore core_;
};

}  // namespace lutsim::systemc
