#pragma once

#include <optional>
#include <string_view>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_shape.hpp"
#include "sim/tile/tiling.hpp"

namespace lutsim {

enum class GemmBound { kCompute, kDram, kL2 };
std::string_view to_string(GemmBound b);

// The time of one GEMM kernel under one tiling, and why.
struct GemmEstimate {
  double time_s = 0.0;  // kernel time on the GPU (no host launch gap)
  Tiling tiling;
  std::int64_t ctas = 0;   // threadblocks launched
  std::int64_t waves = 0;  // rounds of threadblocks over the SMs
  int ctas_per_sm = 0;     // resident at once (shared-memory limited)
  double compute_s = 0.0;  // waves x (CTA latency + CTA main loop)
  double dram_s = 0.0;     // CTA latency + unique bytes / achievable DRAM bandwidth
  double l2_s = 0.0;       // bytes fed to the SMs / achievable L2 bandwidth
  double dram_bytes = 0.0;
  GemmBound bound = GemmBound::kCompute;
};

// Dense tensor-core GEMM (cuBLAS-like kernel family), one tiling:
// - waves: ceil(CTAs / (SMs x CTAs per SM)); a CTA computes its full tile
//   (edge tiles padded) at the SM's tensor rate x tensor_efficiency shared by
//   the resident CTAs, or slower if shared memory cannot feed the warps
//   (64 x 64 warp tiles re-read A and B fragments);
// - memory: unique bytes (X, W, Y, split-K partials) from DRAM at
//   min(peak x dram_efficiency, active SMs x per-SM bandwidth), and every
//   CTA's operand bytes through L2 at peak x l2_efficiency;
// - time = fixed + max(compute, memory) + (1 - overlap) x min(compute, memory)
//   (+ the split-K reduction).
// nullopt when the tiling cannot run the shape (split-K slices shorter than
// two K steps) or the GPU lacks tensor cores for the type.
std::optional<GemmEstimate> estimate_dense_gemm(const HardwareSpec& hw, const GemmShape& shape,
                                                const Tiling& tiling);

// The fastest tiling over candidate_tiles() x candidate_split_k(), as a
// well-tuned library would choose. Throws std::invalid_argument for an empty
// shape or a type the GPU has no tensor cores for.
GemmEstimate best_dense_gemm(const HardwareSpec& hw, const GemmShape& shape);

}  // namespace lutsim
