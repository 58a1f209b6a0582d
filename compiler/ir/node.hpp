#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/numerics/data_type.hpp"

namespace lutsim::ir {

// What an operator of the dataflow graph computes.
enum class NodeKind {
  kInput,           // the tensor entering the pass from outside (the embedding output)
  kLinear,          // Y[M,N] = X[M,K] W[N,K]^T, weights of weight_bits bits (an mpGEMM if low-bit)
  kPrecompute,      // LUT tables of X[M,K]: one table per row and group of k activations
  kLutLinear,       // the LUT mpGEMM: Y[M,N] from the tables of X and W[N,K]
  kNorm,            // LayerNorm / RMSNorm over rows
  kElementwise,     // activation function, residual add, softmax, rotary embedding, ...
  kAttentionScore,  // S = Q K^T per (sequence, KV head)
  kAttentionValue,  // O = P V per (sequence, KV head)
  kSelectRows,      // the last row of each sequence (the LM head reads the last token)
  kReshape,         // the same values in another shape (attention heads -> rows of a linear)
};

std::string_view to_string(NodeKind kind);

// How a linear's low-bit weights are coded: as quantizers store them, or
// reinterpreted offline (the reinterpret_weights pass) for symmetric tables.
enum class WeightCode {
  kUnsigned,  // codes q in [0, 2^b): tables of all 2^k subset sums (unsigned_full)
  kOdd,       // q' = 2q - (2^b - 1), scale / 2, zero point 2z - (2^b - 1): symmetric tables
};

std::string_view to_string(WeightCode code);  // "unsigned" | "odd"

// A GEMM's sizes: batch independent instances of M x N x K.
struct GemmDims {
  std::int64_t m = 0;
  std::int64_t n = 0;
  std::int64_t k = 0;
  std::int64_t batch = 1;
};

// The tables of an activation matrix X[rows, K]: one table per row and group
// of group_size activations, `entries` values each (2^(k-1) for the
// odd-symmetric half form).
struct TableLayout {
  int group_size = 4;
  int entries = 8;
  TableEntryFormat format = TableEntryFormat::kFp16;
  DataType entry_dtype = DataType::kFp16;  // how one stored entry is held
  DataType activation = DataType::kFp16;   // the type of the activations tabulated

  bool operator==(const TableLayout&) const = default;
};

// The tables tensor's shape for X[rows, k]: {rows, k / group_size, entries}.
std::vector<std::int64_t> table_shape(std::int64_t rows, std::int64_t k, const TableLayout& layout);

// One operator. Every node writes one tensor (Graph::output); its operands are
// the tensors of the nodes Graph::inputs lists.
struct Node {
  std::string name;
  NodeKind kind = NodeKind::kElementwise;
  // The values the operator computes: {M, N} for a linear, {batch, M, N} for
  // an attention product, {rows, width} or {instances, rows, width} for a
  // norm or elementwise op, the activations {M, K} a precompute reads.
  std::vector<std::int64_t> shape;
  GemmDims gemm;                         // kLinear, kLutLinear, kPrecompute (m, k), attention
  int weight_bits = 16;                  // kLinear, kLutLinear
  WeightCode weight_code = WeightCode::kUnsigned;  // kLinear, kLutLinear with low-bit weights
  DataType act_dtype = DataType::kFp16;  // the type the node reads activations as
  std::int64_t count = 1;                // runs per forward pass (num_layers for a layer's op)
  // kPrecompute and kLutLinear: the tables written or read. A norm or
  // elementwise node with tables has a precompute fused into it: it writes the
  // tables of its result instead of the result.
  std::optional<TableLayout> tables;
  std::vector<std::string> fused;  // names of the nodes fused into this one
};

}  // namespace lutsim::ir
