#include "sim/tile/gemm_shape.hpp"

namespace lutsim {

int output_bytes(DataType mma_type) {
  require_one_of(mma_type, kMmaTypes, "dense GEMM output");
  return mma_type == DataType::kInt8 ? 4 : 2;
}

}  // namespace lutsim
