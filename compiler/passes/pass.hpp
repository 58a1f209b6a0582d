#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/ir/graph.hpp"
#include "core/lut/lut_config.hpp"
#include "core/specs/hardware_spec.hpp"

namespace lutsim::compiler {

// What the passes know of the target: the LUT array's geometry and table
// entry format, from the hardware config.
struct PassContext {
  std::string hardware;  // the hardware's name, for messages
  LutArrayGeometry geometry;
  // lut_tensor_core.table_format: the entries of floating activations'
  // tables; INT8 activations' are exact integer sums (table_format_for).
  TableEntryFormat table_format = TableEntryFormat::kFp16;
};

// The context of a hardware config; std::invalid_argument naming it when it
// has no lut_tensor_core section.
PassContext pass_context(const HardwareSpec& hw);

// What a pass did for some GEMMs (linears): e.g. split with new tables,
// shared tables, fused, not fused, kept, and why.
struct GemmEffect {
  std::vector<std::string> gemms;  // the linear nodes concerned
  std::string node;                // the node made, changed or kept
  std::string outcome;             // the pass's word for what happened
  std::string reason;
  // Figures of the effect, with units in their keys (e.g. table entries
  // before and after); an empty object when the pass reports none.
  nlohmann::json data = nlohmann::json::object();
};

// One pass's effect on the graph, as data.
struct PassReport {
  std::string pass;
  std::size_t nodes_before = 0;
  std::size_t nodes_after = 0;
  std::size_t nodes_added = 0;
  std::size_t nodes_removed = 0;
  std::vector<GemmEffect> effects;
};

nlohmann::json to_json(const PassReport& report);

// A graph transformation. run() leaves a graph that passes check_graph and
// returns the effects per GEMM (the pass manager fills the node counts).
class Pass {
 public:
  virtual ~Pass() = default;
  virtual std::vector<GemmEffect> run(ir::Graph& graph, const PassContext& context) const = 0;
};

}  // namespace lutsim::compiler
