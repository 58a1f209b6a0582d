#include "sim/systemc/table_precompute_module.hpp"

#include <ostream>

namespace lutsim::systemc {

std::ostream& operator<<(std::ostream& os, const ActivationBeat& beat) {
  return os << "activations(" << beat.x.size() << ")";
}

std::ostream& operator<<(std::ostream& os, const TableResult& result) {
  return os << "table(" << result.table.entries.size() << " entries, cycle " << result.cycle << ")";
}

TablePrecomputeModule::TablePrecomputeModule(const sc_core::sc_module_name& name,
                                             const TablePrecomputeConfig& config)
    : FifoBlock(name), core_(config) {}

void TablePrecomputeModule::reset_core() {
  core_.cycle(true, std::nullopt);
}

std::optional<TableResult> TablePrecomputeModule::clock_core(const ActivationBeat* beat) {
  core_.cycle(false, beat ? std::optional<ActivationVector>(beat->x) : std::nullopt);
  if (!core_.output()) return std::nullopt;
  return TableResult{*core_.output(), last_edge().cycle};
}

}  // namespace lutsim::systemc
