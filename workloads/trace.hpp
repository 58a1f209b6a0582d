#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/numerics/data_type.hpp"

namespace lutsim {

// The activation types a trace's ops carry.
inline constexpr std::array<DataType, 4> kTraceActivationTypes{DataType::kFp16, DataType::kBf16,
                                                               DataType::kFp8E4M3, DataType::kInt8};

// What an operator of a transformer layer is, for the simulators.
enum class OpKind {
  kLinear,          // Y[M,N] = X[M,K] W[N,K]^T with a weight of weight_bits bits
  kAttentionScore,  // S[M,N] = Q[M,K] K[N,K]^T per (sequence, head): activation x activation
  kAttentionValue,  // O[M,N] = P[M,K] V[K,N] per (sequence, head): activation x activation
  kNorm,            // LayerNorm / RMSNorm over rows
  kElementwise,     // activation function, residual add, softmax, rotary embedding, ...
};

// One operator of a GEMM trace. GEMM-like ops use m, n, k (and batch for
// independent instances, e.g. sequences x heads per GPU); the others use
// elements. `count` is how many times the op runs in one forward pass of the
// whole model (e.g. num_layers for a per-layer op, 1 for the LM head).
// make_trace (workloads/trace_generator.hpp) also gives norms and elementwise
// ops their shape: m rows of n values in each of `batch` instances, with
// elements = m x n x batch (k = 0).
struct TraceOp {
  std::string name;  // qkv_proj, attn_out, ffn_up, ffn_gate, ffn_down, lm_head,
                     // attn_score, attn_value, input_norm, ...
  OpKind kind = OpKind::kLinear;
  std::int64_t m = 0;
  std::int64_t n = 0;
  std::int64_t k = 0;
  std::int64_t batch = 1;
  std::int64_t elements = 0;   // non-GEMM ops: elements of the output
  DataType act_dtype = DataType::kFp16;  // one of kTraceActivationTypes
  int weight_bits = 16;        // kLinear: 1..8 low-bit, 16 for FP16 weights; 16 otherwise
  std::int64_t count = 1;
  // The dataflow edges into this op (GemmTrace::structure kDataflow only): the
  // names of the earlier ops whose outputs it reads, or kTraceInput, one entry
  // per operand. A producer named twice gives two operands (e.g. attn_score's
  // Q and K from one fused qkv_proj, ffn_act's gate and up halves of
  // ffn_gate_up). Operands: a linear 1 (its activation X; weights are not
  // ops), an attention product 2 (Q, K or P, V), a norm or elementwise op at
  // least 1. See workloads/trace_graph.hpp for the rules and their checks.
  std::vector<std::string> inputs;
};

// What an op's `inputs` name for the tensor entering the traced pass from
// outside it: the embedding output, and, for per-layer ops (count =
// num_layers), the layer's input (the previous layer's output). Not an op
// name; no op may be called this in a trace with structure.
inline constexpr std::string_view kTraceInput = "@input";

// Whether a trace says which op feeds which.
enum class TraceStructure {
  kNone,      // no edges (e.g. a CSV without the inputs column): nothing may be
              // inferred from op names, so no linears share tables
  kDataflow,  // every op lists its inputs
};

// The operators of one forward pass, with what produced them.
struct GemmTrace {
  std::string model;
  std::string phase;      // prefill | decode
  std::int64_t batch = 1;
  std::int64_t seq_len = 0;     // prefill: tokens per sequence; decode: 1
  std::int64_t kv_len = 0;      // decode: cached tokens attended to; prefill: seq_len
  int tensor_parallel = 1;
  TraceStructure structure = TraceStructure::kNone;
  std::vector<TraceOp> ops;
};

std::string_view to_string(OpKind kind);
OpKind parse_op_kind(std::string_view name);  // throws std::invalid_argument
std::string_view to_string(TraceStructure structure);  // "none" | "dataflow"

}  // namespace lutsim
