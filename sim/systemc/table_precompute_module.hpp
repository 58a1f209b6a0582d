#pragma once
// The SystemC shell of the table precompute unit: a clocked thread around
// TablePrecomputeCore with a bounded activation FIFO in and a bounded table
// FIFO out, so a producer and a consumer can stall it. SystemC stays in this
// file and its .cpp.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <systemc>

#include "sim/systemc/table_precompute_core.hpp"

namespace lutsim::systemc {

// One group of K activations (raw encodings).
struct ActivationBeat {
  ActivationVector x;
};

// A table leaving the unit: its entry bits and the edge it left at.
struct TableResult {
  PrecomputedTable table;
  std::uint64_t cycle = 0;
};

// sc_fifo prints its contents with these.
std::ostream& operator<<(std::ostream& os, const ActivationBeat& beat);
std::ostream& operator<<(std::ostream& os, const TableResult& result);

// What the unit did at one clock edge.
struct PrecomputeEdge {
  std::uint64_t cycle = 0;  // edges since the start, 1 for the first
  bool reset = false;
  int beats_taken = 0;   // beats read from `in` (a reset flushes every queued beat)
  bool stalled = false;  // a table waited for room in `out`, so no beat was taken
};

// Every rising edge of clk:
// - rst high: the FIFO `in` is flushed, a held table dropped, the core reset;
// - a table held from an earlier edge is offered to `out` first; while it
//   waits the core is not clocked (back-pressure: no beat is taken and the
//   vectors in flight stay where they are, as a stall of its clock enable);
// - otherwise one beat is taken from `in` if there is one (else none is
//   presented) and the core run for the cycle; a table on its output goes to
//   `out` at this edge, or is held until `out` has room.
// With `in` never empty and `out` never full the unit is cycle for cycle the
// RTL: the table of the beat taken at edge e leaves at edge e + PIPE_STAGES.
class TablePrecomputeModule : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> rst;
  sc_core::sc_fifo_in<ActivationBeat> in;
  sc_core::sc_fifo_out<TableResult> out;

  TablePrecomputeModule(const sc_core::sc_module_name& name, const TablePrecomputeConfig& config);

  const TablePrecomputeCore& core() const { return core_; }
  const PrecomputeEdge& last_edge() const { return edge_; }
  std::uint64_t stall_cycles() const { return stall_cycles_; }

 private:
  void run();
  void take_beat();

  TablePrecomputeCore core_;
  ActivationBeat beat_;
  std::optional<TableResult> held_;
  PrecomputeEdge edge_;
  std::uint64_t stall_cycles_ = 0;
};

}  // namespace lutsim::systemc
