#include "sim/systemc/table_precompute_module.hpp"

#include <ostream>
#include <utility>

namespace lutsim::systemc {

std::ostream& operator<<(std::ostream& os, const ActivationBeat& beat) {
  return os << "activations(" << beat.x.size() << ")";
}

std::ostream& operator<<(std::ostream& os, const TableResult& result) {
  return os << "table(" << result.table.entries.size() << " entries, cycle " << result.cycle << ")";
}

TablePrecomputeModule::TablePrecomputeModule(const sc_core::sc_module_name& name,
                                             const TablePrecomputeConfig& config)
    : sc_core::sc_module(name), clk("clk"), rst("rst"), in("in"), out("out"), core_(config) {
  SC_HAS_PROCESS(TablePrecomputeModule);
  SC_THREAD(run);
  sensitive << clk.pos();
  dont_initialize();
}

void TablePrecomputeModule::run() {
  for (;;) {
    edge_ = {.cycle = edge_.cycle + 1, .reset = rst.read()};
    if (edge_.reset) {
      while (in->nb_read(beat_)) ++edge_.beats_taken;
      held_.reset();
      core_.cycle(true, std::nullopt);
    } else {
      if (held_ && out->nb_write(*held_)) held_.reset();
      if (held_) {  // the core is not clocked: the vectors in flight stay
        edge_.stalled = true;
        ++stall_cycles_;
      } else {
        take_beat();
      }
    }
    wait();
  }
}

void TablePrecomputeModule::take_beat() {
  const bool took = in->nb_read(beat_);
  edge_.beats_taken = took ? 1 : 0;
  core_.cycle(false, took ? std::optional<ActivationVector>(beat_.x) : std::nullopt);
  if (!core_.output()) return;
  TableResult result{*core_.output(), edge_.cycle};
  if (!out->nb_write(result)) held_ = std::move(result);
}

}  // namespace lutsim::systemc
