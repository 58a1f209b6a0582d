#include <catch2/catch.hpp>
#include <cmath>

#include "compiler/ir/reference_evaluator.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "core/lut/dequant_gemm.hpp"
#include "core/lut/random_problem.hpp"
#include "core/numerics/fp16.hpp"
#include "tests/compiler/passes/mini_layer.hpp"

using namespace lutsim;
using namespace lutsim::compiler;

namespace {

// Random 2-bit weights for q, k and down (8 x 8 each) and a random FP16 X.
struct Operands {
  std::map<std::string, QuantizedWeights> weights;
  Matrix x;
};

Operands random_operands(std::uint64_t seed) {
  Operands o;
  std::uint64_t s = seed;
  for (const char* name : {"q", "k", "down"}) {
    o.weights[name] = make_random_problem({.m = 1, .n = 8, .k = 8, .seed = ++s}).w;
  }
  o.x = make_random_problem({.m = 4, .n = 1, .k = 8, .seed = ++s}).x;
  return o;
}

LutGemmConfig datapath(TableEntryFormat format) {
  LutGemmConfig cfg;
  cfg.geometry = test::mini_context().geometry;
  cfg.table_format = format;
  cfg.accumulator = DataType::kFp32;
  return cfg;
}

}  // namespace

TEST_CASE("split and fused graphs compute the unsplit graph's values bit for bit",
          "[compiler][passes]") {
  const TableEntryFormat format =
      GENERATE(TableEntryFormat::kFp16, TableEntryFormat::kInt8Quantized);
  const std::uint64_t seed = GENERATE(1, 2, 3);
  const Operands o = random_operands(seed);
  const ir::ReferenceEvaluator eval(datapath(format), o.weights);
  const PassContext context = test::mini_context(format);

  // Reinterpreted codes in both: the half tables of the split graph index
  // odd codes (unsigned ones would be evaluated on unsigned_full tables).
  ir::Graph unsplit = test::mini_block();
  run_passes(unsplit, {"reinterpret_weights"}, context);
  ir::Graph split = unsplit;
  run_passes(split, {"split_precompute"}, context);
  ir::Graph fused = split;
  const PassReport fuse = run_passes(fused, {"fuse_precompute"}, context).front();
  REQUIRE(fuse.nodes_removed == 2);  // into norm and act

  const Matrix expected = eval.run(unsplit, o.x).front();
  CHECK(expected != o.x);  // the block changed its input
  CHECK(eval.run(split, o.x).front() == expected);
  CHECK(eval.run(fused, o.x).front() == expected);
}

// INT8 activations: the split graph's precompute writes exact integer sums
// (INT16 entries) and its LUT linear accumulates them in INT32, giving the
// unsplit linear's values (lut_mpgemm on the integer datapath) bit for bit;
// the datapath given is a floating one, as a LUT tensor core's config is.
TEST_CASE("INT8 activations: the split graph computes with exact integer tables",
          "[compiler][passes]") {
  const int bits = GENERATE(1, 2, 3, 4);
  const std::uint64_t seed = GENERATE(1, 2);
  const MpGemmProblem p = make_random_problem(
      {.m = 4, .n = 8, .k = 16, .activation = DataType::kInt8, .weight_bits = bits, .seed = seed});
  const ir::ReferenceEvaluator eval(datapath(TableEntryFormat::kFp16), {{"lin", p.w}});
  ir::Graph unsplit = test::mini_linear(16, bits, DataType::kInt8);
  run_passes(unsplit, {"reinterpret_weights"}, test::mini_context());
  ir::Graph split = unsplit;
  run_passes(split, {"split_precompute"}, test::mini_context());
  REQUIRE(split.node(*split.find("lin")).tables->entry_dtype == DataType::kInt16);

  const Matrix expected = eval.run(unsplit, p.x).front();
  CHECK(expected.cwiseAbs().maxCoeff() > 0.0);
  CHECK(eval.run(split, p.x).front() == expected);
}

TEST_CASE("the value check fails when a precompute reads the wrong tensor", "[compiler][passes]") {
  const Operands o = random_operands(7);
  const ir::ReferenceEvaluator eval(datapath(TableEntryFormat::kFp16), o.weights);
  ir::Graph unsplit = test::mini_block();
  run_passes(unsplit, {"reinterpret_weights"}, test::mini_context());
  ir::Graph wrong = unsplit;
  run_passes(wrong, {"split_precompute"}, test::mini_context());
  CHECK(eval.run(wrong, o.x).front() == eval.run(unsplit, o.x).front());
  wrong.set_input(*wrong.find("act.precompute"), 0, *wrong.find("norm"));  // same shape, wrong X
  CHECK(eval.run(wrong, o.x).front() != eval.run(unsplit, o.x).front());
}

TEST_CASE("the reference evaluator refuses what it does not model", "[compiler][passes]") {
  const ir::ReferenceEvaluator eval(datapath(TableEntryFormat::kFp16), {});
  const ir::Graph layer = test::mini_layer();
  CHECK_THROWS_WITH(eval.run(layer, Matrix::Zero(4, 8)),
                    "reference evaluator: node 'q' (linear): no weights given");
}

namespace {

// Group sizes of the committed configs: array_k 4 (configs/hw), 2 to 6
// (configs/sweeps/group_size_accuracy.yaml; 2 and 4 in lut_array_shape_decode).
constexpr int kConfigGroupSizes[] = {2, 3, 4, 5, 6};

// A random W_INTb problem whose dequantize-then-GEMM is exact in double:
// integer activations in [-127, 127] (INT8 codes, held as FP16 values),
// power-of-two scales, zero points integers or halves (every product and
// partial sum a small multiple of a power of two).
MpGemmProblem exact_problem(int k, int bits, std::uint64_t seed) {
  MpGemmProblem p = make_random_problem({.m = 4,
                                         .n = 8,
                                         .k = k,
                                         .activation = DataType::kInt8,
                                         .weight_bits = bits,
                                         .symmetric_zero_point = seed % 2 == 0,
                                         .seed = seed});
  for (int n = 0; n < p.w.rows; ++n) p.w.scale[n] = std::ldexp(1.0, -(n % 4));
  return p;
}

// FP16 entries (sums of at most 6 x 127) and an FP32 accumulator (below
// 2^24 here) hold these integer sums exactly.
LutGemmConfig exact_datapath(int group_size, int bits) {
  return {bits,
          {.m = 2, .n = 64, .k = group_size, .table_form = TableForm::kSymmetricHalf},
          DataType::kFp16,
          TableEntryFormat::kFp16,
          DataType::kFp32};
}

}  // namespace

// The offline transform on real weight tensors (core's reinterpret_weights:
// odd codes, scale / 2, zero point 2z - (2^b - 1)) through the golden LUT
// path (half tables, then the odd codes' epilogue) gives dequantize-then-GEMM
// bit for bit; and the graph after reinterpret_weights, split_precompute and
// fuse_precompute computes what the graph of unsigned codes (unsigned_full
// tables) computes, for every group size of the configs and b = 1..4.
TEST_CASE("reinterpret_weights: the LUT path on odd codes is dequantize-then-GEMM, bit for bit",
          "[compiler][passes]") {
  for (const int group : kConfigGroupSizes) {
    for (int bits = 1; bits <= 4; ++bits) {
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        INFO("k = " << group << ", b = " << bits << ", seed " << seed);
        const MpGemmProblem p = exact_problem(12 * group, bits, 100 * group + 10 * bits + seed);
        const LutGemmConfig cfg = exact_datapath(group, bits);
        const Matrix acc = lut_accumulate(lut_precompute(p.x, cfg), 4, p.w, cfg);
        const Matrix reference = dequant_gemm(p.x, p.w);
        REQUIRE(lut_outputs(acc, activation_row_sums(p.x), p.w, cfg.geometry.table_form) ==
                reference);

        const ir::Graph before = test::mini_linear(12 * group, bits, DataType::kFp16);
        ir::Graph after = before;
        const PassContext context{"exact", cfg.geometry, cfg.table_format};
        const std::vector<PassReport> reports = run_passes(after, kDefaultPasses, context);
        REQUIRE(reports[0].effects.front().outcome == "reinterpreted");
        REQUIRE(after.node(*after.find("lin")).kind == ir::NodeKind::kLutLinear);
        const ir::ReferenceEvaluator eval(cfg, {{"lin", p.w}});
        const Matrix unsigned_codes = eval.run(before, p.x).front();
        REQUIRE(eval.run(after, p.x).front() == unsigned_codes);
        REQUIRE(unsigned_codes ==
                reference.unaryExpr([](double v) { return fp16_round(v).to_double(); }));
      }
    }
  }
}
