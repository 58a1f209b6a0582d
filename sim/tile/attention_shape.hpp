#pragma once

#include <cstdint>

#include "core/numerics/data_type.hpp"

namespace lutsim {

// One fused attention call, O = softmax(Q K^T / sqrt(d) [+ causal mask]) V,
// over `batch` sequences and all heads at once (as frameworks launch it).
// GQA/MQA: q_heads / kv_heads query heads share each K/V head.
struct AttentionShape {
  std::int64_t batch = 1;
  std::int64_t q_heads = 1;
  std::int64_t kv_heads = 1;  // divides q_heads; equal for MHA
  std::int64_t q_len = 1;     // query tokens per sequence (1: single-token decode)
  std::int64_t kv_len = 1;    // key/value tokens per sequence
  std::int64_t head_dim = 128;
  // Query i attends keys 0 .. i + (kv_len - q_len) (the mask aligned to the
  // bottom right, as FlashAttention and SDPA define it for kv_len > q_len).
  bool causal = false;
  DataType type = DataType::kFp16;  // Q, K, V and O: fp16 or bf16

  std::int64_t group() const { return q_heads / kv_heads; }
  // Score elements the causal mask keeps (all of them without a mask), over
  // every sequence and query head.
  double unmasked_scores() const;
  // 4 x unmasked scores x head_dim: the two products' FLOPs (as the SDPA
  // data's tflops column counts them).
  double flops() const;

  // Throws std::invalid_argument for a dimension < 1, kv_heads not dividing
  // q_heads, a head_dim over kMaxAttentionHeadDim, or a causal call with
  // fewer keys than queries; DataTypeError for a type other than fp16/bf16;
  // CountLimitError past kMaxOpCount multiply-adds.
  void validate() const;
};

// The largest head dimension the kernel family instantiates.
inline constexpr std::int64_t kMaxAttentionHeadDim = 256;

// The head dimension the kernels run: head_dim rounded up to a multiple of 32
// (FlashAttention instantiates head dims 32, 64, 96, ... 256 and pads the
// rest, e.g. 100 runs as 128).
std::int64_t padded_head_dim(std::int64_t head_dim);

}  // namespace lutsim
