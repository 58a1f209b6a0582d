#include "compiler/passes/reinterpret_weights.hpp"

#include <stdexcept>
#include <string>

namespace lutsim::compiler {
namespace {

// Entries of a table indexed by the unsigned codes of k weights: every
// subset sum of its k activations.
int unsigned_entries(const LutArrayGeometry& g) {
  return 1 << g.k;
}

GemmEffect reinterpreted(const ir::Node& n, const PassContext& c) {
  const int before = unsigned_entries(c.geometry);
  const int after = c.geometry.table_entries();
  const int offset = (1 << n.weight_bits) - 1;
  return {{n.name},
          n.name,
          "reinterpreted",
          "codes q -> 2q - " + std::to_string(offset) + ", scale / 2, zero point 2z - " +
              std::to_string(offset) + ": tables of " + std::to_string(c.geometry.k) +
              " activations " + std::to_string(before) + " -> " + std::to_string(after) +
              " entries (" + std::string(to_string(c.geometry.table_form)) + ")",
          {{"weight_bits", n.weight_bits},
           {"table_entries_before", before},
           {"table_entries_after", after}}};
}

}  // namespace

std::vector<GemmEffect> ReinterpretWeights::run(ir::Graph& graph,
                                                const PassContext& context) const {
  std::vector<GemmEffect> effects;
  for (const ir::NodeId id : graph.topological_order()) {
    ir::Node& n = graph.node(id);
    if (n.kind == ir::NodeKind::kLutLinear) {
      throw std::invalid_argument(std::string(kName) + ": linear '" + n.name +
                                  "' is split already (its tables are built for its codes): "
                                  "run reinterpret_weights before split_precompute");
    }
    if (n.kind != ir::NodeKind::kLinear || n.weight_code == ir::WeightCode::kOdd) continue;
    if (n.weight_bits == 16) {
      effects.push_back({{n.name}, n.name, "kept", "16-bit weights: a dense GEMM, no tables"});
    } else if (!context.geometry.symmetric()) {
      effects.push_back({{n.name},
                         n.name,
                         "kept",
                         "the tables of " + context.hardware +
                             " are unsigned_full: they are indexed by unsigned codes"});
    } else {
      effects.push_back(reinterpreted(n, context));
      n.weight_code = ir::WeightCode::kOdd;
    }
  }
  return effects;
}

}  // namespace lutsim::compiler
