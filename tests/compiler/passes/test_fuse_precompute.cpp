#include <catch2/catch.hpp>

#include "compiler/ir/graph_from_trace.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "tests/compiler/passes/mini_layer.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;
using namespace lutsim::compiler;
using lutsim::test::mini_context;
using lutsim::test::mini_layer;
using lutsim::test::names_of_inputs;
using Names = std::vector<std::string>;

TEST_CASE("fuse_precompute: into the norms and the FFN activation, not after attention",
          "[compiler][passes]") {
  ir::Graph g = mini_layer();
  const std::vector<PassReport> reports = run_passes(g, kDefaultPasses, mini_context());
  REQUIRE(reports.size() == 3);
  const PassReport& r = reports[2];
  CHECK(r.pass == "fuse_precompute");
  CHECK(r.nodes_before == 21);
  CHECK(r.nodes_added == 0);
  CHECK(r.nodes_removed == 3);
  CHECK(r.nodes_after == 18);
  REQUIRE(r.effects.size() == 4);
  CHECK(r.effects[0].gemms == Names{"q", "k", "v"});
  CHECK(r.effects[0].outcome == "fused");
  CHECK(r.effects[0].node == "norm");
  CHECK(r.effects[1].gemms == Names{"o"});
  CHECK(r.effects[1].outcome == "not_fused");
  CHECK(r.effects[1].reason ==
        "its activations come from 'o.reshape' (reshape), not from a norm or elementwise op: "
        "the precompute stays its own kernel");
  CHECK(r.effects[2].gemms == Names{"gate", "up"});
  CHECK(r.effects[2].outcome == "fused");
  CHECK(r.effects[3].gemms == Names{"down"});
  CHECK(r.effects[3].node == "act");
  CHECK(r.effects[3].outcome == "fused");
  // The fused producers write the tables; the LUT linears read them.
  CHECK(names_of_inputs(g, "k") == Names{"norm"});
  CHECK(names_of_inputs(g, "down") == Names{"act"});
  CHECK(names_of_inputs(g, "o") == Names{"o.reshape.precompute"});
  const ir::Node& norm = g.node(*g.find("norm"));
  CHECK(norm.fused == Names{"norm.precompute"});
  CHECK(norm.shape == std::vector<std::int64_t>{4, 8});
  CHECK(g.output(*g.find("norm")) == ir::Tensor{{4, 2, 8}, DataType::kFp16});
  CHECK_FALSE(g.find("act.precompute"));
}

TEST_CASE("fuse_precompute: a producer read by other nodes keeps its precompute",
          "[compiler][passes]") {
  ir::Graph g = mini_layer(DataType::kFp16, /*shared_norm=*/true);
  const PassReport r = run_passes(g, kDefaultPasses, mini_context())[2];
  CHECK(r.nodes_removed == 2);
  CHECK(r.effects[0].outcome == "not_fused");
  CHECK(r.effects[0].reason ==
        "'norm' (norm) is also read by 'res': its result must still be written");
  CHECK(names_of_inputs(g, "q") == Names{"norm.precompute"});
}

TEST_CASE("fuse_precompute: nothing to fuse before split_precompute", "[compiler][passes]") {
  ir::Graph g = mini_layer();
  const PassReport r = run_passes(g, {"fuse_precompute"}, mini_context())[0];
  CHECK(r.nodes_before == 17);
  CHECK(r.nodes_after == 17);
  CHECK(r.effects.empty());
}

// GPT-J: attention and FFN in parallel after one norm, so Q/K/V and the FFN's
// up projection read one tensor: one shared precompute, fused into that norm.
TEST_CASE("split and fuse: a parallel block shares one precompute between attention and FFN",
          "[compiler][passes]") {
  TraceRequest r;
  r.phase = Phase::kDecode;
  r.batch = 4;
  r.weight_bits = 3;
  const GemmTrace trace =
      make_trace(ModelCatalog("configs").load("tests/workloads/data/hf/gpt-j-6b/config.json"), r);
  ir::Graph g = ir::graph_from_trace(trace);
  const std::vector<PassReport> reports = run_passes(g, kDefaultPasses, test::mini_context());
  CHECK(names_of_inputs(g, "qkv_proj") == Names{"input_norm"});
  CHECK(names_of_inputs(g, "ffn_up") == Names{"input_norm"});
  CHECK(reports[1].effects[2].gemms == Names{"ffn_up"});
  CHECK(reports[1].effects[2].outcome == "shared");
  CHECK(reports[2].effects[0].gemms == Names{"qkv_proj", "ffn_up"});
  CHECK(reports[2].effects[0].outcome == "fused");
  // GPT-J 6B: hidden 4096 in groups of 4, 8 entries per table, 4 tokens.
  CHECK(g.output(*g.find("input_norm")) == ir::Tensor{{4, 1024, 8}, DataType::kFp16});
}
