#pragma once

#include <cstdint>
#include <string_view>

namespace lutsim {

// Operand type of a dense tensor-core GEMM (MMA instruction family).
enum class MmaType { kFp16, kBf16, kInt8, kFp8 };

std::string_view to_string(MmaType t);
MmaType parse_mma_type(std::string_view name);  // throws std::invalid_argument

// Bytes of one A/B element, and of one output element as libraries write
// it (FP16/BF16 out for floating types, INT32 for INT8).
int operand_bytes(MmaType t);
int output_bytes(MmaType t);

// Y[M,N] = X[M,K] W[N,K]^T, `batch` independent instances.
struct GemmShape {
  std::int64_t m = 0;
  std::int64_t n = 0;
  std::int64_t k = 0;
  std::int64_t batch = 1;
  MmaType type = MmaType::kFp16;

  double flops() const { return 2.0 * static_cast<double>(m) * n * k * batch; }
};

}  // namespace lutsim
