// The forward pass reads sharing and memory traffic from the trace's
// structure, never from op names.

#include <catch2/catch.hpp>

#include "sim/tile/end_to_end.hpp"
#include "tests/support/committed_hardware.hpp"
#include "tests/workloads/catalog_trace.hpp"
#include "tests/workloads/trace_lookup.hpp"
#include "workloads/trace_graph.hpp"

using namespace lutsim;

namespace {

// Llama-2-7B decode, 8 sequences, W2A16: T = 8 tokens, hidden 4096, FFN 11008,
// 32 heads of 128.
GemmTrace llama_decode(LinearFusion fusion) {
  return test::decode_trace("Llama-2-7B", 8, 256, 2, fusion);
}

EndToEndResult run_lut(const GemmTrace& trace,
                       PrecomputeMode precompute = PrecomputeMode::kFused) {
  const SystemSpec sys{"lut", test::committed_hardware("a100_lut_4x"), LinearMethod::kLut,
                       precompute, false};
  return simulate_forward(trace, sys);
}

const OpTime& timed(const EndToEndResult& r, const std::string& name) {
  for (const OpTime& op : r.ops) {
    if (op.name == name) return op;
  }
  FAIL("no op " << name);
  throw std::logic_error("unreachable");
}

std::vector<std::string> precompute_names(const EndToEndResult& r) {
  std::vector<std::string> names;
  for (const OpTime& op : r.ops) {
    if (op.table_precompute) names.push_back(op.name);
  }
  return names;
}

void check_same_timing(const EndToEndResult& a, const EndToEndResult& b) {
  CHECK(a.total_s == b.total_s);
  CHECK(a.actions.dram_bytes == b.actions.dram_bytes);
  CHECK(a.actions.cuda_core_ops == b.actions.cuda_core_ops);
  REQUIRE(a.ops.size() == b.ops.size());
  for (std::size_t i = 0; i < a.ops.size(); ++i) {
    INFO(a.ops[i].name << " vs " << b.ops[i].name);
    CHECK(a.ops[i].time_s == b.ops[i].time_s);
    CHECK(a.ops[i].kernel == b.ops[i].kernel);
    CHECK(a.ops[i].table_precompute == b.ops[i].table_precompute);
    CHECK(a.ops[i].actions.l2_bytes == b.ops[i].actions.l2_bytes);
  }
}

}  // namespace

TEST_CASE("renamed ops with the same structure time the same, bit for bit", "[tile]") {
  for (const auto fusion : {LinearFusion::kFramework, LinearFusion::kSeparate}) {
    INFO(to_string(fusion));
    const GemmTrace original = llama_decode(fusion);
    GemmTrace other = original;
    for (const auto& [from, to] : {std::pair{"qkv_proj", "query_key_value"},
                                   {"q_proj", "query"},
                                   {"k_proj", "key"},
                                   {"v_proj", "value"},
                                   {"ffn_gate_up", "fc_in"},
                                   {"ffn_gate", "gate"},
                                   {"ffn_up", "fc1"},
                                   {"ffn_act", "silu_mul"},
                                   {"attn_residual", "add_1"},
                                   {"ffn_residual", "add_2"},
                                   {"input_norm", "ln_1"},
                                   {"post_attn_norm", "ln_2"}}) {
      other = test::renamed(other, from, to);
    }
    check_same_timing(run_lut(original), run_lut(other));
  }
}

TEST_CASE("LUT linears reading the same input share one table precompute", "[tile]") {
  const EndToEndResult r = run_lut(llama_decode(LinearFusion::kSeparate));
  // One per distinct input, before the first linear that reads it.
  CHECK(precompute_names(r) ==
        std::vector<std::string>{"table_precompute(q_proj)", "table_precompute(attn_out)",
                                 "table_precompute(ffn_gate)", "table_precompute(ffn_down)"});
  CHECK(r.structure == TraceStructure::kDataflow);
  // The same input into tables of another activation type is not shared.
  GemmTrace mixed = llama_decode(LinearFusion::kSeparate);
  for (TraceOp& op : mixed.ops) {
    if (op.name == "k_proj") op.act_dtype = DataType::kInt8;
  }
  CHECK(precompute_names(run_lut(mixed)).size() == 5);
}

TEST_CASE("memory-bound ops move their output and each operand", "[tile]") {
  const EndToEndResult r = run_lut(llama_decode(LinearFusion::kFramework));
  // Bytes x 32 layers: a norm reads and writes 8 x 4096 FP16 values:
  // 2 x 32768 x 2 x 32 = 4194304.
  CHECK(timed(r, "input_norm").actions.dram_bytes == 4194304.0);
  // The residual add reads two operands: 3 x 32768 x 2 x 32 = 6291456.
  CHECK(timed(r, "attn_residual").actions.dram_bytes == 6291456.0);
  CHECK(timed(r, "ffn_residual").actions.dram_bytes == 6291456.0);
  // The gated activation reads the gate and up halves of ffn_gate_up:
  // 3 x (8 x 11008) x 2 x 32 = 16908288.
  CHECK(timed(r, "ffn_act").actions.dram_bytes == 16908288.0);
  // Rotary reads the Q and K columns of qkv_proj only (not V):
  // 2 x (8 x 64 x 128) x 2 x 32 = 8388608.
  CHECK(timed(r, "rotary_embedding").actions.dram_bytes == 8388608.0);
}

TEST_CASE("a trace without structure shares no tables and says so", "[tile]") {
  // Without structure what precedes a linear is unknown, so fused precompute
  // is refused (test_end_to_end_plan.cpp) and every precompute is a kernel.
  const GemmTrace plain = test::without_structure(llama_decode(LinearFusion::kSeparate));
  const EndToEndResult r = run_lut(plain, PrecomputeMode::kSeparateKernel);
  CHECK(r.structure == TraceStructure::kNone);
  CHECK(precompute_names(r).size() == 7);  // q, k, v, attn_out, gate, up, down
  // Memory-bound ops move one operand and their output: the gated activation
  // 2 x (8 x 11008) x 2 x 32 = 11272192.
  CHECK(timed(r, "ffn_act").actions.dram_bytes == 11272192.0);
  CHECK(structure_assumptions(r.structure) ==
        "none -> no table sharing: every LUT linear computes its own tables in its own kernel "
        "(fused precompute is refused); norms and elementwise ops read one operand of their "
        "output size");
  CHECK_THAT(std::string(structure_assumptions(TraceStructure::kDataflow)),
             Catch::StartsWith("dataflow: "));
}

TEST_CASE("a trace whose structure is broken is refused, not guessed", "[tile]") {
  GemmTrace t = llama_decode(LinearFusion::kFramework);
  t.ops[1].inputs = {"missing"};
  CHECK_THROWS_AS(run_lut(t), TraceStructureError);
}
