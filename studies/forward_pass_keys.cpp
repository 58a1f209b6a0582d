#include "studies/forward_pass_keys.hpp"

namespace lutsim {

ForwardPassKeys read_forward_pass_keys(config::ConfigReader& r) {
  ForwardPassKeys k;
  k.precompute = r.get<std::string>("precompute", {.description = "LUT table precompute",
                                                   .default_value = "fused",
                                                   .allowed = {"fused", "separate"}}) == "fused"
                     ? PrecomputeMode::kFused
                     : PrecomputeMode::kSeparateKernel;
  k.launch_gaps = r.get<bool>("launch_gaps",
                              {.description = "add the host launch gap per kernel (no CUDA graphs)",
                               .default_value = false});
  k.attention = parse_attention_mode(r.get<std::string>(
      "attention", {.description = "fused: one FlashAttention-style kernel per layer; unfused: "
                                   "score GEMM, softmax and value GEMM",
                    .default_value = "fused",
                    .allowed = {"fused", "unfused"}}));
  return k;
}

}  // namespace lutsim
