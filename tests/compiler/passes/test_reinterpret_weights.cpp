#include <catch2/catch.hpp>

#include "compiler/passes/pass_manager.hpp"
#include "tests/compiler/passes/mini_layer.hpp"

using namespace lutsim;
using namespace lutsim::compiler;
using lutsim::test::mini_context;
using lutsim::test::mini_layer;
using Names = std::vector<std::string>;

namespace {

PassReport reinterpret(ir::Graph& g, const PassContext& context) {
  return run_passes(g, {"reinterpret_weights"}, context).front();
}

}  // namespace

TEST_CASE("reinterpret_weights: low-bit linears get odd codes, half tables of 8 entries",
          "[compiler][passes]") {
  ir::Graph g = mini_layer();
  const PassReport r = reinterpret(g, mini_context());
  CHECK(r.nodes_added == 0);
  CHECK(r.nodes_removed == 0);
  REQUIRE(r.effects.size() == 8);  // q, k, v, o, gate, up, down; head kept
  const GemmEffect& q = r.effects[0];
  CHECK(q.gemms == Names{"q"});
  CHECK(q.outcome == "reinterpreted");
  CHECK(q.reason ==
        "codes q -> 2q - 3, scale / 2, zero point 2z - 3: tables of 4 activations 16 -> 8 "
        "entries (symmetric_half)");
  CHECK(q.data == nlohmann::json{{"weight_bits", 2},
                                 {"table_entries_before", 16},
                                 {"table_entries_after", 8}});
  CHECK(r.effects[7].gemms == Names{"head"});
  CHECK(r.effects[7].outcome == "kept");
  CHECK(r.effects[7].data.empty());
  CHECK(g.node(*g.find("down")).weight_code == ir::WeightCode::kOdd);
  CHECK(g.node(*g.find("head")).weight_code == ir::WeightCode::kUnsigned);
  CHECK(to_json(r)["effects"][0]["data"]["table_entries_after"] == 8);
  CHECK_FALSE(to_json(r)["effects"][7].contains("data"));
  // Odd codes already: nothing left to do.
  CHECK(reinterpret(g, mini_context()).effects.size() == 1);
}

TEST_CASE("reinterpret_weights: the table form decides the entries, or that codes stay unsigned",
          "[compiler][passes]") {
  PassContext context = mini_context();
  context.geometry.table_form = TableForm::kSymmetricFull;
  ir::Graph full = mini_layer();
  CHECK(reinterpret(full, context).effects[6].data["table_entries_after"] == 16);

  context.geometry.table_form = TableForm::kUnsignedFull;
  ir::Graph plain = mini_layer();
  const GemmEffect kept = reinterpret(plain, context).effects[0];
  CHECK(kept.outcome == "kept");
  CHECK(kept.reason == "the tables of mini are unsigned_full: they are indexed by unsigned codes");
  CHECK(plain.node(*plain.find("q")).weight_code == ir::WeightCode::kUnsigned);
  run_passes(plain, {"split_precompute"}, context);  // unsigned tables for unsigned codes
  CHECK(plain.output(*plain.find("norm.precompute")).shape == std::vector<std::int64_t>{4, 2, 16});
}

TEST_CASE("reinterpret_weights: refused after split_precompute", "[compiler][passes]") {
  ir::Graph g = mini_layer();
  run_passes(g, test::kSplitPasses, mini_context());
  CHECK_THROWS_WITH(reinterpret(g, mini_context()),
                    "reinterpret_weights: linear 'q' is split already (its tables are built for "
                    "its codes): run reinterpret_weights before split_precompute");
}
