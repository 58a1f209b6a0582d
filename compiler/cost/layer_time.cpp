#include "compiler/cost/layer_time.hpp"

#include <algorithm>

namespace lutsim::compiler {
namespace {

// A node with a fused precompute as it was before the fusion: writing its
// own result (shape, act_dtype) instead of the tables.
double unfused_time_s(const NodeRun& fused, const NodeTimer& timer) {
  ir::Node node = fused.node;
  node.tables.reset();
  node.fused.clear();
  const NodeRun run{node, fused.operands, {node.shape, node.act_dtype}};
  return timer.time_s(run);
}

bool has_fused_precompute(const ir::Node& n) {
  return n.tables && (n.kind == ir::NodeKind::kNorm || n.kind == ir::NodeKind::kElementwise);
}

}  // namespace

NodeRun node_run(const ir::Graph& graph, ir::NodeId id) {
  NodeRun run{graph.node(id), {}, graph.output(id)};
  for (const ir::NodeId p : graph.inputs(id)) run.operands.push_back(graph.output(p));
  return run;
}

LayerTime layer_time(const ir::Graph& graph, const NodeTimer& timer) {
  LayerTime t;
  for (const ir::NodeId id : graph.node_ids()) t.layers = std::max(t.layers, graph.node(id).count);
  for (const ir::NodeId id : graph.node_ids()) {
    const ir::Node& n = graph.node(id);
    if (n.count != t.layers) continue;
    const NodeRun run = node_run(graph, id);
    const double time = timer.time_s(run);
    t.layer_s += time;
    if (n.kind == ir::NodeKind::kPrecompute) t.precompute_s += time;
    if (has_fused_precompute(n)) t.precompute_s += time - unfused_time_s(run, timer);
  }
  return t;
}

}  // namespace lutsim::compiler
