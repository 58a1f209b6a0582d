#pragma once
// The SystemC shell of the MAC baseline's tile (mac_dot_unit, mac_array):
// MacTileCore in a FifoBlock, with a bounded operand FIFO in and a bounded
// result FIFO out, so a producer and a consumer can stall it. SystemC stays
// in this file and its .cpp.

#include <iosfwd>
#include <optional>

#include "sim/systemc/fifo_block.hpp"
#include "sim/systemc/mac_tile_core.hpp"

namespace lutsim::systemc {

// One operand vector: row m's K operands a[m], column n's K operands b[n]
// (raw bits), and the dot product marks.
struct MacBeat {
  cycle_ref::MacOperandsIn in;
};

// sc_fifo prints its contents with this.
std::ostream& operator<<(std::ostream& os, const MacBeat& beat);

// A FifoBlock (its edge-by-edge behaviour) whose core is the MAC tile: a beat
// not presented is a bubble (in_valid low); when out_valid rises the M x N
// accumulators are the result. With `in` never empty and `out` never full the
// tile is cycle for cycle the RTL: a result leaves at the edge at which the
// RTL raises out_valid, depth_cycles = 1 + PIPE_STAGES after the cycle
// presenting in_last.
class MacTileModule : public FifoBlock<MacBeat, TileResult> {
 public:
  MacTileModule(const sc_core::sc_module_name& name, const MacTileConfig& config);

  const MacTileCore& core() const { return core_; }

 private:
  void reset_core() override;
  std::optional<TileResult> clock_core(const MacBeat* beat) override;

  MacTileCore core_;
};

}  // namespace lutsim::systemc
