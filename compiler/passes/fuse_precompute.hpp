#pragma once

#include <string_view>

#include "compiler/passes/pass.hpp"

namespace lutsim::compiler {

// Fuses each table precompute into the op that writes its activations when
// that is legal: the producer is a norm (RMSNorm / LayerNorm) or an
// elementwise op and the precompute is its only reader (a linear reads its
// X[M, K] whole, so the producer writes exactly the tables' matrix). The
// producer then writes the tables instead of its result (no activation round
// trip, no precompute kernel) and the LUT linears read them from it. Effects per precompute, naming the
// linears it serves: "fused" (into which node), or "not_fused" with the reason:
// the producer is an attention product, a linear, a row selection, a reshape
// or the pass's input; or it is also read by other nodes (their names).
class FusePrecompute : public Pass {
 public:
  static constexpr std::string_view kName = "fuse_precompute";
  static constexpr std::string_view kDescription =
      "each table precompute -> into the preceding norm or elementwise op where that op's only "
      "reader is the precompute";

  std::vector<GemmEffect> run(ir::Graph& graph, const PassContext& context) const override;
};

}  // namespace lutsim::compiler
