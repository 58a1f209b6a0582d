#include "tests/compiler/passes/mini_layer.hpp"

#include <utility>

namespace lutsim::test {
namespace {

using ir::Node;
using ir::NodeId;
using ir::NodeKind;

class LayerBuilder {
 public:
  explicit LayerBuilder(DataType act) : act_(act) {}

  NodeId op(std::string name, NodeKind kind, std::vector<std::int64_t> shape,
            std::vector<NodeId> in, ir::GemmDims gemm = {}) {
    Node n;
    n.name = std::move(name);
    n.kind = kind;
    n.shape = shape;
    n.gemm = gemm;
    return g_.add_node(std::move(n), in, {std::move(shape), DataType::kFp16});
  }

  NodeId linear(std::string name, std::int64_t n, std::int64_t k, NodeId in, int bits = 2) {
    const NodeId id = op(std::move(name), NodeKind::kLinear, {4, n}, {in}, {4, n, k, 1});
    g_.node(id).weight_bits = bits;
    g_.node(id).act_dtype = bits == 16 ? DataType::kFp16 : act_;
    return id;
  }

  ir::Graph& graph() { return g_; }

 private:
  DataType act_;
  ir::Graph g_;
};

}  // namespace

ir::Graph mini_layer(DataType act, bool shared_norm) {
  LayerBuilder b(act);
  const NodeId x = b.op("x", NodeKind::kInput, {4, 8}, {});
  const NodeId norm = b.op("norm", NodeKind::kNorm, {4, 8}, {x});
  const NodeId q = b.linear("q", 8, 8, norm);
  const NodeId k = b.linear("k", 8, 8, norm);
  const NodeId v = b.linear("v", 8, 8, norm);
  const NodeId score = b.op("score", NodeKind::kAttentionScore, {1, 4, 4}, {q, k}, {4, 4, 8, 1});
  const NodeId value =
      b.op("value", NodeKind::kAttentionValue, {1, 4, 8}, {score, v}, {4, 8, 4, 1});
  const NodeId heads = b.op("o.reshape", NodeKind::kReshape, {4, 8}, {value});
  const NodeId o = b.linear("o", 8, 8, heads);
  const NodeId res = b.op("res", NodeKind::kElementwise, {4, 8}, {o, shared_norm ? norm : x});
  const NodeId norm2 = b.op("norm2", NodeKind::kNorm, {4, 8}, {res});
  const NodeId gate = b.linear("gate", 16, 8, norm2);
  const NodeId up = b.linear("up", 16, 8, norm2);
  const NodeId act_out = b.op("act", NodeKind::kElementwise, {4, 16}, {gate, up});
  const NodeId down = b.linear("down", 8, 16, act_out);
  const NodeId out = b.op("out", NodeKind::kElementwise, {4, 8}, {down, res});
  const NodeId head = b.linear("head", 8, 8, out, 16);
  b.graph().mark_output(head);
  return std::move(b.graph());
}

ir::Graph mini_block() {
  LayerBuilder b(DataType::kFp16);
  const NodeId x = b.op("x", NodeKind::kInput, {4, 8}, {});
  const NodeId norm = b.op("norm", NodeKind::kNorm, {4, 8}, {x});
  const NodeId q = b.linear("q", 8, 8, norm);
  const NodeId k = b.linear("k", 8, 8, norm);
  const NodeId act = b.op("act", NodeKind::kElementwise, {4, 8}, {q, k});
  const NodeId down = b.linear("down", 8, 8, act);
  b.graph().mark_output(b.op("out", NodeKind::kElementwise, {4, 8}, {down, x}));
  return std::move(b.graph());
}

ir::Graph mini_linear(std::int64_t k, int weight_bits, DataType act) {
  LayerBuilder b(act);
  const NodeId x = b.op("x", NodeKind::kInput, {4, k}, {});
  b.graph().mark_output(b.linear("lin", 8, k, x, weight_bits));
  return std::move(b.graph());
}

compiler::PassContext mini_context(TableEntryFormat format) {
  return {"mini", LutArrayGeometry{.m = 2, .n = 64, .k = 4}, format};
}

std::vector<std::string> names_of_inputs(const ir::Graph& g, const std::string& node) {
  std::vector<std::string> names;
  for (const NodeId in : g.inputs(*g.find(node))) names.push_back(g.node(in).name);
  return names;
}

}  // namespace lutsim::test
