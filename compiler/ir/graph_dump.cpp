#include "compiler/ir/graph_dump.hpp"

namespace lutsim::ir {
namespace {

std::string tensor_label(const Tensor& t) {
  return shape_text(t.shape) + " " + std::string(to_string(t.dtype));
}

bool is_gemm(NodeKind kind) {
  return kind == NodeKind::kLinear || kind == NodeKind::kLutLinear ||
         kind == NodeKind::kAttentionScore || kind == NodeKind::kAttentionValue;
}

bool reads_weights(NodeKind kind) {
  return kind == NodeKind::kLinear || kind == NodeKind::kLutLinear;
}

std::string node_label(const Graph& g, NodeId id) {
  const Node& n = g.node(id);
  std::string label = n.name + "\\n" + std::string(to_string(n.kind));
  if (reads_weights(n.kind)) {
    label += " w" + std::to_string(n.weight_bits);
    if (n.weight_code == WeightCode::kOdd) label += " odd";
  }
  if (!n.fused.empty()) {
    std::string fused;
    for (const std::string& f : n.fused) fused += (fused.empty() ? "" : ", ") + f;
    label += "\\n+ " + fused;
  }
  return label + "\\n" + tensor_label(g.output(id));
}

nlohmann::json node_json(const Graph& g, NodeId id) {
  const Node& n = g.node(id);
  nlohmann::json inputs = nlohmann::json::array();
  for (const NodeId in : g.inputs(id)) inputs.push_back(g.node(in).name);
  const Tensor& out = g.output(id);
  nlohmann::json j{{"id", id},
                   {"name", n.name},
                   {"kind", std::string(to_string(n.kind))},
                   {"inputs", inputs},
                   {"shape", n.shape},
                   {"output", {{"shape", out.shape}, {"dtype", std::string(to_string(out.dtype))}}},
                   {"count", n.count},
                   {"act_dtype", std::string(to_string(n.act_dtype))}};
  if (is_gemm(n.kind)) {
    j["gemm"] = {{"m", n.gemm.m}, {"n", n.gemm.n}, {"k", n.gemm.k}, {"batch", n.gemm.batch}};
  }
  if (reads_weights(n.kind)) {
    j["weight_bits"] = n.weight_bits;
    if (n.weight_bits != 16) j["weight_code"] = std::string(to_string(n.weight_code));
  }
  if (n.tables) {
    j["tables"] = {{"group_size", n.tables->group_size},
                   {"entries", n.tables->entries},
                   {"format", std::string(to_string(n.tables->format))},
                   {"entry_dtype", std::string(to_string(n.tables->entry_dtype))},
                   {"activation", std::string(to_string(n.tables->activation))}};
  }
  if (!n.fused.empty()) j["fused"] = n.fused;
  return j;
}

}  // namespace

std::string graph_dot(const Graph& graph) {
  return graph.to_dot([&](NodeId id) { return node_label(graph, id); },
                      [&](NodeId producer) { return tensor_label(graph.output(producer)); });
}

nlohmann::json graph_json(const Graph& graph) {
  nlohmann::json nodes = nlohmann::json::array();
  for (const NodeId id : graph.topological_order()) nodes.push_back(node_json(graph, id));
  nlohmann::json outputs = nlohmann::json::array();
  for (const NodeId id : graph.outputs()) outputs.push_back(graph.node(id).name);
  return {{"nodes", nodes}, {"outputs", outputs}};
}

}  // namespace lutsim::ir
