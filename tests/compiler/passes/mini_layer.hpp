#pragma once

#include <string>
#include <vector>

#include "compiler/ir/graph.hpp"
#include "compiler/passes/pass.hpp"

namespace lutsim::test {

// A transformer layer of 4 tokens, hidden 8, FFN 16, one head, hand-built:
//   x -> norm -> q, k, v (w2) -> score(q, k) -> value(score, v) -> o.reshape
//     -> o (w2) -> res(o, x) -> norm2 -> gate, up (w2) -> act(gate, up)
//     -> down (w2) -> out(down, res) -> head (w16): the graph output.
// 17 nodes; `shared_norm` also makes the residual add read norm instead of x
// (norm then has a reader besides the Q/K/V linears).
ir::Graph mini_layer(DataType act = DataType::kFp16, bool shared_norm = false);

// A block without attention: x -> norm -> q, k (w2) -> act(q, k) -> down (w2)
// -> out(down, x): the graph output. 7 nodes, rows of 8 values.
ir::Graph mini_block();

// One linear: x {4, k} -> lin (weight_bits, N = 8, K = k, `act`
// activations): the graph output. 2 nodes.
ir::Graph mini_linear(std::int64_t k, int weight_bits, DataType act);

// The passes that split the precompute out: the weights reinterpreted (odd
// codes, for the symmetric tables), then split_precompute.
inline const std::vector<std::string> kSplitPasses{"reinterpret_weights", "split_precompute"};

// The LUT geometry M2N64K4, half tables of FP16 entries (the A100-LUT configs').
compiler::PassContext mini_context(TableEntryFormat format = TableEntryFormat::kFp16);

std::vector<std::string> names_of_inputs(const ir::Graph& g, const std::string& node);

}  // namespace lutsim::test
