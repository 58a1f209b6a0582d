// The compiler's NodeTimer on the tile model agrees with simulate_forward
// node by node: what the compiler derives from it is the simulator's figure;
// and simulate_forward takes its table precompute from the compiler's plan
// (the precomputes fuse_precompute fuses run fused, the others as kernels).

#include <catch2/catch.hpp>

#include "compiler/cost/layer_time.hpp"
#include "compiler/ir/graph_from_trace.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "compiler/plan/precompute_plan.hpp"
#include "sim/tile/graph_timer.hpp"
#include "tests/support/committed_hardware.hpp"
#include "tests/workloads/catalog_trace.hpp"
#include "tests/workloads/trace_lookup.hpp"

using namespace lutsim;

namespace {

// Llama-2-7B decode, 8 sequences, W2A16, fused QKV and gate/up.
GemmTrace llama_decode() { return test::decode_trace("Llama-2-7B", 8, 256, 2); }

// Llama-2-70B decode, batch 1, 2048 cached tokens, W2A16: 80 layers.
GemmTrace llama70b_decode() { return test::decode_trace("Llama-2-70B", 1, 2048, 2); }

SystemSpec lut_system(PrecomputeMode precompute) {
  return {"lut", test::committed_hardware("a100_lut_4x"), LinearMethod::kLut, precompute, false,
          AttentionMode::kUnfused};
}

double sim_time_each(const GemmTrace& trace, PrecomputeMode mode, const std::string& op) {
  for (const OpTime& t : simulate_forward(trace, lut_system(mode)).ops) {
    if (t.name == op) return t.time_each_s;
  }
  FAIL("no op " << op);
  return 0.0;
}

std::vector<OpTime> precomputes(const EndToEndResult& r) {
  std::vector<OpTime> ops;
  for (const OpTime& op : r.ops) {
    if (op.table_precompute) ops.push_back(op);
  }
  return ops;
}

double node_time(const ir::Graph& g, const compiler::NodeTimer& timer, const std::string& name) {
  return timer.time_s(compiler::node_run(g, *g.find(name)));
}

}  // namespace

TEST_CASE("TileNodeTimer: LUT linears, precompute kernels and fused precomputes as "
          "simulate_forward times them",
          "[sim][compiler]") {
  const GemmTrace trace = llama_decode();
  const SystemSpec sys = lut_system(PrecomputeMode::kSeparateKernel);
  const TileNodeTimer timer(sys);
  ir::Graph g = ir::graph_from_trace(trace);
  CHECK_THROWS_WITH(node_time(g, timer, "qkv_proj"),
                    "tile timer: linear 'qkv_proj' has 2-bit weights and no tables: run "
                    "split_precompute first");
  const double norm_alone = node_time(g, timer, "input_norm");
  CHECK(norm_alone == Approx(sim_time_each(trace, PrecomputeMode::kFused, "input_norm")));

  const compiler::PassContext context = compiler::pass_context(sys.hw);
  compiler::run_passes(g, compiler::precompute_passes(false), context);
  for (const char* linear : {"qkv_proj", "attn_out", "ffn_gate_up", "ffn_down"}) {
    INFO(linear);
    CHECK(node_time(g, timer, linear) ==
          Approx(sim_time_each(trace, PrecomputeMode::kFused, linear)));
  }
  const double separate =
      sim_time_each(trace, PrecomputeMode::kSeparateKernel, "table_precompute(qkv_proj)");
  CHECK(node_time(g, timer, "input_norm.precompute") == Approx(separate));
  const compiler::LayerTime unfused = compiler::layer_time(g, timer);

  compiler::run_passes(g, {"fuse_precompute"}, context);
  const double fused = sim_time_each(trace, PrecomputeMode::kFused, "table_precompute(qkv_proj)");
  const compiler::LayerTime with_fusion = compiler::layer_time(g, timer);
  // Fusing three of the four precomputes (qkv_proj, ffn_gate_up, ffn_down)
  // replaces each kernel by the extra bytes its norm or activation writes.
  CHECK(with_fusion.precompute_s < unfused.precompute_s);
  CHECK(unfused.layer_s - with_fusion.layer_s ==
        Approx(unfused.precompute_s - with_fusion.precompute_s));
  // The norm writing the tables instead of its result: the simulator's fused
  // precompute time on top of the norm's own.
  CHECK(node_time(g, timer, "input_norm") - norm_alone == Approx(fused));
  CHECK(with_fusion.layers == 32);
}

TEST_CASE("end to end, fused precompute: attn_out's stays its own kernel, as the compiler "
          "decides",
          "[tile][compiler]") {
  const GemmTrace trace = llama70b_decode();
  const SystemSpec sys = lut_system(PrecomputeMode::kFused);
  const std::vector<OpTime> fused = precomputes(simulate_forward(trace, sys));
  const std::vector<OpTime> separate =
      precomputes(simulate_forward(trace, lut_system(PrecomputeMode::kSeparateKernel)));
  REQUIRE(fused.size() == 4);
  REQUIRE(separate.size() == 4);
  const std::vector<std::pair<std::string, std::string>> expected{
      {"table_precompute(qkv_proj)", "fused into previous op"},
      {"table_precompute(attn_out)", "precompute kernel"},
      {"table_precompute(ffn_gate_up)", "fused into previous op"},
      {"table_precompute(ffn_down)", "fused into previous op"}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO(fused[i].name);
    CHECK(fused[i].name == expected[i].first);
    CHECK(fused[i].kernel == expected[i].second);
    CHECK(fused[i].count == 80);
    CHECK(separate[i].kernel == "precompute kernel");
  }
  // attn_out's precompute is the separate kernel in both modes, bit for bit:
  // it reads X[1, 8192] in FP16 and writes 2048 half tables of 8 FP16
  // entries, 8192 x 2 + 8192 x 4 = 49152 bytes, plus the fixed kernel time.
  CHECK(fused[1].time_each_s == separate[1].time_each_s);
  CHECK(fused[1].time_each_s ==
        Approx(sys.hw.calibration.kernel_fixed_time_s + dram_time(sys, 49152.0)));
  CHECK(fused[1].actions.dram_bytes == 49152.0 * 80);
  CHECK(fused[0].time_each_s < separate[0].time_each_s);
}

TEST_CASE("end to end: a layer's precompute time is what the compiler's graph gives",
          "[tile][compiler]") {
  const GemmTrace trace = llama70b_decode();
  for (const bool fuse : {false, true}) {
    INFO((fuse ? "fused" : "split only"));
    const SystemSpec sys =
        lut_system(fuse ? PrecomputeMode::kFused : PrecomputeMode::kSeparateKernel);
    double sim_layer_s = 0.0;
    for (const OpTime& op : precomputes(simulate_forward(trace, sys))) {
      sim_layer_s += op.time_each_s;
    }
    ir::Graph g = ir::graph_from_trace(trace);
    compiler::run_passes(g, compiler::precompute_passes(fuse), compiler::pass_context(sys.hw));
    const compiler::LayerTime layer = compiler::layer_time(g, TileNodeTimer(sys));
    CHECK(layer.layers == 80);
    CHECK(sim_layer_s == Approx(layer.precompute_s).epsilon(1e-12));
  }
}

TEST_CASE("end to end: fused precompute on a trace without structure is refused by name",
          "[tile][compiler]") {
  const GemmTrace plain = test::without_structure(llama70b_decode());
  CHECK_THROWS_WITH(simulate_forward(plain, lut_system(PrecomputeMode::kFused)),
                    "precompute fused: trace 'Llama-2-70B' has no structure (no op lists its "
                    "inputs), so which op writes the activations of LUT linear 'qkv_proj', and "
                    "whether its table precompute can fuse into that op, is unknown: give the "
                    "trace its inputs column or run the precompute separate");
  CHECK(precomputes(simulate_forward(plain, lut_system(PrecomputeMode::kSeparateKernel)))
            .size() == 4);
}
