#pragma once

#include <optional>
#include <string>

#include "core/specs/action_counts.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/tile/attention_shape.hpp"
#include "sim/tile/attention_tiling.hpp"
#include "sim/tile/kernel_roofline.hpp"

namespace lutsim {

// The time of one fused attention call under one tiling, and why.
struct AttentionEstimate {
  double time_s = 0.0;  // the attention kernel, plus the split-KV combine kernel when split
  AttentionTiling tiling;
  std::int64_t ctas = 0;   // threadblocks of the attention kernel
  int ctas_per_sm = 0;     // resident at once (shared memory and registers)
  double kv_tiles = 0.0;   // K/V tiles all CTAs stream (causal masking skips the rest)
  double compute_s = 0.0;  // busiest SM: its tiles' MMAs and softmax, plus CTA latencies
  double dram_s = 0.0;     // CTA latency + unique bytes / achievable DRAM bandwidth
  double l2_s = 0.0;       // K/V tiles every CTA reads, Q, O and partials, through L2
  double combine_s = 0.0;  // split-KV: the kernel that combines the partial outputs
  double dram_bytes = 0.0;
  GemmBound bound = GemmBound::kCompute;  // of the attention kernel
  // Tensor-core MACs (padded tiles), softmax on the CUDA cores and SFUs,
  // shared-memory, register, L2 and DRAM bytes; the combine kernel's bytes.
  ActionCounts actions;

  // "flash attention fp16" or "flash decoding fp16" (split KV).
  std::string kernel_name(const AttentionShape& shape) const;
};

// One FlashAttention-2-style kernel over every sequence and head, grid =
// batch x kv_heads x ceil(group x q_len / block_q) x kv_splits:
// - a CTA holds its Q tile and streams K/V tiles through shared memory; per
//   tile its warps run the score MMA (block_q x block_kv x d), the online
//   softmax (an exp2 per score on the SFUs: block_q x block_kv /
//   sfu_ops_per_cycle_per_sm cycles) and the value MMA (block_q x d x
//   block_kv) one after the other; the MMAs at the SM's clock-limited dense
//   rate of shape.type (x tensor_efficiency), and all of the call's MMAs no
//   faster than the GPU's power-limited rate when it has one (the tensor
//   cores idle during the softmax: the power limit bounds their average);
// - causal masking skips whole K/V tiles past a Q tile's last query; the
//   CTAs are dealt longest first to the least-loaded SM (wave quantization
//   and causal imbalance), the busiest SM sets the compute time;
// - memory: Q, K, V and O (or FP32 partials and row statistics when split)
//   once from DRAM, every CTA's K/V tiles through L2; time as for GEMMs
//   (fixed + max(compute, memory) + (1 - overlap) x min);
// - kv_splits > 1: a second kernel reads the partials and writes O.
// nullopt when the tiling cannot run (shared memory or registers, more
// splits than K/V tiles). Throws std::invalid_argument when the GPU has no
// SFU throughput configured.
std::optional<AttentionEstimate> estimate_attention(const HardwareSpec& hw,
                                                    const AttentionShape& shape,
                                                    const AttentionTiling& tiling);

// The fastest tiling and split over candidate_attention_tiles() x
// candidate_kv_splits(), as a tuned library (or FlashAttention's split
// heuristic) would choose. Throws std::invalid_argument for a bad shape
// (AttentionShape::validate) or a GPU that cannot run any tiling.
AttentionEstimate best_attention(const HardwareSpec& hw, const AttentionShape& shape);

}  // namespace lutsim
