#pragma once

#include <vector>

#include "compiler/ir/graph.hpp"

namespace lutsim::compiler {

// One run of a node: the node, the tensors it reads and the tensor it writes.
struct NodeRun {
  const ir::Node& node;
  std::vector<ir::Tensor> operands;
  ir::Tensor output;
};

// The run of `id` as `graph` has it.
NodeRun node_run(const ir::Graph& graph, ir::NodeId id);

// What the compiler asks a performance model: the time of one run of a node
// (its count not applied). The compiler defines it; a simulator implements it
// (sim/tile/graph_timer), and the CLI hands one to the compiler.
class NodeTimer {
 public:
  virtual ~NodeTimer() = default;
  virtual double time_s(const NodeRun& run) const = 0;
};

}  // namespace lutsim::compiler
