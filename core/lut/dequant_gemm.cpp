#include "core/lut/dequant_gemm.hpp"

#include <stdexcept>

namespace lutsim {
namespace {

void check_k(const Matrix& x, const QuantizedWeights& w) {
  w.validate();
  if (x.cols() != w.cols) throw std::invalid_argument("dequant_gemm: X and W disagree on K");
}

}  // namespace

Matrix dequant_gemm(const Matrix& x, const QuantizedWeights& w) {
  check_k(x, w);
  return x * w.dequantized().transpose();
}

Matrix integer_weight_gemm(const Matrix& x, const QuantizedWeights& w, TableForm form) {
  check_k(x, w);
  Matrix q(w.rows, w.cols);
  const int offset = (1 << w.bits) - 1;
  const bool odd = form != TableForm::kUnsignedFull;
  for (int n = 0; n < w.rows; ++n) {
    for (int k = 0; k < w.cols; ++k) q(n, k) = odd ? 2.0 * w.code(n, k) - offset : w.code(n, k);
  }
  return x * q.transpose();
}

}  // namespace lutsim
