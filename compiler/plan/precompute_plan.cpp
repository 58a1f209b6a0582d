#include "compiler/plan/precompute_plan.hpp"

#include <set>

#include "compiler/ir/graph_from_trace.hpp"
#include "compiler/passes/fuse_precompute.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "compiler/passes/reinterpret_weights.hpp"
#include "compiler/passes/split_precompute.hpp"

namespace lutsim::compiler {
namespace {

std::size_t op_index(const GemmTrace& trace, const std::string& name) {
  for (std::size_t i = 0; i < trace.ops.size(); ++i) {
    if (trace.ops[i].name == name) return i;
  }
  throw ir::GraphError("precompute plan: LUT linear '" + name + "' is no op of the trace");
}

LinearTables tables_of(const ir::Graph& g, ir::NodeId linear) {
  const ir::Node& source = g.node(g.inputs(linear).front());
  if (source.kind == ir::NodeKind::kPrecompute) return {source.name, false, false};
  if (source.tables && !source.fused.empty()) return {source.name, true, false};
  throw ir::GraphError("precompute plan: LUT linear '" + g.node(linear).name +
                       "' reads its tables from '" + source.name +
                       "', neither a precompute nor an op with one fused into it");
}

}  // namespace

std::size_t PrecomputePlan::precomputes() const {
  std::size_t n = 0;
  for (const auto& t : ops) n += t && t->builds ? 1 : 0;
  return n;
}

std::size_t PrecomputePlan::fused_precomputes() const {
  std::size_t n = 0;
  for (const auto& t : ops) n += t && t->builds && t->fused ? 1 : 0;
  return n;
}

const std::vector<std::string>& precompute_passes(bool fused) {
  static const std::vector<std::string> kSplit{std::string(ReinterpretWeights::kName),
                                               std::string(SplitPrecompute::kName)};
  static const std::vector<std::string> kSplitFuse{std::string(ReinterpretWeights::kName),
                                                   std::string(SplitPrecompute::kName),
                                                   std::string(FusePrecompute::kName)};
  return fused ? kSplitFuse : kSplit;
}

PrecomputePlan plan_of(const ir::Graph& graph, const GemmTrace& trace) {
  PrecomputePlan plan;
  plan.ops.resize(trace.ops.size());
  for (const ir::NodeId id : graph.node_ids()) {
    if (graph.node(id).kind != ir::NodeKind::kLutLinear) continue;
    plan.ops[op_index(trace, graph.node(id).name)] = tables_of(graph, id);
  }
  std::set<std::string> built;
  for (auto& t : plan.ops) {
    if (t) t->builds = built.insert(t->source).second;
  }
  return plan;
}

PrecomputePlan precompute_plan(const GemmTrace& trace, const PassContext& context,
                               const std::vector<std::string>& passes) {
  ir::Graph graph = ir::graph_from_trace(trace);
  run_passes(graph, passes, context);
  return plan_of(graph, trace);
}

}  // namespace lutsim::compiler
