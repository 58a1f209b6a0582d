#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/ir/node.hpp"
#include "compiler/ir/tensor.hpp"

namespace lutsim::ir {

// A node's identity: stable while the node lives, never reused in a graph.
using NodeId = std::int64_t;

// A graph that breaks a rule of the IR, or a reference to a node it lacks.
class GraphError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A dataflow graph: nodes (operators), each writing one tensor, and edges
// from a tensor's producer to each operand that reads it (a node reading one
// tensor twice has two edges). Boost.Graph holds it (a bidirectional
// adjacency list); callers see only these names. Node names are unique.
class Graph {
 public:
  Graph();
  ~Graph();
  Graph(const Graph& other);
  Graph& operator=(const Graph& other);
  Graph(Graph&&) noexcept;
  Graph& operator=(Graph&&) noexcept;

  // Adds a node whose operands are the outputs of `inputs`, in operand order.
  // GraphError for a repeated name or an input that is not a node.
  NodeId add_node(Node node, const std::vector<NodeId>& inputs, Tensor output);
  // Removes a node that no node reads and that is not a graph output.
  void remove_node(NodeId id);
  // Operand `slot` of `consumer` reads the output of `producer` instead.
  void set_input(NodeId consumer, std::size_t slot, NodeId producer);
  // A tensor the pass hands on (the last op's output).
  void mark_output(NodeId id);

  const Node& node(NodeId id) const;
  Node& node(NodeId id);
  const Tensor& output(NodeId id) const;
  void set_output(NodeId id, Tensor tensor);
  std::optional<NodeId> find(std::string_view name) const;

  // The producers of a node's operands, in operand order.
  std::vector<NodeId> inputs(NodeId id) const;
  // The nodes that read a node's output, each once, in id order.
  std::vector<NodeId> consumers(NodeId id) const;
  std::vector<NodeId> node_ids() const;  // in id order
  std::size_t node_count() const;
  const std::vector<NodeId>& outputs() const;

  // Producers before consumers, the lowest id first among the nodes ready
  // (trace order for a graph built from a trace); GraphError naming a node on
  // a cycle (a back edge of boost::depth_first_search) when there is one.
  std::vector<NodeId> topological_order() const;

  // Graphviz text (boost::write_graphviz) with the given labels; an edge is
  // labelled with the tensor it carries (its producer's id).
  std::string to_dot(const std::function<std::string(NodeId)>& node_label,
                     const std::function<std::string(NodeId producer)>& edge_label) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lutsim::ir
