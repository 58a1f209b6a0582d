#pragma once
// The SystemC shell of the ADD baseline's bit-serial unit: AddBitserialCore in
// a FifoBlock, with a bounded index FIFO in and a bounded result FIFO out, so
// a producer and a consumer can stall it. SystemC stays in this file and its
// .cpp.

#include <iosfwd>
#include <optional>

#include "sim/systemc/add_bitserial_core.hpp"
#include "sim/systemc/fifo_block.hpp"

namespace lutsim::systemc {

// One index beat: a weight plane's K bits with the group's K activations,
// and the dot product marks.
struct AddBitserialBeat {
  cycle_ref::AddBitserialIn in;
};

// sc_fifo prints its contents with this.
std::ostream& operator<<(std::ostream& os, const AddBitserialBeat& beat);

// A FifoBlock (its edge-by-edge behaviour) whose core is the ADD unit: a beat
// not presented is a bubble (in_valid low); when out_valid rises the
// accumulator is the result (one accumulator: acc has one element). With `in`
// never empty and `out` never full the unit is cycle for cycle the RTL: a
// result leaves at the edge at which the RTL raises out_valid, depth_cycles =
// 1 + PIPE_STAGES after the cycle presenting in_last.
class AddBitserialModule : public FifoBlock<AddBitserialBeat, TileResult> {
 public:
  AddBitserialModule(const sc_core::sc_module_name& name, const AddBitserialConfig& config);

  const AddBitserialCore& core() const { return core_; }

 private:
  void reset_core() override;
  std::optional<TileResult> clock_core(const AddBitserialBeat* beat) override;

  AddBitserialCore core_;
};

}  // namespace lutsim::systemc
