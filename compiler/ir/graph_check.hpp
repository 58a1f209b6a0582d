#pragma once

#include "compiler/ir/graph.hpp"

namespace lutsim::ir {

// The shape of the tensor a node writes: its tables when it is a precompute
// or has one fused into it, else its own shape.
std::vector<std::int64_t> written_shape(const Node& node);

// Checks the IR's rules and throws GraphError naming the first node (in
// topological order) that breaks one:
// - at least one graph output; no cycle;
// - operand counts: an input none, a linear, precompute, LUT linear, norm,
//   row selection or reshape 1, an attention product 2, an elementwise op at
//   least 1;
// - the written tensor has written_shape, and tables their entry dtype;
// - every edge's shape: a linear and a precompute read X[M, K] exactly; a
//   LUT linear the tables of X[M, K] in its own table layout; a row
//   selection whole rows of the width it writes; a norm or a reshape as many
//   values as it writes (a norm may read attention heads as rows); an
//   attention product's first operand (Q or P) is a view (a part of a wider
//   tensor, e.g. the Q columns of a fused QKV projection): at least the
//   operand's values; K and V come from the KV cache, to which their producer
//   appends the new tokens: at least one row of head_dim values per instance;
//   an elementwise op's operands hold its values together (the Q and K a
//   rotary embedding reads, or the fused QKV projection they are columns of),
//   matrices with its rows;
// - no dangling tensor: every node's output is read or is a graph output.
void check_graph(const Graph& graph);

}  // namespace lutsim::ir
