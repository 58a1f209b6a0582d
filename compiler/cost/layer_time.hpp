#pragma once

#include <cstdint>

#include "compiler/cost/node_timer.hpp"

namespace lutsim::compiler {

// One layer of a graph (the nodes that run once per layer: those with the
// largest count, a trace's num_layers), each node once, timed by a NodeTimer.
struct LayerTime {
  std::int64_t layers = 0;   // the count of the layer's nodes
  double layer_s = 0.0;      // the layer's nodes, each once
  // Of which table precompute: the precompute nodes, plus what each fused
  // precompute adds to the node it is fused into (that node's time minus the
  // time of the same node writing its own result instead of tables).
  double precompute_s = 0.0;

  double precompute_share() const { return layer_s > 0.0 ? precompute_s / layer_s : 0.0; }
};

LayerTime layer_time(const ir::Graph& graph, const NodeTimer& timer);

}  // namespace lutsim::compiler
