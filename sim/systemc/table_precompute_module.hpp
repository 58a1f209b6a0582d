#pragma once
// The SystemC shell of the table precompute unit: TablePrecomputeCore in a
// FifoBlock, with a bounded activation FIFO in and a bounded table FIFO out,
// so a producer and a consumer can stall it. SystemC stays in this file and
// its .cpp.

#include <cstdint>
#include <iosfwd>
#include <optional>

#include "sim/systemc/fifo_block.hpp"
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

using PrecomputeEdge = BlockEdge;

// A FifoBlock (its edge-by-edge behaviour) whose core is the precompute unit:
// a beat not presented is a cycle without a vector; a table on the core's
// output is the result. With `in` never empty and `out` never full the unit
// is cycle for cycle the RTL: the table of the beat taken at edge e leaves at
// edge e + PIPE_STAGES.
class TablePrecomputeModule : public FifoBlock<ActivationBeat, TableResult> {
 public:
  TablePrecomputeModule(const sc_core::sc_module_name& name, const TablePrecomputeConfig& config);

  const TablePrecomputeCore& core() const { return core_; }

 private:
  void reset_core() override;
  std::optional<TableResult> clock_core(const ActivationBeat* beat) override;

  TablePrecomputeCore core_;
};

}  // namespace lutsim::systemc
