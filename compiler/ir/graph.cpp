#include "compiler/ir/graph.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/depth_first_search.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/property_map.hpp>
#include <map>
#include <set>
#include <sstream>
#include <utility>

namespace lutsim::ir {
namespace {

struct VertexData {
  NodeId id = 0;
  Node node;
  Tensor output;
};

struct EdgeData {
  std::size_t slot = 0;  // which operand of the consumer the edge feeds
};

// listS vertices: descriptors stay valid when other nodes are removed.
using BoostGraph = boost::adjacency_list<boost::vecS, boost::listS, boost::bidirectionalS,
                                         VertexData, EdgeData>;
using Vertex = BoostGraph::vertex_descriptor;

// Depth-first search that records the first back edge: a node on a cycle.
class CycleVisitor : public boost::default_dfs_visitor {
 public:
  explicit CycleVisitor(std::optional<NodeId>& cycle_at) : cycle_at_(cycle_at) {}

  void back_edge(BoostGraph::edge_descriptor e, const BoostGraph& g) const {
    if (!cycle_at_) cycle_at_ = g[boost::target(e, g)].id;
  }

 private:
  std::optional<NodeId>& cycle_at_;
};

}  // namespace

struct Graph::Impl {
  BoostGraph g;
  std::map<NodeId, Vertex> vertices;
  std::vector<NodeId> outputs;
  NodeId next_id = 0;

  Impl() = default;
  Impl(const Impl& other) : g(other.g), outputs(other.outputs), next_id(other.next_id) {
    for (const Vertex v : boost::make_iterator_range(boost::vertices(g))) vertices[g[v].id] = v;
  }

  Vertex vertex(NodeId id) const {
    const auto it = vertices.find(id);
    if (it == vertices.end()) throw GraphError("graph: no node with id " + std::to_string(id));
    return it->second;
  }

  std::vector<std::pair<std::size_t, NodeId>> operands(NodeId id) const {
    std::vector<std::pair<std::size_t, NodeId>> slots;
    for (const auto e : boost::make_iterator_range(boost::in_edges(vertex(id), g))) {
      slots.emplace_back(g[e].slot, g[boost::source(e, g)].id);
    }
    std::sort(slots.begin(), slots.end());
    return slots;
  }
};

Graph::Graph() : impl_(std::make_unique<Impl>()) {}
Graph::~Graph() = default;
Graph::Graph(const Graph& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
Graph& Graph::operator=(const Graph& other) {
  if (this != &other) impl_ = std::make_unique<Impl>(*other.impl_);
  return *this;
}
Graph::Graph(Graph&&) noexcept = default;
Graph& Graph::operator=(Graph&&) noexcept = default;

NodeId Graph::add_node(Node node, const std::vector<NodeId>& inputs, Tensor output) {
  if (find(node.name)) throw GraphError("graph: a node named '" + node.name + "' exists already");
  std::vector<Vertex> sources;
  for (const NodeId in : inputs) sources.push_back(impl_->vertex(in));
  const NodeId id = impl_->next_id++;
  const Vertex v = boost::add_vertex(VertexData{id, std::move(node), std::move(output)}, impl_->g);
  impl_->vertices[id] = v;
  for (std::size_t slot = 0; slot < sources.size(); ++slot) {
    boost::add_edge(sources[slot], v, EdgeData{slot}, impl_->g);
  }
  return id;
}

void Graph::remove_node(NodeId id) {
  const Vertex v = impl_->vertex(id);
  if (boost::out_degree(v, impl_->g) != 0 ||
      std::find(impl_->outputs.begin(), impl_->outputs.end(), id) != impl_->outputs.end()) {
    throw GraphError("graph: node '" + node(id).name +
                     "' cannot be removed: its output is still read");
  }
  boost::clear_vertex(v, impl_->g);
  boost::remove_vertex(v, impl_->g);
  impl_->vertices.erase(id);
}

void Graph::set_input(NodeId consumer, std::size_t slot, NodeId producer) {
  const Vertex to = impl_->vertex(consumer);
  const Vertex from = impl_->vertex(producer);
  BoostGraph& g = impl_->g;
  for (const auto e : boost::make_iterator_range(boost::in_edges(to, g))) {
    if (g[e].slot != slot) continue;
    boost::remove_edge(e, g);
    boost::add_edge(from, to, EdgeData{slot}, g);
    return;
  }
  throw GraphError("graph: node '" + node(consumer).name + "' has no operand " +
                   std::to_string(slot));
}

void Graph::mark_output(NodeId id) {
  impl_->vertex(id);
  impl_->outputs.push_back(id);
}

const Node& Graph::node(NodeId id) const { return impl_->g[impl_->vertex(id)].node; }
Node& Graph::node(NodeId id) { return impl_->g[impl_->vertex(id)].node; }
const Tensor& Graph::output(NodeId id) const { return impl_->g[impl_->vertex(id)].output; }
void Graph::set_output(NodeId id, Tensor tensor) {
  impl_->g[impl_->vertex(id)].output = std::move(tensor);
}

std::optional<NodeId> Graph::find(std::string_view name) const {
  for (const auto& [id, v] : impl_->vertices) {
    if (impl_->g[v].node.name == name) return id;
  }
  return std::nullopt;
}

std::vector<NodeId> Graph::inputs(NodeId id) const {
  std::vector<NodeId> producers;
  for (const auto& [slot, producer] : impl_->operands(id)) producers.push_back(producer);
  return producers;
}

std::vector<NodeId> Graph::consumers(NodeId id) const {
  const BoostGraph& g = impl_->g;
  std::vector<NodeId> readers;
  for (const auto e : boost::make_iterator_range(boost::out_edges(impl_->vertex(id), g))) {
    readers.push_back(g[boost::target(e, g)].id);
  }
  std::sort(readers.begin(), readers.end());
  readers.erase(std::unique(readers.begin(), readers.end()), readers.end());
  return readers;
}

std::vector<NodeId> Graph::node_ids() const {
  std::vector<NodeId> ids;
  for (const auto& [id, v] : impl_->vertices) ids.push_back(id);
  return ids;
}

std::size_t Graph::node_count() const { return impl_->vertices.size(); }
const std::vector<NodeId>& Graph::outputs() const { return impl_->outputs; }

std::vector<NodeId> Graph::topological_order() const {
  if (node_count() == 0) return {};
  const BoostGraph& g = impl_->g;
  std::map<Vertex, boost::default_color_type> colors;
  std::optional<NodeId> cycle_at;
  boost::depth_first_search(g, CycleVisitor(cycle_at), boost::make_assoc_property_map(colors));
  if (cycle_at) {
    throw GraphError("graph: node '" + node(*cycle_at).name +
                     "' is on a cycle: a dataflow graph must be acyclic");
  }
  // Acyclic: order by Kahn's rule, the lowest ready id first, so that the
  // order is the trace's (and then the order nodes were added in).
  std::map<NodeId, std::size_t> waiting;
  std::set<NodeId> ready;
  for (const auto& [id, v] : impl_->vertices) {
    waiting[id] = boost::in_degree(v, g);
    if (waiting[id] == 0) ready.insert(id);
  }
  std::vector<NodeId> order;
  while (!ready.empty()) {
    const NodeId id = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(id);
    for (const auto e : boost::make_iterator_range(boost::out_edges(impl_->vertex(id), g))) {
      const NodeId to = g[boost::target(e, g)].id;
      if (--waiting[to] == 0) ready.insert(to);
    }
  }
  return order;
}

std::string Graph::to_dot(const std::function<std::string(NodeId)>& node_label,
                          const std::function<std::string(NodeId producer)>& edge_label) const {
  const BoostGraph& g = impl_->g;
  std::ostringstream out;
  boost::write_graphviz(
      out, g,
      [&](std::ostream& os, Vertex v) {
        os << "[label=" << boost::escape_dot_string(node_label(g[v].id)) << "]";
      },
      [&](std::ostream& os, BoostGraph::edge_descriptor e) {
        os << "[label=" << boost::escape_dot_string(edge_label(g[boost::source(e, g)].id)) << "]";
      },
      boost::default_writer(), boost::get(&VertexData::id, g));
  return out.str();
}

}  // namespace lutsim::ir
