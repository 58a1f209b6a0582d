#include <catch2/catch.hpp>

#include "compiler/ir/reference_evaluator.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "core/lut/random_problem.hpp"
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

  const ir::Graph unsplit = test::mini_block();
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

TEST_CASE("the value check fails when a precompute reads the wrong tensor", "[compiler][passes]") {
  const Operands o = random_operands(7);
  const ir::ReferenceEvaluator eval(datapath(TableEntryFormat::kFp16), o.weights);
  const ir::Graph unsplit = test::mini_block();
  ir::Graph wrong = unsplit;
  run_passes(wrong, {"split_precompute"}, test::mini_context());
  wrong.set_input(*wrong.find("act.precompute"), 0, *wrong.find("norm"));  // same shape, wrong X
  CHECK(eval.run(wrong, o.x).front() != eval.run(unsplit, o.x).front());
}

TEST_CASE("the reference evaluator refuses what it does not model", "[compiler][passes]") {
  const ir::ReferenceEvaluator eval(datapath(TableEntryFormat::kFp16), {});
  const ir::Graph layer = test::mini_layer();
  CHECK_THROWS_WITH(eval.run(layer, Matrix::Zero(4, 8)),
                    "reference evaluator: node 'q' (linear): no weights given");
}
