#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "compiler/ir/graph.hpp"

namespace lutsim::ir {

// Graphviz text: a node is labelled with its name, kind and what it writes
// (shape and dtype), an edge with the tensor it carries.
std::string graph_dot(const Graph& graph);

// {"nodes": [{"id", "name", "kind", "inputs": [names], "shape", "output":
//   {"shape", "dtype"}, "count", "act_dtype", and by kind "gemm": {"m", "n",
//   "k", "batch"}, "weight_bits", "tables": {"group_size", "entries",
//   "format", "entry_dtype", "activation"}, "fused": [names]}],
//   "outputs": [names]},
// nodes in topological order.
nlohmann::json graph_json(const Graph& graph);

}  // namespace lutsim::ir
