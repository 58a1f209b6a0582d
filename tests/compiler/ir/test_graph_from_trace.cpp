#include <catch2/catch.hpp>

#include "compiler/ir/graph_check.hpp"
#include "compiler/ir/graph_from_trace.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_csv.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;
using namespace lutsim::ir;

namespace {

const ModelCatalog& catalog() {
  static const ModelCatalog c("configs");
  return c;
}

GemmTrace trace_of(const std::string& model, Phase phase, LinearFusion fusion) {
  TraceRequest r;
  r.phase = phase;
  r.batch = 2;
  r.seq_len = 16;
  r.kv_len = 10;
  r.weight_bits = 2;
  r.fusion = fusion;
  return make_trace(catalog().load(model), r);
}

NodeId id_of(const Graph& g, const std::string& name) {
  const auto id = g.find(name);
  REQUIRE(id);
  return *id;
}

std::vector<std::string> input_names(const Graph& g, const std::string& name) {
  std::vector<std::string> names;
  for (const NodeId in : g.inputs(id_of(g, name))) names.push_back(g.node(in).name);
  return names;
}

}  // namespace

TEST_CASE("graph_from_trace: every catalog model, phase and fusion gives a checked graph",
          "[compiler][ir]") {
  for (const std::string& model : catalog().names()) {
    for (const Phase phase : {Phase::kPrefill, Phase::kDecode}) {
      for (const LinearFusion fusion :
           {LinearFusion::kFramework, LinearFusion::kCheckpoint, LinearFusion::kSeparate}) {
        INFO(model << " " << to_string(phase) << " " << to_string(fusion));
        const GemmTrace t = trace_of(model, phase, fusion);
        const Graph g = graph_from_trace(t);
        // One node per op, the input, in prefill the LM head's row selection,
        // and the attention output's reshape into rows unless a sub-norm reads it.
        const bool sub_norms = catalog().load(model).sub_norms;
        CHECK(g.node_count() ==
              t.ops.size() + 1 + (phase == Phase::kPrefill ? 1 : 0) + (sub_norms ? 0 : 1));
        CHECK_NOTHROW(check_graph(g));
      }
    }
  }
}

TEST_CASE("graph_from_trace: Llama-2-7B decode, layer by layer", "[compiler][ir]") {
  const Graph g = graph_from_trace(trace_of("llama2_7b", Phase::kDecode, LinearFusion::kSeparate));
  // 2 sequences x 1 token; hidden 4096, 32 heads of 128, FFN 11008.
  CHECK(g.node_count() == 20);
  CHECK(g.output(id_of(g, "@input")) == Tensor{{2, 4096}, DataType::kFp16});
  CHECK(input_names(g, "q_proj") == std::vector<std::string>{"input_norm"});
  CHECK(g.consumers(id_of(g, "input_norm")).size() == 3);
  CHECK(input_names(g, "rotary_embedding") == std::vector<std::string>{"q_proj", "k_proj"});
  CHECK(input_names(g, "attn_value") == std::vector<std::string>{"attn_softmax", "v_proj"});
  CHECK(input_names(g, "attn_out") == std::vector<std::string>{"attn_out.reshape"});
  CHECK(g.output(id_of(g, "attn_out.reshape")) == Tensor{{2, 4096}, DataType::kFp16});
  CHECK(input_names(g, "ffn_act") == std::vector<std::string>{"ffn_gate", "ffn_up"});
  const Node& up = g.node(id_of(g, "ffn_up"));
  CHECK(up.kind == NodeKind::kLinear);
  CHECK(up.shape == std::vector<std::int64_t>{2, 11008});
  CHECK(up.weight_bits == 2);
  CHECK(up.count == 32);
  // attn_score: 2 sequences x 32 KV heads, 1 query row, 11 keys.
  CHECK(g.output(id_of(g, "attn_score")) == Tensor{{64, 1, 11}, DataType::kFp16});
  REQUIRE(g.outputs().size() == 1);
  CHECK(g.node(g.outputs().front()).name == "lm_head");
}

TEST_CASE("graph_from_trace: the prefill LM head reads the last token of each sequence",
          "[compiler][ir]") {
  const Graph g = graph_from_trace(trace_of("opt_6_7b", Phase::kPrefill, LinearFusion::kFramework));
  const NodeId select = id_of(g, "lm_head.last_tokens");
  CHECK(g.node(select).kind == NodeKind::kSelectRows);
  CHECK(input_names(g, "lm_head.last_tokens") == std::vector<std::string>{"final_norm"});
  CHECK(g.output(id_of(g, "final_norm")).shape == std::vector<std::int64_t>{32, 4096});
  CHECK(g.output(select).shape == std::vector<std::int64_t>{2, 4096});
  CHECK(input_names(g, "lm_head") == std::vector<std::string>{"lm_head.last_tokens"});
}

TEST_CASE("graph_from_trace: refused inputs", "[compiler][ir]") {
  GemmTrace t = trace_of("llama2_7b", Phase::kDecode, LinearFusion::kFramework);
  SECTION("no structure") {
    t.structure = TraceStructure::kNone;
    for (TraceOp& op : t.ops) op.inputs.clear();
    CHECK_THROWS_WITH(graph_from_trace(t), Catch::Contains("has no structure"));
  }
  SECTION("a norm without rows x width") {
    t.ops.front().m = 0;
    CHECK_THROWS_WITH(graph_from_trace(t),
                      "graph_from_trace: op 'input_norm' has m x n x batch = 0 x 4096 x 1, "
                      "expected its elements 8192 (the compiler needs rows x width)");
  }
  SECTION("an op whose output nobody reads") {
    t.ops.back().inputs = {"ffn_residual"};  // lm_head skips final_norm
    t.ops.back().k = 4096;
    CHECK_THROWS_WITH(graph_from_trace(t), Catch::Contains("node 'final_norm' (norm): writes a "
                                                           "dangling tensor"));
  }
  SECTION("a linear whose K is not its input's width") {
    t.ops[1].k = 1024;
    CHECK_THROWS_WITH(graph_from_trace(t),
                      "graph: node 'qkv_proj' (linear): operand 0 reads 'input_norm' 2x4096 "
                      "fp16, expected 2x1024");
  }
}

TEST_CASE("graph_from_trace: a trace CSV with the inputs column", "[compiler][ir]") {
  const GemmTrace t = trace_of("bloom_7b1", Phase::kDecode, LinearFusion::kCheckpoint);
  const GemmTrace read = parse_trace_csv(to_trace_csv(t), "bloom.csv");
  const Graph g = graph_from_trace(read);
  CHECK(g.node_count() == t.ops.size() + 2);
  CHECK(input_names(g, "alibi_bias") == std::vector<std::string>{"attn_score"});
}
