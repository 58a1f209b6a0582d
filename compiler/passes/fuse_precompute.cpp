#include "compiler/passes/fuse_precompute.hpp"

#include <optional>
#include <string>

namespace lutsim::compiler {
namespace {

using ir::Graph;
using ir::Node;
using ir::NodeId;
using ir::NodeKind;

std::string kind_text(const Node& n) {
  return "'" + n.name + "' (" + std::string(to_string(n.kind)) + ")";
}

std::string name_list(const Graph& g, const std::vector<NodeId>& ids) {
  std::string text;
  for (const NodeId id : ids) text += (text.empty() ? "'" : ", '") + g.node(id).name + "'";
  return text;
}

// Why the precompute `pre` cannot be fused into `producer`; nullopt when it can.
std::optional<std::string> blocker(const Graph& g, NodeId pre, NodeId producer) {
  const Node& p = g.node(producer);
  if (p.kind != NodeKind::kNorm && p.kind != NodeKind::kElementwise) {
    return "its activations come from " + kind_text(p) +
           ", not from a norm or elementwise op: the precompute stays its own kernel";
  }
  std::vector<NodeId> others;
  for (const NodeId c : g.consumers(producer)) {
    if (c != pre) others.push_back(c);
  }
  if (!others.empty()) {
    return kind_text(p) + " is also read by " + name_list(g, others) +
           ": its result must still be written";
  }
  return std::nullopt;
}

// Moves the precompute into its producer and removes it.
void fuse(Graph& g, NodeId pre, NodeId producer) {
  Node& p = g.node(producer);
  p.tables = g.node(pre).tables;
  p.fused.push_back(g.node(pre).name);
  g.set_output(producer, g.output(pre));
  for (const NodeId reader : g.consumers(pre)) {
    const std::vector<NodeId> in = g.inputs(reader);
    for (std::size_t slot = 0; slot < in.size(); ++slot) {
      if (in[slot] == pre) g.set_input(reader, slot, producer);
    }
  }
  g.remove_node(pre);
}

}  // namespace

std::vector<GemmEffect> FusePrecompute::run(Graph& graph, const PassContext&) const {
  std::vector<GemmEffect> effects;
  for (const NodeId pre : graph.topological_order()) {
    if (graph.node(pre).kind != NodeKind::kPrecompute) continue;
    const NodeId producer = graph.inputs(pre).front();
    std::vector<std::string> gemms;
    for (const NodeId reader : graph.consumers(pre)) gemms.push_back(graph.node(reader).name);
    const std::string pre_name = graph.node(pre).name;
    if (const auto why = blocker(graph, pre, producer)) {
      effects.push_back({gemms, pre_name, "not_fused", *why});
      continue;
    }
    const std::string into = kind_text(graph.node(producer));
    fuse(graph, pre, producer);
    effects.push_back({gemms, graph.node(producer).name, "fused",
                       pre_name + " fused into " + into + ": it writes the tables instead of "
                       "its result"});
  }
  return effects;
}

}  // namespace lutsim::compiler
