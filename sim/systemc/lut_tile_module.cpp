#include "sim/systemc/lut_tile_module.hpp"

#include <ostream>

namespace lutsim::systemc {

std::ostream& operator<<(std::ostream& os, const TileBeat& beat) {
  return os << "beat(valid " << beat.in.valid << ", first " << beat.in.first << ", last "
            << beat.in.last << ")";
}

LutTileModule::LutTileModule(const sc_core::sc_module_name& name, const LutUnitConfig& config)
    : FifoBlock(name), core_(config) {}

void LutTileModule::reset_core() {
  core_.clock(true, core_.bubble());
}

std::optional<TileResult> LutTileModule::clock_core(const TileBeat* beat) {
  core_.clock(false, beat ? beat->in : core_.bubble());
  if (!core_.out_valid()) return std::nullopt;
  return TileResult{core_.acc(), last_edge().cycle};
}

}  // namespace lutsim::systemc
