#include "sim/tile/gemm_shape.hpp"

#include <stdexcept>
#include <string>

namespace lutsim {

std::string_view to_string(MmaType t) {
  switch (t) {
    case MmaType::kFp16:
      return "fp16";
    case MmaType::kBf16:
      return "bf16";
    case MmaType::kInt8:
      return "int8";
    case MmaType::kFp8:
      return "fp8";
  }
  return "?";
}

MmaType parse_mma_type(std::string_view name) {
  for (MmaType t : {MmaType::kFp16, MmaType::kBf16, MmaType::kInt8, MmaType::kFp8}) {
    if (to_string(t) == name) return t;
  }
  throw std::invalid_argument("unknown GEMM type '" + std::string(name) +
                              "' (allowed: fp16, bf16, int8, fp8)");
}

int operand_bytes(MmaType t) {
  return t == MmaType::kInt8 || t == MmaType::kFp8 ? 1 : 2;
}

int output_bytes(MmaType t) {
  return t == MmaType::kInt8 ? 4 : 2;
}

}  // namespace lutsim
