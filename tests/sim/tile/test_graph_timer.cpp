// The compiler's NodeTimer on the tile model agrees with simulate_forward
// node by node: what the compiler derives from it is the simulator's figure.

#include <catch2/catch.hpp>

#include "compiler/cost/layer_time.hpp"
#include "compiler/ir/graph_from_trace.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "sim/tile/graph_timer.hpp"
#include "tests/support/committed_hardware.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;

namespace {

// Llama-2-7B decode, 8 sequences, W2A16, fused QKV and gate/up.
GemmTrace llama_decode() {
  TraceRequest req;
  req.phase = Phase::kDecode;
  req.batch = 8;
  req.kv_len = 256;
  req.weight_bits = 2;
  return make_trace(ModelCatalog("configs").load("Llama-2-7B"), req);
}

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
  compiler::run_passes(g, {"split_precompute"}, context);
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
