#pragma once
// The SystemC shell of a LUT tile: a clocked thread around LutTileCore with a
// bounded operand FIFO in and a bounded result FIFO out, so a producer and a
// consumer can stall it. SystemC stays in this file and its .cpp.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <systemc>
#include <vector>

#include "sim/systemc/lut_tile_core.hpp"

namespace lutsim::systemc {

// One operand beat: the port values of one cycle of the tile (an index
// vector and/or table register writes).
struct TileBeat {
  cycle_ref::CycleInputs in;
};

// A finished dot product: the accumulators (acc[m * N + n], raw bits) and the
// edge at which the tile's out_valid rose.
struct TileResult {
  std::vector<std::uint32_t> acc;
  std::uint64_t cycle = 0;
};

// sc_fifo prints its contents with these.
std::ostream& operator<<(std::ostream& os, const TileBeat& beat);
std::ostream& operator<<(std::ostream& os, const TileResult& result);

// What the tile did at one clock edge.
struct TileEdge {
  std::uint64_t cycle = 0;  // edges since the start, 1 for the first
  bool reset = false;
  int beats_taken = 0;   // beats read from `in` (a reset flushes every queued beat)
  bool stalled = false;  // a result waited for room in `out`, so no beat was taken
};

// Every rising edge of clk:
// - rst high: the FIFO `in` is flushed, a held result dropped, the core reset;
// - a result held from an earlier edge is offered to `out` first; while it
//   waits the core is not clocked (back-pressure: no operand is taken, and a
//   pipelined core holds what is in flight, as a stall of its clock enable);
// - otherwise one beat is taken from `in` if there is one (else a bubble) and
//   the core clocked with it; when out_valid rises the accumulators go to
//   `out` in the same edge, or are held until `out` has room.
// With `in` never empty and `out` never full the tile is cycle for cycle the
// RTL: a result leaves at the edge at which the RTL raises out_valid,
// depth_cycles = 1 + PIPE_STAGES after the cycle presenting in_last.
class LutTileModule : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> rst;
  sc_core::sc_fifo_in<TileBeat> in;
  sc_core::sc_fifo_out<TileResult> out;

  LutTileModule(const sc_core::sc_module_name& name, const LutUnitConfig& config);

  const LutTileCore& core() const { return core_; }
  const TileEdge& last_edge() const { return edge_; }
  std::uint64_t stall_cycles() const { return stall_cycles_; }

 private:
  void run();
  void take_beat();

  LutTileCore core_;
  TileBeat beat_;
  std::optional<TileResult> held_;
  TileEdge edge_;
  std::uint64_t stall_cycles_ = 0;
};

}  // namespace lutsim::systemc
