#include <catch2/catch.hpp>

#include "compiler/cost/layer_time.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "tests/compiler/passes/mini_layer.hpp"

using namespace lutsim;
using namespace lutsim::compiler;

namespace {

// "Time" = bytes written: makes every figure below a hand count.
class BytesWritten : public NodeTimer {
 public:
  double time_s(const NodeRun& run) const override {
    return static_cast<double>(run.output.elements() * bytes_of(run.output.dtype));
  }
};

}  // namespace

// The mini layer writes (FP16 bytes): x 64, norm 64, q/k/v 3 x 64, score 32,
// value 64, o.reshape 64, o 64, res 64, norm2 64, gate/up 2 x 128, act 128,
// down 64, out 64, head 64 = 1248. Tables (2 groups of 4 per row of 8, 8
// entries): 4 x 2 x 8 x 2 = 128 bytes for a row width of 8, 256 for act's 16.
TEST_CASE("layer_time: separate precomputes, then fused ones as their producers' extra bytes",
          "[compiler][cost]") {
  ir::Graph g = test::mini_layer();
  run_passes(g, test::kSplitPasses, test::mini_context());
  const LayerTime split = layer_time(g, BytesWritten());
  CHECK(split.layers == 1);
  CHECK(split.precompute_s == 128 + 128 + 128 + 256);
  CHECK(split.layer_s == 1248 + 640);

  run_passes(g, {"fuse_precompute"}, test::mini_context());
  const LayerTime fused = layer_time(g, BytesWritten());
  // norm, norm2: 128 - 64 each; act: 256 - 128; o's precompute stays 128.
  CHECK(fused.precompute_s == 64 + 64 + 128 + 128);
  CHECK(fused.layer_s == 1248 + 384);
  CHECK(fused.precompute_share() == Approx(384.0 / 1632.0));
}

TEST_CASE("layer_time: only the nodes with the largest count form the layer", "[compiler][cost]") {
  ir::Graph g = test::mini_layer();
  for (const ir::NodeId id : g.node_ids()) g.node(id).count = 32;
  g.node(*g.find("head")).count = 1;
  const LayerTime t = layer_time(g, BytesWritten());
  CHECK(t.layers == 32);
  CHECK(t.layer_s == 1248 - 64);
  CHECK(t.precompute_s == 0);
}
