#include "compiler/ir/graph_check.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>

namespace lutsim::ir {
namespace {

std::string node_text(const Node& n) {
  return "node '" + n.name + "' (" + std::string(to_string(n.kind)) + ")";
}

GraphError node_error(const Node& n, const std::string& message) {
  return GraphError("graph: " + node_text(n) + ": " + message);
}

std::string tensor_text(const Tensor& t) {
  return shape_text(t.shape) + " " + std::string(to_string(t.dtype));
}

std::pair<std::size_t, std::size_t> operand_range(NodeKind kind) {
  switch (kind) {
    case NodeKind::kInput:
      return {0, 0};
    case NodeKind::kAttentionScore:
    case NodeKind::kAttentionValue:
      return {2, 2};
    case NodeKind::kElementwise:
      return {1, std::numeric_limits<std::size_t>::max()};
    case NodeKind::kLinear:
    case NodeKind::kPrecompute:
    case NodeKind::kLutLinear:
    case NodeKind::kNorm:
    case NodeKind::kSelectRows:
    case NodeKind::kReshape:
      break;
  }
  return {1, 1};
}

bool has_tables_output(const Node& n) {
  return n.tables && n.kind != NodeKind::kLutLinear;
}

// What an operand must be: an exact shape, or at least (exactly, for a
// reshape) `elements` values.
struct OperandRule {
  std::vector<std::int64_t> shape;
  std::int64_t elements = 0;
  bool exact = false;
};

OperandRule operand_rule(const Node& n, std::size_t slot) {
  const GemmDims& d = n.gemm;
  switch (n.kind) {
    case NodeKind::kLinear:
    case NodeKind::kPrecompute:
      return {{d.m, d.k}, 0};
    case NodeKind::kLutLinear:
      return {table_shape(d.m, d.k, *n.tables), 0};
    case NodeKind::kAttentionScore:
      // K comes from the KV cache, to which its producer appends the new
      // tokens' keys: at least one row of head_dim (k) per instance.
      return {{}, d.batch * (slot == 0 ? d.m * d.k : d.k)};
    case NodeKind::kAttentionValue:
      // V likewise: rows of head_dim (n) values.
      return {{}, d.batch * (slot == 0 ? d.m * d.k : d.n)};
    case NodeKind::kNorm:
    case NodeKind::kReshape:
      return {{}, elements_of(n.shape), true};
    case NodeKind::kInput:
    case NodeKind::kElementwise:
    case NodeKind::kSelectRows:
      break;
  }
  return {};
}

// An elementwise op's operands together hold at least its values (e.g. the
// Q and K of a rotary embedding, or the fused QKV projection they are columns
// of), and a matrix operand of a matrix op has its rows.
void check_elementwise(const Graph& g, NodeId id, const std::vector<NodeId>& in) {
  const Node& n = g.node(id);
  std::int64_t values = 0;
  for (const NodeId p : in) {
    const Tensor& t = g.output(p);
    values += t.elements();
    if (n.shape.size() == 2 && t.shape.size() == 2 && t.shape[0] != n.shape[0]) {
      throw node_error(n, "reads '" + g.node(p).name + "' " + tensor_text(t) + ", expected " +
                              std::to_string(n.shape[0]) + " rows");
    }
  }
  if (values < elements_of(n.shape)) {
    throw node_error(n, "reads " + std::to_string(values) + " values in all, expected at least " +
                            std::to_string(elements_of(n.shape)));
  }
}

void check_operand(const Graph& g, NodeId id, std::size_t slot, NodeId producer) {
  const Node& n = g.node(id);
  const Tensor& t = g.output(producer);
  const std::string read = "operand " + std::to_string(slot) + " reads '" +
                           g.node(producer).name + "' " + tensor_text(t);
  if (n.kind == NodeKind::kSelectRows) {
    const bool rows_ok = t.shape.size() == 2 && n.shape.size() == 2 && t.shape[1] == n.shape[1] &&
                         n.shape[0] > 0 && t.shape[0] % n.shape[0] == 0;
    if (!rows_ok) {
      throw node_error(n, read + ", expected whole rows of width " +
                              std::to_string(n.shape.back()) + ", a multiple of " +
                              std::to_string(n.shape.front()) + " rows");
    }
    return;
  }
  const OperandRule rule = operand_rule(n, slot);
  if (!rule.shape.empty() && t.shape != rule.shape) {
    throw node_error(n, read + ", expected " + shape_text(rule.shape));
  }
  if (t.elements() < rule.elements || (rule.exact && t.elements() != rule.elements)) {
    throw node_error(n, read + ", expected " + (rule.exact ? "" : "at least ") +
                            std::to_string(rule.elements) + " values");
  }
  if (n.kind == NodeKind::kLutLinear && g.node(producer).tables != n.tables) {
    throw node_error(n, read + ", not tables of the layout it reads (" +
                            std::string(to_string(n.tables->activation)) + " activations, " +
                            std::string(to_string(n.tables->format)) + " entries)");
  }
}

void check_node(const Graph& g, NodeId id) {
  const Node& n = g.node(id);
  const std::vector<NodeId> in = g.inputs(id);
  const auto [min, max] = operand_range(n.kind);
  if (in.size() < min || in.size() > max) {
    throw node_error(n, "has " + std::to_string(in.size()) + " operand(s), expected " +
                            (min == max ? "" : "at least ") + std::to_string(min));
  }
  if ((n.kind == NodeKind::kPrecompute || n.kind == NodeKind::kLutLinear) && !n.tables) {
    throw node_error(n, "has no table layout");
  }
  const Tensor& out = g.output(id);
  if (out.shape != written_shape(n)) {
    throw node_error(n, "writes " + tensor_text(out) + ", expected shape " +
                            shape_text(written_shape(n)));
  }
  if (has_tables_output(n) && out.dtype != n.tables->entry_dtype) {
    throw node_error(n, "writes tables of " + std::string(to_string(out.dtype)) + ", expected " +
                            std::string(to_string(n.tables->entry_dtype)));
  }
  for (std::size_t slot = 0; slot < in.size(); ++slot) check_operand(g, id, slot, in[slot]);
  if (n.kind == NodeKind::kElementwise) check_elementwise(g, id, in);
  const auto& outputs = g.outputs();
  if (g.consumers(id).empty() && std::find(outputs.begin(), outputs.end(), id) == outputs.end()) {
    throw node_error(n, "writes a dangling tensor: no node reads it and it is no graph output");
  }
}

}  // namespace

std::vector<std::int64_t> written_shape(const Node& node) {
  if (!has_tables_output(node)) return node.shape;
  if (node.shape.size() != 2) {
    throw node_error(node, "tables are built from a matrix, not a tensor of shape " +
                               shape_text(node.shape));
  }
  if (node.shape[1] % node.tables->group_size != 0) {
    throw node_error(node, "width " + std::to_string(node.shape[1]) +
                               " is not a multiple of the table group size " +
                               std::to_string(node.tables->group_size));
  }
  return table_shape(node.shape[0], node.shape[1], *node.tables);
}

void check_graph(const Graph& graph) {
  if (graph.outputs().empty()) throw GraphError("graph: no graph output");
  for (const NodeId id : graph.topological_order()) check_node(graph, id);
}

}  // namespace lutsim::ir
