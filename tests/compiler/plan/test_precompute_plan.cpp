// The precompute plan: per trace op, where the split_precompute and
// fuse_precompute passes put each LUT linear's tables.

#include <catch2/catch.hpp>

#include "compiler/plan/precompute_plan.hpp"
#include "tests/support/committed_hardware.hpp"
#include "tests/workloads/catalog_trace.hpp"
#include "tests/workloads/trace_lookup.hpp"

using namespace lutsim;
using compiler::LinearTables;
using compiler::PrecomputePlan;

namespace {

// Llama-2-70B decode, batch 1, 2048 cached tokens, W2A16 (the LM head FP16).
GemmTrace llama70b_decode(LinearFusion fusion = LinearFusion::kFramework) {
  return test::decode_trace("Llama-2-70B", 1, 2048, 2, fusion);
}

PrecomputePlan plan(const GemmTrace& trace, bool fused) {
  return compiler::precompute_plan(trace,
                                   compiler::pass_context(test::committed_hardware("a100_lut_4x")),
                                   compiler::precompute_passes(fused));
}

// The plan's entry for op `name`, "-" for an op without tables, else
// "<source> <fused|kernel> <builds|reads>".
std::string entry(const GemmTrace& trace, const PrecomputePlan& p, const std::string& name) {
  for (std::size_t i = 0; i < trace.ops.size(); ++i) {
    if (trace.ops[i].name != name) continue;
    const auto& t = p.ops.at(i);
    if (!t) return "-";
    return t->source + (t->fused ? " fused" : " kernel") + (t->builds ? " builds" : " reads");
  }
  FAIL("no op " << name);
  return "";
}

}  // namespace

TEST_CASE("precompute plan: Llama-2-70B decode fuses three precomputes, not attn_out's",
          "[compiler][plan]") {
  const GemmTrace trace = llama70b_decode();
  const PrecomputePlan fused = plan(trace, true);
  REQUIRE(fused.ops.size() == trace.ops.size());
  CHECK(entry(trace, fused, "qkv_proj") == "input_norm fused builds");
  CHECK(entry(trace, fused, "attn_out") == "attn_out.reshape.precompute kernel builds");
  CHECK(entry(trace, fused, "ffn_gate_up") == "post_attn_norm fused builds");
  CHECK(entry(trace, fused, "ffn_down") == "ffn_act fused builds");
  CHECK(entry(trace, fused, "lm_head") == "-");  // FP16 weights: a dense GEMM
  CHECK(entry(trace, fused, "input_norm") == "-");
  CHECK(fused.precomputes() == 4);
  CHECK(fused.fused_precomputes() == 3);

  const PrecomputePlan split = plan(trace, false);
  CHECK(entry(trace, split, "qkv_proj") == "input_norm.precompute kernel builds");
  CHECK(entry(trace, split, "ffn_down") == "ffn_act.precompute kernel builds");
  CHECK(split.precomputes() == 4);
  CHECK(split.fused_precomputes() == 0);
}

TEST_CASE("precompute plan: linears reading one tensor share the tables of the first",
          "[compiler][plan]") {
  const GemmTrace trace = llama70b_decode(LinearFusion::kSeparate);
  const PrecomputePlan p = plan(trace, true);
  CHECK(entry(trace, p, "q_proj") == "input_norm fused builds");
  CHECK(entry(trace, p, "k_proj") == "input_norm fused reads");
  CHECK(entry(trace, p, "v_proj") == "input_norm fused reads");
  CHECK(entry(trace, p, "ffn_gate") == "post_attn_norm fused builds");
  CHECK(entry(trace, p, "ffn_up") == "post_attn_norm fused reads");
  CHECK(p.precomputes() == 4);
  CHECK(p.fused_precomputes() == 3);
}

TEST_CASE("precompute plan: a trace without structure is refused", "[compiler][plan]") {
  CHECK_THROWS_AS(plan(test::without_structure(llama70b_decode()), true), ir::GraphError);
}
