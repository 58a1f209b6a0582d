#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "compiler/ir/graph.hpp"
#include "compiler/passes/pass.hpp"
#include "workloads/trace.hpp"

namespace lutsim::compiler {

// Where one LUT linear's tables come from, as the passes left the graph.
struct LinearTables {
  std::string source;   // the node writing the tables: a precompute, or the op it is fused into
  bool fused = false;   // the tables are written by the preceding norm or elementwise op
  bool builds = false;  // the first reader of `source` in trace order: the tables are built for it
};

// The precompute decisions for a trace: per trace op, in trace order, the
// tables of each op that became a LUT linear, nullopt for every other op.
struct PrecomputePlan {
  std::vector<std::optional<LinearTables>> ops;

  std::size_t precomputes() const;        // tables built: one per source
  std::size_t fused_precomputes() const;  // of which fused into the preceding op
};

// The passes that decide the precompute: reinterpret_weights (the tables'
// form) then split_precompute (every precompute its own kernel), or those
// then fuse_precompute (the default pass list).
const std::vector<std::string>& precompute_passes(bool fused);

// Reads the plan off `graph`, the graph of `trace` after the passes: each
// lut_linear node is the trace op of its name. GraphError when a LUT linear
// names no op of the trace or reads its tables from neither a precompute nor
// an op with a precompute fused into it.
PrecomputePlan plan_of(const ir::Graph& graph, const GemmTrace& trace);

// Builds the graph of `trace` (graph_from_trace: GraphError for a trace
// without structure), runs `passes` on it and reads the plan off the result.
PrecomputePlan precompute_plan(const GemmTrace& trace, const PassContext& context,
                               const std::vector<std::string>& passes);

}  // namespace lutsim::compiler
