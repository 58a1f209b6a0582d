#pragma once

#include <string_view>

#include "compiler/passes/pass.hpp"

namespace lutsim::compiler {

// Splits each low-bit linear (weights of 1..8 bits) into a table precompute
// and a LUT linear reading the tables (the paper's DFG transformation).
// Linears that read the same tensor with the same activation type share one
// precompute (Q/K/V, gate/up): it is named "<producer>.precompute" and writes
// the tables {M, K / k, entries} of the context's LUT geometry and entry
// format. Effects per linear: "split" (its tables are new), "shared" (it
// reads tables built for an earlier linear) or "kept" (16-bit weights: a
// dense GEMM). Throws std::invalid_argument naming the linear when its
// activation type is not a LUT activation type, K is not a multiple of the
// table group size, the entry format is `integer` (INT16 entries: no IR
// data type holds them), or its weight codes do not index the hardware's
// table form (symmetric forms need odd codes: reinterpret_weights first).
class SplitPrecompute : public Pass {
 public:
  static constexpr std::string_view kName = "split_precompute";
  static constexpr std::string_view kDescription =
      "each low-bit linear -> table precompute + LUT linear; linears reading one tensor share "
      "the tables";

  std::vector<GemmEffect> run(ir::Graph& graph, const PassContext& context) const override;
};

}  // namespace lutsim::compiler
