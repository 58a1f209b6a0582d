#include <catch2/catch.hpp>

#include "compiler/ir/reference_evaluator.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "compiler/passes/quantize_tables.hpp"
#include "core/lut/random_problem.hpp"
#include "tests/compiler/passes/mini_layer.hpp"

using namespace lutsim;
using namespace lutsim::compiler;
using namespace lutsim::test;
using Names = std::vector<std::string>;

namespace {

PassReport quantize(ir::Graph& g) {
  return run_passes(g, {"quantize_tables"}, mini_context()).front();
}

}  // namespace

TEST_CASE("quantize_tables: FP16 tables become INT8 with a per-table scale, readers follow",
          "[compiler][passes]") {
  ir::Graph g = mini_layer();
  run_passes(g, kDefaultPasses, mini_context());
  const PassReport r = quantize(g);
  CHECK(r.nodes_added == 0);
  CHECK(r.nodes_removed == 0);
  // norm (q, k, v fused), o.reshape.precompute (o), norm2 (gate, up), act (down).
  REQUIRE(r.effects.size() == 7);
  CHECK(r.effects[0].gemms == Names{"q"});
  CHECK(r.effects[0].node == "norm");
  CHECK(r.effects[3].node == "o.reshape.precompute");
  CHECK(g.output(*g.find("norm")) == ir::Tensor{{4, 2, 8}, DataType::kInt8});
  CHECK(g.output(*g.find("act")) == ir::Tensor{{4, 4, 8}, DataType::kInt8});
  CHECK(g.node(*g.find("down")).tables->format == TableEntryFormat::kInt8Quantized);
  for (const GemmEffect& e : r.effects) {
    INFO(e.gemms.front() << ": " << e.reason);
    CHECK(e.outcome == "quantized");
    CHECK(e.data["seed"] == QuantizeTables::kSeed);
    CHECK(e.data["sample_rows"] == 4);  // M = 4 tokens
    // INT8 codes of max|entry| / 127 steps: a few tenths of a percent.
    CHECK(e.data["error_max_relative"].get<double>() > 0.0);
    CHECK(e.data["error_max_relative"].get<double>() < 0.02);
    CHECK(e.data["error_rms_relative"].get<double>() > 0.0);
    CHECK(e.data["error_rms_relative"].get<double>() < 0.02);
  }
  CHECK(r.effects[6].data["sample_cols"] == 8);  // down: N = 8
  CHECK(r.effects[6].data["k"] == 16);
  CHECK_THAT(r.effects[6].reason,
             Catch::StartsWith("FP16 table entries -> INT8 with one scale per table: output "
                               "error on random data 4 x 8 x 16 (seed 13): max "));
  // A second run finds INT8 tables only.
  CHECK(quantize(g).effects[0].outcome == "kept");
}

// The figures are core's: the same seeded problem through lut_mpgemm with
// FP16 and with INT8-quantized tables.
TEST_CASE("quantize_tables: the reported error is lut_mpgemm's, FP16 vs INT8 tables",
          "[compiler][passes]") {
  ir::Graph g = mini_layer();
  run_passes(g, kSplitPasses, mini_context());
  const GemmEffect down = quantize(g).effects[6];
  REQUIRE(down.gemms == Names{"down"});
  const MpGemmProblem p = make_random_problem(
      {.m = 4, .n = 8, .k = 16, .activation = DataType::kFp16, .weight_bits = 2, .seed = 13});
  LutGemmConfig cfg{2, mini_context().geometry, DataType::kFp16, TableEntryFormat::kFp16,
                    DataType::kFp32};
  const Matrix fp16 = lut_mpgemm(p.x, p.w, cfg).outputs;
  cfg.table_format = TableEntryFormat::kInt8Quantized;
  const Matrix diff = lut_mpgemm(p.x, p.w, cfg).outputs - fp16;
  CHECK(down.data["error_max_relative"] == diff.cwiseAbs().maxCoeff() / fp16.cwiseAbs().maxCoeff());
  CHECK(down.data["error_rms_relative"] == diff.norm() / fp16.norm());
}

TEST_CASE("quantize_tables: what it leaves", "[compiler][passes]") {
  ir::Graph unsplit = mini_layer();
  CHECK(quantize(unsplit).effects.empty());  // no tables before split_precompute
  ir::Graph int8 = mini_layer(DataType::kInt8);
  run_passes(int8, kSplitPasses, mini_context());
  const GemmEffect kept = quantize(int8).effects[0];
  CHECK(kept.outcome == "kept");
  CHECK(kept.reason == "tables of int8 activations: exact integer sums, nothing to quantize");
  CHECK(int8.output(*int8.find("norm.precompute")).dtype == DataType::kInt16);
}

// The quantized graph computes what the unsplit graph computes on a datapath
// of INT8-quantized tables, bit for bit.
TEST_CASE("quantize_tables: the graph computes with INT8 tables", "[compiler][passes]") {
  std::map<std::string, QuantizedWeights> weights;
  std::uint64_t seed = 40;
  for (const char* name : {"q", "k", "down"}) {
    weights[name] = make_random_problem({.m = 1, .n = 8, .k = 8, .seed = ++seed}).w;
  }
  const Matrix x = make_random_problem({.m = 4, .n = 1, .k = 8, .seed = ++seed}).x;
  LutGemmConfig datapath;
  datapath.geometry = mini_context().geometry;
  const ir::ReferenceEvaluator fp16_eval(datapath, weights);
  datapath.table_format = TableEntryFormat::kInt8Quantized;
  const ir::ReferenceEvaluator int8_eval(datapath, weights);

  ir::Graph unsplit = mini_block();
  run_passes(unsplit, {"reinterpret_weights"}, mini_context());
  ir::Graph quantized = unsplit;
  run_passes(quantized, {"split_precompute", "fuse_precompute", "quantize_tables"}, mini_context());
  const Matrix y = fp16_eval.run(quantized, x).front();
  CHECK(y == int8_eval.run(unsplit, x).front());
  CHECK(y != fp16_eval.run(unsplit, x).front());
}
