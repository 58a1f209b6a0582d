#include "compiler/passes/pass.hpp"

#include <stdexcept>
#include <utility>

namespace lutsim::compiler {

PassContext pass_context(const HardwareSpec& hw) {
  if (!hw.lut_tensor_core) {
    throw std::invalid_argument("hardware '" + hw.name +
                                "' has no lut_tensor_core section: the LUT passes need the LUT "
                                "array's geometry and table format");
  }
  return {hw.name, hw.lut_tensor_core->geometry, hw.lut_tensor_core->table_format};
}

nlohmann::json to_json(const PassReport& report) {
  nlohmann::json effects = nlohmann::json::array();
  for (const GemmEffect& e : report.effects) {
    nlohmann::json effect{
        {"gemms", e.gemms}, {"node", e.node}, {"outcome", e.outcome}, {"reason", e.reason}};
    if (!e.data.empty()) effect["data"] = e.data;
    effects.push_back(std::move(effect));
  }
  return {{"pass", report.pass},
          {"nodes_before", report.nodes_before},
          {"nodes_after", report.nodes_after},
          {"nodes_added", report.nodes_added},
          {"nodes_removed", report.nodes_removed},
          {"effects", effects}};
}

}  // namespace lutsim::compiler
