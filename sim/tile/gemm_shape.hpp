#pragma once

#include <array>
#include <cstdint>

#include "core/numerics/data_type.hpp"

namespace lutsim {

// Operand types of dense tensor-core GEMMs (MMA instruction families); FP8
// MMAs take E4M3 operands.
inline constexpr std::array<DataType, 4> kMmaTypes{DataType::kFp16, DataType::kBf16,
                                                   DataType::kInt8, DataType::kFp8E4M3};

// Bytes of one output element as libraries write it: FP16/BF16 out for
// floating types, INT32 for INT8.
int output_bytes(DataType mma_type);

// How the B operand of Y = A B^T is stored. kK: rows of K elements, B[N,K] (a
// linear layer's weights, attention's keys in S = Q K^T; cuBLAS's "TN" call);
// kN: rows of N elements, B^T[K,N] (attention's values in O = P V, the "NN"
// call).
enum class OperandMajor { kK, kN };

// Y[M,N] = X[M,K] W[N,K]^T, `batch` independent instances.
struct GemmShape {
  std::int64_t m = 0;
  std::int64_t n = 0;
  std::int64_t k = 0;
  std::int64_t batch = 1;
  DataType type = DataType::kFp16;  // one of kMmaTypes
  OperandMajor b_major = OperandMajor::kK;

  double flops() const { return 2.0 * static_cast<double>(m) * n * k * batch; }

  // Throws std::invalid_argument for a dimension < 1 and CountLimitError for
  // more than kMaxOpCount MACs (core/numerics/checked_count.hpp), the limit
  // below which the models' 64-bit counts cannot overflow.
  void validate() const;
};

}  // namespace lutsim
