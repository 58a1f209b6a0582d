#include <catch2/catch.hpp>

#include "compiler/ir/graph.hpp"
#include "compiler/ir/graph_check.hpp"
#include "compiler/ir/graph_dump.hpp"

using namespace lutsim;
using namespace lutsim::ir;

namespace {

Node row_op(std::string name, NodeKind kind, std::vector<std::int64_t> shape) {
  Node n;
  n.name = std::move(name);
  n.kind = kind;
  n.shape = std::move(shape);
  return n;
}

Node linear(std::string name, std::int64_t m, std::int64_t n, std::int64_t k) {
  Node l = row_op(std::move(name), NodeKind::kLinear, {m, n});
  l.gemm = {m, n, k, 1};
  l.weight_bits = 2;
  return l;
}

// input -> norm -> proj -> add(proj, input): the output.
struct Chain {
  Graph g;
  NodeId in, norm, proj, add;
};

Chain chain() {
  Chain c;
  c.in = c.g.add_node(row_op("x", NodeKind::kInput, {2, 8}), {}, {{2, 8}, DataType::kFp16});
  c.norm = c.g.add_node(row_op("norm", NodeKind::kNorm, {2, 8}), {c.in}, {{2, 8}, DataType::kFp16});
  c.proj = c.g.add_node(linear("proj", 2, 8, 8), {c.norm}, {{2, 8}, DataType::kFp16});
  c.add = c.g.add_node(row_op("add", NodeKind::kElementwise, {2, 8}), {c.proj, c.in},
                       {{2, 8}, DataType::kFp16});
  c.g.mark_output(c.add);
  return c;
}

}  // namespace

TEST_CASE("Graph: operands in order, consumers, topological order", "[compiler][ir]") {
  Chain c = chain();
  CHECK(c.g.node_count() == 4);
  CHECK(c.g.inputs(c.add) == std::vector<NodeId>{c.proj, c.in});
  CHECK(c.g.consumers(c.in) == std::vector<NodeId>{c.norm, c.add});
  CHECK(c.g.topological_order() == std::vector<NodeId>{c.in, c.norm, c.proj, c.add});
  CHECK(c.g.find("proj") == c.proj);
  CHECK_FALSE(c.g.find("nothing"));
  CHECK_NOTHROW(check_graph(c.g));
}

TEST_CASE("Graph: a copy is independent of the original", "[compiler][ir]") {
  Chain c = chain();
  Graph copy = c.g;
  copy.set_input(c.add, 1, c.norm);
  copy.node(c.proj).weight_bits = 4;
  CHECK(copy.inputs(c.add) == std::vector<NodeId>{c.proj, c.norm});
  CHECK(c.g.inputs(c.add) == std::vector<NodeId>{c.proj, c.in});
  CHECK(c.g.node(c.proj).weight_bits == 2);
}

TEST_CASE("Graph: removal keeps the other ids, a read node cannot go", "[compiler][ir]") {
  Chain c = chain();
  CHECK_THROWS_WITH(c.g.remove_node(c.norm), Catch::Contains("'norm' cannot be removed"));
  c.g.set_input(c.proj, 0, c.in);
  c.g.remove_node(c.norm);
  CHECK(c.g.node_count() == 3);
  CHECK(c.g.inputs(c.proj) == std::vector<NodeId>{c.in});
  CHECK(c.g.node(c.add).name == "add");
  CHECK_THROWS_AS(c.g.node(c.norm), GraphError);
  CHECK_THROWS_WITH(c.g.add_node(row_op("add", NodeKind::kNorm, {2, 8}), {c.in}, {}),
                    Catch::Contains("'add' exists already"));
}

TEST_CASE("check_graph: cycles, dangling tensors, shapes and operand counts", "[compiler][ir]") {
  SECTION("a cycle names a node on it") {
    Chain c = chain();
    c.g.set_input(c.norm, 0, c.add);
    CHECK_THROWS_WITH(check_graph(c.g), Catch::Contains("is on a cycle"));
  }
  SECTION("a tensor nobody reads") {
    Chain c = chain();
    c.g.add_node(row_op("unused", NodeKind::kNorm, {2, 8}), {c.in}, {{2, 8}, DataType::kFp16});
    CHECK_THROWS_WITH(check_graph(c.g),
                      "graph: node 'unused' (norm): writes a dangling tensor: no node reads it "
                      "and it is no graph output");
  }
  SECTION("a linear reading the wrong width") {
    Chain c = chain();
    c.g.node(c.proj).gemm.k = 16;
    CHECK_THROWS_WITH(check_graph(c.g), "graph: node 'proj' (linear): operand 0 reads 'norm' 2x8 "
                                        "fp16, expected 2x16");
  }
  SECTION("a written tensor unlike the node's shape") {
    Chain c = chain();
    c.g.set_output(c.norm, {{2, 4}, DataType::kFp16});
    CHECK_THROWS_WITH(check_graph(c.g),
                      "graph: node 'norm' (norm): writes 2x4 fp16, expected shape 2x8");
  }
  SECTION("an elementwise op reading other rows, or too few values") {
    Chain c = chain();
    c.g.node(c.add).shape = {3, 8};
    c.g.set_output(c.add, {{3, 8}, DataType::kFp16});
    CHECK_THROWS_WITH(check_graph(c.g), "graph: node 'add' (elementwise): reads 'proj' 2x8 fp16, "
                                        "expected 3 rows");
    c.g.node(c.add).shape = {1, 2, 17};
    c.g.set_output(c.add, {{1, 2, 17}, DataType::kFp16});
    CHECK_THROWS_WITH(check_graph(c.g), "graph: node 'add' (elementwise): reads 32 values in all, "
                                        "expected at least 34");
  }
  SECTION("an attention product with one operand") {
    Chain c = chain();
    Node score = row_op("score", NodeKind::kAttentionScore, {1, 2, 2});
    score.gemm = {2, 2, 8, 1};
    const NodeId s = c.g.add_node(score, {c.norm}, {{1, 2, 2}, DataType::kFp16});
    c.g.mark_output(s);
    CHECK_THROWS_WITH(check_graph(c.g), Catch::Contains("'score' (attention_score): has 1 "
                                                        "operand(s), expected 2"));
  }
  SECTION("no graph output") {
    Graph g;
    CHECK_THROWS_WITH(check_graph(g), "graph: no graph output");
  }
}

TEST_CASE("graph_dot and graph_json label kinds, shapes and dtypes", "[compiler][ir]") {
  const Chain c = chain();
  const std::string dot = graph_dot(c.g);
  CHECK_THAT(dot, Catch::StartsWith("digraph G {"));
  CHECK_THAT(dot, Catch::Contains("2[label=\"proj\\nlinear w2\\n2x8 fp16\"];"));
  CHECK_THAT(dot, Catch::Contains("1->2 [label=\"2x8 fp16\"];"));
  const nlohmann::json j = graph_json(c.g);
  REQUIRE(j["nodes"].size() == 4);
  CHECK(j["nodes"][2]["name"] == "proj");
  CHECK(j["nodes"][2]["gemm"] == nlohmann::json{{"m", 2}, {"n", 8}, {"k", 8}, {"batch", 1}});
  CHECK(j["nodes"][3]["inputs"] == nlohmann::json{"proj", "x"});
  CHECK(j["outputs"] == nlohmann::json{"add"});
}
