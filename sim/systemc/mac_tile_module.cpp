#include "sim/systemc/mac_tile_module.hpp"

#include <ostream>

namespace lutsim::systemc {

std::ostream& operator<<(std::ostream& os, const MacBeat& beat) {
  return os << "mac_beat(valid " << beat.in.valid << ", first " << beat.in.first << ", last "
            << beat.in.last << ")";
}

MacTileModule::MacTileModule(const sc_core::sc_module_name& name, const MacTileConfig& config)
    : FifoBlock(name), core_(config) {}

void MacTileModule::reset_core() {
  core_.clock(true, cycle_ref::MacOperandsIn{});
}

std::optional<TileResult> MacTileModule::clock_core(const MacBeat* beat) {
  core_.clock(false, beat ? beat->in : cycle_ref::MacOperandsIn{});
  if (!core_.out_valid()) return std::nullopt;
  return TileResult{core_.acc(), last_edge().cycle};
}

}  // namespace lutsim::systemc
