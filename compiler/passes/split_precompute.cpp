#include "compiler/passes/split_precompute.hpp"

#include <map>
#include <stdexcept>
#include <utility>

namespace lutsim::compiler {
namespace {

using ir::Graph;
using ir::Node;
using ir::NodeId;
using ir::NodeKind;

std::invalid_argument linear_error(const Node& linear, const std::string& message) {
  return std::invalid_argument(std::string(SplitPrecompute::kName) + ": linear '" + linear.name +
                               "': " + message);
}

// The tables the LUT tensor cores look up for the linear's activations:
// exact integer sums (INT16 entries) for INT8 ones, the configured format
// for floating ones (table_format_for, as the datapath).
ir::TableLayout layout_of(const PassContext& c, const Node& linear) {
  const TableEntryFormat format = table_format_for(linear.act_dtype, c.table_format);
  if (format == TableEntryFormat::kInteger && is_floating_point(linear.act_dtype)) {
    throw linear_error(linear, "table_format integer of " + c.hardware + " holds exact sums of " +
                                   "integer activations, not of " +
                                   std::string(to_string(linear.act_dtype)) + " ones");
  }
  const bool odd = linear.weight_code == ir::WeightCode::kOdd;
  if (odd != c.geometry.symmetric()) {
    throw linear_error(
        linear, std::string(to_string(linear.weight_code)) + " weight codes cannot index the " +
                    std::string(to_string(c.geometry.table_form)) + " tables of " + c.hardware +
                    (odd ? "" : ": run reinterpret_weights before split_precompute"));
  }
  return {c.geometry.k, c.geometry.table_entries(), format, table_entry_dtype(format),
          linear.act_dtype};
}

void check_linear(const Node& linear, const ir::TableLayout& layout) {
  if (!is_one_of(linear.act_dtype, kLutActivationTypes)) {
    throw linear_error(linear, "activations " + std::string(to_string(linear.act_dtype)) +
                                   " are not a LUT activation type (" +
                                   names_of(kLutActivationTypes) + ")");
  }
  if (linear.gemm.k % layout.group_size != 0) {
    throw linear_error(linear, "K = " + std::to_string(linear.gemm.k) +
                                   " is not a multiple of the table group size " +
                                   std::to_string(layout.group_size));
  }
}

class Splitter {
 public:
  Splitter(Graph& g, const PassContext& c) : g_(g), c_(c) {}

  std::vector<GemmEffect> run() {
    for (const NodeId id : g_.topological_order()) {
      const Node& n = g_.node(id);
      if (n.kind != NodeKind::kLinear) continue;
      if (n.weight_bits == 16) {
        effects_.push_back({{n.name}, n.name, "kept", "16-bit weights: a dense GEMM, no tables"});
        continue;
      }
      split(id);
    }
    return std::move(effects_);
  }

 private:
  void split(NodeId id) {
    const ir::TableLayout layout = layout_of(c_, g_.node(id));
    check_linear(g_.node(id), layout);
    const NodeId producer = g_.inputs(id).front();
    const auto key = std::make_pair(producer, layout.activation);
    const auto [it, added] = built_.try_emplace(key, -1);
    if (added) it->second = add_precompute(id, producer, layout);
    Node& linear = g_.node(id);
    const Node& pre = g_.node(it->second);
    effects_.push_back({{linear.name}, pre.name, added ? "split" : "shared",
                        added ? "tables of '" + g_.node(producer).name + "' built by a new "
                                "precompute"
                              : "reads the tables of '" + g_.node(producer).name +
                                    "' built for '" + first_reader_.at(it->second) + "'"});
    linear.kind = NodeKind::kLutLinear;
    linear.tables = layout;
    g_.set_input(id, 0, it->second);
  }

  NodeId add_precompute(NodeId linear_id, NodeId producer, const ir::TableLayout& layout) {
    const Node& linear = g_.node(linear_id);
    Node pre;
    pre.name = g_.node(producer).name + ".precompute";
    if (g_.find(pre.name)) pre.name += "." + std::string(to_string(linear.act_dtype));
    pre.kind = NodeKind::kPrecompute;
    pre.shape = {linear.gemm.m, linear.gemm.k};
    pre.gemm = {linear.gemm.m, 0, linear.gemm.k, 1};
    pre.act_dtype = linear.act_dtype;
    pre.count = linear.count;
    pre.tables = layout;
    ir::Tensor tables{ir::table_shape(linear.gemm.m, linear.gemm.k, layout), layout.entry_dtype};
    const std::string reader = linear.name;
    const NodeId id = g_.add_node(std::move(pre), {producer}, std::move(tables));
    first_reader_[id] = reader;
    return id;
  }

  Graph& g_;
  const PassContext& c_;
  std::map<std::pair<NodeId, DataType>, NodeId> built_;  // (producer, act type) -> precompute
  std::map<NodeId, std::string> first_reader_;            // precompute -> the linear it was made for
  std::vector<GemmEffect> effects_;
};

}  // namespace

std::vector<GemmEffect> SplitPrecompute::run(Graph& graph, const PassContext& context) const {
  return Splitter(graph, context).run();
}

}  // namespace lutsim::compiler
