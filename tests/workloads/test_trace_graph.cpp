#include <catch2/catch.hpp>

#include "tests/workloads/trace_lookup.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"
#include "workloads/trace_graph.hpp"

using namespace lutsim;
using test::op_named;
using Inputs = std::vector<std::string>;

namespace {

GemmTrace trace_of(const std::string& model, LinearFusion fusion) {
  static const ModelCatalog catalog("configs");
  TraceRequest r;
  r.batch = 2;
  r.kv_len = 10;
  r.weight_bits = 2;
  r.fusion = fusion;
  return make_trace(catalog.load(model), r);
}

const Inputs& inputs(const GemmTrace& t, const std::string& op) {
  return op_named(t, op).inputs;
}

// A three-op trace with structure: norm -> linear -> residual add.
GemmTrace small() {
  GemmTrace t;
  t.model = "small";
  t.structure = TraceStructure::kDataflow;
  t.ops = {
      {.name = "norm", .kind = OpKind::kNorm, .elements = 8, .inputs = {"@input"}},
      {.name = "proj", .kind = OpKind::kLinear, .m = 2, .n = 4, .k = 4, .inputs = {"norm"}},
      {.name = "add", .kind = OpKind::kElementwise, .elements = 8, .inputs = {"proj", "@input"}}};
  return t;
}

std::string graph_error(const GemmTrace& t) {
  try {
    trace_graph(t);
  } catch (const TraceStructureError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("make_trace gives every model family its dataflow", "[workloads]") {
  for (const auto& model : {"OPT-6.7B", "BLOOM-7B1", "Llama-2-7B", "BitNet-b1.58-2B4T"}) {
    for (const auto f :
         {LinearFusion::kFramework, LinearFusion::kCheckpoint, LinearFusion::kSeparate}) {
      INFO(model << " " << to_string(f));
      const GemmTrace t = trace_of(model, f);
      CHECK(t.structure == TraceStructure::kDataflow);
      CHECK(trace_graph(t).producers.size() == t.ops.size());
      CHECK(inputs(t, "final_norm") == Inputs{"ffn_residual"});
      CHECK(inputs(t, "lm_head") == Inputs{"final_norm"});
      CHECK(inputs(t, "ffn_residual") == Inputs{"ffn_down", "attn_residual"});
    }
  }
}

TEST_CASE("OPT: one fused qkv_proj feeds Q, K and V; the FFN is not gated", "[workloads]") {
  const GemmTrace t = trace_of("OPT-6.7B", LinearFusion::kFramework);
  CHECK(inputs(t, "input_norm") == Inputs{"@input"});
  CHECK(inputs(t, "qkv_proj") == Inputs{"input_norm"});
  CHECK(inputs(t, "attn_score") == Inputs{"qkv_proj", "qkv_proj"});
  CHECK(inputs(t, "attn_softmax") == Inputs{"attn_score"});
  CHECK(inputs(t, "attn_value") == Inputs{"attn_softmax", "qkv_proj"});
  CHECK(inputs(t, "attn_out") == Inputs{"attn_value"});
  CHECK(inputs(t, "attn_residual") == Inputs{"attn_out", "@input"});
  CHECK(inputs(t, "post_attn_norm") == Inputs{"attn_residual"});
  CHECK(inputs(t, "ffn_up") == Inputs{"post_attn_norm"});
  CHECK(inputs(t, "ffn_act") == Inputs{"ffn_up"});
  CHECK(inputs(t, "ffn_down") == Inputs{"ffn_act"});
}

TEST_CASE("BLOOM: the embedding norm feeds the layers; ALiBi sits between scores and softmax",
          "[workloads]") {
  const GemmTrace t = trace_of("BLOOM-7B1", LinearFusion::kFramework);
  CHECK(inputs(t, "embed_norm") == Inputs{"@input"});
  CHECK(inputs(t, "input_norm") == Inputs{"embed_norm"});
  CHECK(inputs(t, "attn_residual") == Inputs{"attn_out", "embed_norm"});
  CHECK(inputs(t, "alibi_bias") == Inputs{"attn_score"});
  CHECK(inputs(t, "attn_softmax") == Inputs{"alibi_bias"});
}

TEST_CASE("Llama: rotary on Q and K, and a gated FFN merged or apart", "[workloads]") {
  const GemmTrace merged = trace_of("Llama-2-7B", LinearFusion::kFramework);
  CHECK(inputs(merged, "rotary_embedding") == Inputs{"qkv_proj"});
  CHECK(inputs(merged, "attn_score") == Inputs{"rotary_embedding", "rotary_embedding"});
  CHECK(inputs(merged, "attn_value") == Inputs{"attn_softmax", "qkv_proj"});
  CHECK(inputs(merged, "ffn_gate_up") == Inputs{"post_attn_norm"});
  CHECK(inputs(merged, "ffn_act") == Inputs{"ffn_gate_up", "ffn_gate_up"});
  const GemmTrace apart = trace_of("Llama-2-7B", LinearFusion::kSeparate);
  for (const auto& linear : {"q_proj", "k_proj", "v_proj"}) {
    CHECK(inputs(apart, linear) == Inputs{"input_norm"});
  }
  CHECK(inputs(apart, "rotary_embedding") == Inputs{"q_proj", "k_proj"});
  CHECK(inputs(apart, "attn_value") == Inputs{"attn_softmax", "v_proj"});
  CHECK(inputs(apart, "ffn_gate") == Inputs{"post_attn_norm"});
  CHECK(inputs(apart, "ffn_up") == Inputs{"post_attn_norm"});
  CHECK(inputs(apart, "ffn_act") == Inputs{"ffn_gate", "ffn_up"});
}

TEST_CASE("BitNet: the sub-norms sit before the attention output and the FFN down", "[workloads]") {
  const GemmTrace t = trace_of("BitNet-b1.58-2B4T", LinearFusion::kCheckpoint);
  CHECK(inputs(t, "attn_sub_norm") == Inputs{"attn_value"});
  CHECK(inputs(t, "attn_out") == Inputs{"attn_sub_norm"});
  CHECK(inputs(t, "ffn_sub_norm") == Inputs{"ffn_act"});
  CHECK(inputs(t, "ffn_down") == Inputs{"ffn_sub_norm"});
}

TEST_CASE("trace_graph resolves inputs to op indices", "[workloads]") {
  const TraceGraph g = trace_graph(small());
  CHECK(g.producers ==
        std::vector<std::vector<int>>{{kExternalProducer}, {0}, {1, kExternalProducer}});
  CHECK(output_elements(small().ops[1]) == 8);  // m x n x batch
  CHECK(output_elements(small().ops[2]) == 8);
  CHECK_THROWS_WITH(trace_graph(test::without_structure(small())),
                    "trace_graph: the trace of small has no structure (no inputs per op)");
}

TEST_CASE("trace_graph refuses a bad structure, naming the op", "[workloads]") {
  GemmTrace t = small();
  t.ops[1].inputs = {"nrm"};
  CHECK(graph_error(t) == "trace op 1 (proj): input 'nrm' names no op of the trace");
  t = small();
  t.ops[1].inputs = {"add"};
  CHECK(graph_error(t) == "trace op 1 (proj): input 'add' makes a cycle proj -> add -> proj");
  t = small();
  t.ops[2].inputs = {"add", "proj"};
  CHECK(graph_error(t) == "trace op 2 (add): input 'add' makes a cycle add -> add");
  t = small();
  t.ops[0].inputs = {"proj"};  // proj reads norm
  CHECK(graph_error(t) == "trace op 0 (norm): input 'proj' makes a cycle norm -> proj -> norm");
  t = small();
  t.ops[1].inputs = {"@input"};
  t.ops[0].inputs = {"proj"};  // proj no longer reads norm: out of order, no cycle
  CHECK(graph_error(t) ==
        "trace op 0 (norm): input 'proj' is op 1, not before this one: ops are "
        "listed in execution order");
  t = small();
  t.ops[2].name = "norm";
  t.ops[1].inputs = {"norm"};
  CHECK(graph_error(t) ==
        "trace op 1 (proj): input 'norm' is ambiguous: several ops have this name");
  t = small();
  t.ops[0].name = "@input";
  CHECK(graph_error(t) ==
        "trace op 0 (@input): the name '@input' is reserved for the pass's input, not an op name");
  t = small();
  t.ops[1].inputs = {"norm", "norm"};
  CHECK(graph_error(t) ==
        "trace op 1 (proj): kind linear takes 1 input(s), one per operand, got 2");
  t = small();
  t.ops[2].inputs = {};
  CHECK(graph_error(t) ==
        "trace op 2 (add): kind elementwise takes at least 1 input(s), one per operand, got 0");
  t = small();
  t.ops.push_back({.name = "s", .kind = OpKind::kAttentionScore, .inputs = {"proj"}});
  CHECK(graph_error(t) ==
        "trace op 3 (s): kind attention_score takes 2 input(s), one per operand, "
        "got 1");
}
