#include "sim/tile/gemm_shape.hpp"

#include <stdexcept>
#include <string>

#include "core/numerics/checked_count.hpp"

namespace lutsim {

int output_bytes(DataType mma_type) {
  require_one_of(mma_type, kMmaTypes, "dense GEMM output");
  return mma_type == DataType::kInt8 ? 4 : 2;
}

void GemmShape::validate() const {
  const std::string dims = "M=" + std::to_string(m) + " N=" + std::to_string(n) +
                           " K=" + std::to_string(k) + " batch=" + std::to_string(batch);
  if (m <= 0 || n <= 0 || k <= 0 || batch <= 0) {
    throw std::invalid_argument("GEMM shape must be positive: " + dims);
  }
  checked_count({m, n, k, batch}, "GEMM " + dims + ": M x N x K x batch MACs");
}

}  // namespace lutsim
