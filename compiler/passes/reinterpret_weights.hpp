#pragma once

#include <string_view>

#include "compiler/passes/pass.hpp"

namespace lutsim::compiler {

// Weight reinterpretation, the offline transform that makes tables
// symmetric: each low-bit linear's unsigned codes q in [0, 2^b) become the
// odd integers 2q - (2^b - 1) (scale / 2, zero point 2z - (2^b - 1): the
// product is unchanged; core's reinterpret_weights does it to a weight
// tensor), so a table of k activations is odd-symmetric and the hardware's
// symmetric form stores 2^(k-1) of its 2^k entries (half form) or all 2^k
// (full form) instead of the 2^k subset sums of unsigned codes. It runs
// before split_precompute, which builds the tables the codes index. Effects
// per linear: "reinterpreted" (data: weight_bits, table_entries_before,
// table_entries_after), or "kept": 16-bit weights (no tables) or hardware
// whose tables are unsigned_full (odd codes cannot index them). Throws
// std::invalid_argument naming a LUT linear (split_precompute has run: its
// tables are built for its codes already).
class ReinterpretWeights : public Pass {
 public:
  static constexpr std::string_view kName = "reinterpret_weights";
  static constexpr std::string_view kDescription =
      "each low-bit linear's unsigned codes q -> odd 2q - (2^b - 1) (scale and zero point "
      "adjusted), so its tables are symmetric";

  std::vector<GemmEffect> run(ir::Graph& graph, const PassContext& context) const override;
};

}  // namespace lutsim::compiler
