#include "sim/systemc/add_bitserial_module.hpp"

#include <ostream>

namespace lutsim::systemc {

std::ostream& operator<<(std::ostream& os, const AddBitserialBeat& beat) {
  return os << "add_beat(valid " << beat.in.valid << ", first " << beat.in.first << ", last "
            << beat.in.last << ", idx " << beat.in.idx << ")";
}

AddBitserialModule::AddBitserialModule(const sc_core::sc_module_name& name,
                                       const AddBitserialConfig& config)
    : FifoBlock(name), core_(config) {}

void AddBitserialModule::reset_core() {
  core_.clock(true, cycle_ref::AddBitserialIn{});
}

std::optional<TileResult> AddBitserialModule::clock_core(const AddBitserialBeat* beat) {
  core_.clock(false, beat ? beat->in : cycle_ref::AddBitserialIn{});
  if (!core_.out_valid()) return std::nullopt;
  return TileResult{{core_.acc()}, last_edge().cycle};
}

}  // namespace lutsim::systemc
