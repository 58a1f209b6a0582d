#pragma once

#include "core/lut/lut_config.hpp"
#include "core/lut/matrix.hpp"
#include "core/lut/quantized_weights.hpp"

namespace lutsim {

// Dequantize-then-GEMM reference in double (Eigen): Y = X * W_real^T with
// W_real[n,k] = scale[n] * (code[n,k] - zero_point[n]).
Matrix dequant_gemm(const Matrix& x, const QuantizedWeights& w);

// The exact quantity a LUT accumulator approximates, in double:
// sum_k x[m,k] q[n,k] with q the odd reinterpreted weight for symmetric table
// forms and the unsigned code for the unsigned form. Exact when X holds
// integers (all partial sums stay below 2^53).
Matrix integer_weight_gemm(const Matrix& x, const QuantizedWeights& w, TableForm form);

}  // namespace lutsim
