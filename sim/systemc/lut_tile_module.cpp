#include "sim/systemc/lut_tile_module.hpp"

#include <ostream>

namespace lutsim::systemc {

std::ostream& operator<<(std::ostream& os, const TileBeat& beat) {
  return os << "beat(valid " << beat.in.valid << ", first " << beat.in.first << ", last "
            << beat.in.last << ")";
}

std::ostream& operator<<(std::ostream& os, const TileResult& result) {
  return os << "result(" << result.acc.size() << " accumulators, cycle " << result.cycle << ")";
}

LutTileModule::LutTileModule(const sc_core::sc_module_name& name, const LutUnitConfig& config)
    : sc_core::sc_module(name), clk("clk"), rst("rst"), in("in"), out("out"), core_(config) {
  SC_HAS_PROCESS(LutTileModule);
  SC_THREAD(run);
  sensitive << clk.pos();
  dont_initialize();
}

void LutTileModule::run() {
  for (;;) {
    edge_ = {.cycle = edge_.cycle + 1, .reset = rst.read()};
    if (edge_.reset) {
      while (in->nb_read(beat_)) ++edge_.beats_taken;
      held_.reset();
      core_.clock(true, core_.bubble());
    } else {
      if (held_ && out->nb_write(*held_)) held_.reset();
      if (held_) {  // the core is not clocked: its pipeline holds what is in flight
        edge_.stalled = true;
        ++stall_cycles_;
      } else {
        take_beat();
      }
    }
    wait();
  }
}

void LutTileModule::take_beat() {
  const bool took = in->nb_read(beat_);
  edge_.beats_taken = took ? 1 : 0;
  core_.clock(false, took ? beat_.in : core_.bubble());
  if (!core_.out_valid()) return;
  TileResult result{core_.acc(), edge_.cycle};
  if (!out->nb_write(result)) held_ = std::move(result);
}

}  // namespace lutsim::systemc
