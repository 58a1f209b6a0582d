#include <catch2/catch.hpp>

#include "compiler/ir/graph_check.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "tests/compiler/passes/mini_layer.hpp"

using namespace lutsim;
using namespace lutsim::compiler;
using lutsim::test::kSplitPasses;
using lutsim::test::mini_context;
using lutsim::test::mini_layer;
using lutsim::test::names_of_inputs;
using Names = std::vector<std::string>;

namespace {

const ir::Node& node(const ir::Graph& g, const std::string& name) { return g.node(*g.find(name)); }
const ir::Tensor& output(const ir::Graph& g, const std::string& name) {
  return g.output(*g.find(name));
}

}  // namespace

TEST_CASE("split_precompute: one precompute per activation tensor, shared by its linears",
          "[compiler][passes]") {
  ir::Graph g = mini_layer();
  const std::vector<PassReport> reports = run_passes(g, kSplitPasses, mini_context());
  REQUIRE(reports.size() == 2);
  const PassReport& r = reports[1];
  CHECK(r.nodes_before == 17);
  CHECK(r.nodes_added == 4);  // for norm, o.reshape, norm2, act
  CHECK(r.nodes_removed == 0);
  CHECK(r.nodes_after == 21);
  CHECK(names_of_inputs(g, "q") == Names{"norm.precompute"});
  CHECK(names_of_inputs(g, "v") == Names{"norm.precompute"});
  CHECK(names_of_inputs(g, "norm.precompute") == Names{"norm"});
  CHECK(names_of_inputs(g, "up") == Names{"norm2.precompute"});
  CHECK(names_of_inputs(g, "down") == Names{"act.precompute"});
  CHECK(names_of_inputs(g, "head") == Names{"out"});
  const ir::Node& pre = node(g, "act.precompute");
  CHECK(pre.kind == ir::NodeKind::kPrecompute);
  CHECK(pre.shape == std::vector<std::int64_t>{4, 16});
  // M2N64K4, half form: 16 / 4 = 4 groups per row, 2^3 = 8 entries per table.
  CHECK(output(g, "act.precompute") == ir::Tensor{{4, 4, 8}, DataType::kFp16});
  CHECK(node(g, "down").kind == ir::NodeKind::kLutLinear);
  CHECK(node(g, "head").kind == ir::NodeKind::kLinear);
  // Shapes and dtypes of what the linears write are unchanged.
  CHECK(output(g, "gate") == ir::Tensor{{4, 16}, DataType::kFp16});
  REQUIRE(r.effects.size() == 8);
  CHECK(r.effects[0].gemms == Names{"q"});
  CHECK(r.effects[0].outcome == "split");
  CHECK(r.effects[1].outcome == "shared");
  CHECK(r.effects[1].reason == "reads the tables of 'norm' built for 'q'");
  CHECK(r.effects[7].gemms == Names{"head"});
  CHECK(r.effects[7].outcome == "kept");
}

TEST_CASE("split_precompute: INT8-quantized tables of FP16 activations", "[compiler][passes]") {
  ir::Graph g = mini_layer();
  run_passes(g, kSplitPasses, mini_context(TableEntryFormat::kInt8Quantized));
  CHECK(output(g, "norm2.precompute") == ir::Tensor{{4, 2, 8}, DataType::kInt8});
  CHECK(node(g, "gate").tables->format == TableEntryFormat::kInt8Quantized);
  CHECK(node(g, "gate").tables->entry_dtype == DataType::kInt8);
}

// As the datapath (lut_datapath): INT8 activations' tables hold exact integer
// sums, in INT16 entries, whatever format the hardware gives floating ones.
TEST_CASE("split_precompute: INT8 activations get exact integer tables of INT16 entries",
          "[compiler][passes]") {
  const TableEntryFormat floating = GENERATE(TableEntryFormat::kFp16,
                                             TableEntryFormat::kInt8Quantized,
                                             TableEntryFormat::kInteger);
  ir::Graph g = mini_layer(DataType::kInt8);
  run_passes(g, kSplitPasses, mini_context(floating));
  CHECK(output(g, "norm2.precompute") == ir::Tensor{{4, 2, 8}, DataType::kInt16});
  CHECK(node(g, "norm2.precompute").act_dtype == DataType::kInt8);
  const ir::TableLayout& t = *node(g, "gate").tables;
  CHECK(t.format == TableEntryFormat::kInteger);
  CHECK(t.entry_dtype == DataType::kInt16);
  CHECK(t.activation == DataType::kInt8);
}

TEST_CASE("split_precompute: refused linears", "[compiler][passes]") {
  SECTION("BF16 activations are not a LUT activation type") {
    ir::Graph g = mini_layer(DataType::kBf16);
    CHECK_THROWS_WITH(run_passes(g, kSplitPasses, mini_context()),
                      "split_precompute: linear 'q': activations bf16 are not a LUT activation "
                      "type (fp16, fp8_e4m3, fp8_e5m2, int8)");
  }
  SECTION("integer table entries of FP16 activations") {
    ir::Graph g = mini_layer();
    CHECK_THROWS_WITH(run_passes(g, kSplitPasses, mini_context(TableEntryFormat::kInteger)),
                      "split_precompute: linear 'q': table_format integer of mini holds exact "
                      "sums of integer activations, not of fp16 ones");
  }
  SECTION("K not a multiple of the group size") {
    ir::Graph g = mini_layer();
    PassContext c = mini_context();
    c.geometry.k = 3;
    CHECK_THROWS_WITH(run_passes(g, kSplitPasses, c),
                      "split_precompute: linear 'q': K = 8 is not a multiple of the table group "
                      "size 3");
  }
  SECTION("unsigned codes on symmetric tables, odd codes on unsigned ones") {
    ir::Graph g = mini_layer();
    CHECK_THROWS_WITH(run_passes(g, {"split_precompute"}, mini_context()),
                      "split_precompute: linear 'q': unsigned weight codes cannot index the "
                      "symmetric_half tables of mini: run reinterpret_weights before "
                      "split_precompute");
    run_passes(g, {"reinterpret_weights"}, mini_context());
    PassContext unsigned_tables = mini_context();
    unsigned_tables.geometry.table_form = TableForm::kUnsignedFull;
    CHECK_THROWS_WITH(run_passes(g, {"split_precompute"}, unsigned_tables),
                      "split_precompute: linear 'q': odd weight codes cannot index the "
                      "unsigned_full tables of mini");
  }
}
