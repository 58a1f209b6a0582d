#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/specs/model_spec.hpp"
#include "workloads/trace.hpp"

namespace lutsim {

enum class Phase {
  kPrefill,  // every prompt token of every sequence in one pass
  kDecode,   // one new token per sequence against its KV cache
};

std::string_view to_string(Phase phase);   // "prefill" | "decode"
Phase parse_phase(std::string_view name);  // throws std::invalid_argument

// How the trace groups the linears that read the same input.
enum class LinearFusion {
  // One GEMM for Q, K and V (qkv_proj) and one for gate and up (ffn_gate_up),
  // as serving frameworks run them (vLLM's QKVParallelLinear and
  // MergedColumnParallelLinear, TensorRT-LLM): the default.
  kFramework,
  // As the checkpoint stores the weights: qkv_proj only where the checkpoint
  // fuses it (BLOOM), else q_proj, k_proj, v_proj; ffn_gate and ffn_up apart.
  kCheckpoint,
  // Every projection apart: q_proj, k_proj, v_proj, ffn_gate, ffn_up.
  kSeparate,
};

std::string_view to_string(LinearFusion fusion);          // "framework" | "checkpoint" | "separate"
LinearFusion parse_linear_fusion(std::string_view name);  // throws std::invalid_argument

// What forward pass to trace. Batch and lengths are per replica of the model
// (all tensor-parallel GPUs together).
// Prompt tokens per sequence of a prefill trace when none are given (the
// CLI's and the model study's default).
inline constexpr std::int64_t kDefaultPrefillSeqLen = 2048;

// The largest forward pass a request may ask for (the documented limits of
// the model study's workload keys and of the trace options of lutsim model,
// trace and compile alike, checked at input).
inline constexpr std::int64_t kMaxBatch = std::int64_t{1} << 20;
inline constexpr std::int64_t kMaxSeqLen = std::int64_t{1} << 20;
inline constexpr std::int64_t kMaxKvLen = std::int64_t{1} << 24;
inline constexpr int kMaxTensorParallel = 64;

struct TraceRequest {
  Phase phase = Phase::kDecode;
  std::int64_t batch = 1;    // sequences, >= 1
  std::int64_t seq_len = 1;  // prefill: prompt tokens per sequence (>= 1); ignored in decode
  std::int64_t kv_len = 0;  // decode: tokens already cached per sequence (>= 0); ignored in prefill
  int weight_bits = 16;     // linear weights: 1..8 (low-bit) or 16 (FP16)
  DataType act_dtype = DataType::kFp16;  // linear activations: one of kTraceActivationTypes
  int tensor_parallel = 1;         // GPUs sharing each layer, >= 1
  bool include_lm_head = true;
  LinearFusion fusion = LinearFusion::kFramework;
  // The LM head stays FP16 by default, as in BitNet b1.58 and in GPTQ/AWQ
  // checkpoints; true gives it weight_bits and act_dtype like the layers.
  bool quantize_lm_head = false;
};

// The operators of one forward pass of `model` as `request` describes, per
// GPU, in execution order. Contract (T = tokens in the pass: batch x seq_len
// in prefill, batch in decode; S x L = query rows x key columns per sequence:
// seq_len x seq_len in prefill, 1 x (kv_len + 1) in decode; tp =
// tensor_parallel; hq, hkv = num_heads / tp, num_kv_heads / tp; d = head_dim):
//
//   embed_norm      norm         T x hidden, once          (embedding_norm only)
//   per layer (count = num_layers):
//   input_norm      norm         T x hidden
//   qkv_proj        linear       M=T, N=(hq+2hkv)d, K=hidden (or q_proj/k_proj/v_proj)
//   rotary_embedding elementwise T x (hq+hkv)d             (rotary only)
//   attn_score      attention_score batch=batch*hkv, M=(hq/hkv)*S, N=L, K=d
//   alibi_bias      elementwise  batch*hq x S x L          (alibi only)
//   attn_softmax    elementwise  batch*hq x S x L
//   attn_value      attention_value batch=batch*hkv, M=(hq/hkv)*S, N=d, K=L
//   attn_sub_norm   norm         T x hq*d                  (sub_norms only)
//   attn_out        linear       M=T, N=hidden, K=hq*d      (row-parallel)
//   attn_residual   elementwise  T x hidden
//   post_attn_norm  norm         T x hidden
//   ffn_up | ffn_gate_up (N = 2F/tp) | ffn_gate + ffn_up   linear, K=hidden
//   ffn_act         elementwise  T x F/tp  (gated: act(gate) * up, one kernel)
//   ffn_sub_norm    norm         T x F/tp                  (sub_norms only)
//   ffn_down        linear       M=T, N=hidden, K=F/tp      (row-parallel)
//   ffn_residual    elementwise  T x hidden
//   final_norm      norm         T x hidden, once
//   lm_head         linear       M=batch, N=ceil(vocab/tp), K=hidden, once
//
// Conventions: prefill attention counts the full S x S square although half
// of it is masked (what dense kernels compute); with GQA the query heads that
// share a KV head run as one product (M = group x S), so K and V are read once
// per KV head, as FlashAttention-style kernels do. The LM head runs on the
// last token of each sequence only (M = batch in both phases) and is split
// over the vocabulary (vLLM pads the vocabulary to a multiple of tp; N is the
// padded share). Norms and residual adds run replicated on every GPU;
// sub-norms see the GPU's shard. All-reduces, embedding lookups, KV-cache
// writes and bias adds (fused into GEMM epilogues) are not ops. Non-GEMM ops
// use m (rows) x n (row width) x batch with elements = m * n * batch.
// The trace records seq_len = S and kv_len = seq_len in prefill, the request's
// kv_len in decode (the step attends to kv_len + 1 keys, its own included).
// Linears carry request.weight_bits and act_dtype; everything else, and the
// LM head unless quantize_lm_head, is 16-bit: bf16 when act_dtype is bf16,
// else fp16.
// Structure (TraceStructure::kDataflow): every op lists its inputs, in
// operand order: embed_norm and the first per-layer ops read kTraceInput (the
// embedding; with embed_norm, they read embed_norm instead), as every layer
// reads the previous one's output; input_norm feeds the Q/K/V linear(s),
// post_attn_norm the FFN up (and gate) linear(s), which so share one input;
// rotary_embedding reads Q and K (one operand when both are columns of
// qkv_proj); attn_score reads Q and K, attn_value the softmax and V (a fused
// qkv_proj named twice or once more); ffn_act reads the up projection, or
// gate and up (ffn_gate_up twice when merged); the residual adds read their
// branch and the residual stream (the layer's input, then attn_residual);
// final_norm reads ffn_residual and lm_head final_norm.
// Throws std::invalid_argument for a bad request or when tp does not divide
// num_heads, num_kv_heads or ffn_intermediate_size.
GemmTrace make_trace(const ModelSpec& model, const TraceRequest& request);

}  // namespace lutsim
