#pragma once

#include "core/lut/lut_config.hpp"

namespace lutsim {

// A priori bound on |acc - exact| for one output of lut_mpgemm, where acc is
// the LUT accumulator and exact = sum_k x_k q_k (integer_weight_gemm), given
// K and ||x||_1 = sum_k |x_k| of that output's activation row.
//
// Derivation (standard rounding-error analysis, Higham, "Accuracy and
// Stability of Numerical Algorithms", 2nd ed., sec. 2.2 and 4.2). Let
// u_t = 2^-11 (binary16 table arithmetic), u_a the accumulator's unit
// roundoff (2^-11 FP16, 2^-24 FP32), gamma_n(u) = n u / (1 - n u),
// G = K / k groups, B = 2^b - 1 (largest |q|, and sum_j 2^j).
// 1. Table: an entry is k signed terms summed left to right, the first exact,
//    so k-1 roundings: |fl(T) - T| <= gamma_{k-1}(u_t) * sum_{i in g} |x_i|.
//    (Additions whose result is subnormal are exact, so underflow adds nothing.)
// 2. INT8-quantized tables add at most scale_g / 2 per lookup, with
//    scale_g = fp16(max|fl(T)| / 127) <= (1 + 2^-11) (1 + gamma_{k-1}) ||x_g||_1 / 127
//    (the fp16 scale never forces clamping: 127.5 / 127 > 1 + 2^-11).
// 3. Accumulation: the G*b terms 2^j fl(T) are added to an accumulator that
//    starts at 0 (first add exact): recursive summation gives
//    gamma_{Gb-1}(u_a) * sum |terms|, and sum |terms| <= B (1 + gamma_{k-1}) ||x||_1.
//    The quantized path rounds G products and G sums: gamma_G(u_a) instead.
// Summing, with c = 1 + gamma_{k-1}(u_t):
//    FP16 tables:  B ||x||_1 [gamma_{k-1}(u_t) + gamma_{Gb-1}(u_a) c]
//    INT8 tables:  B ||x||_1 [gamma_{k-1}(u_t) + q + gamma_G(u_a) c (1 + q)],
//                  q = (1 + 2^-11) c / 254
//    integer tables: B ||x||_1 gamma_{Gb-1}(u_a) (FP accumulators), 0 (INT32).
// Preconditions: no overflow (finite accumulators), cfg valid, K % k == 0.
// Returns +infinity where the analysis gives no finite bound (n u >= 1, e.g.
// more than 2048 terms into an FP16 accumulator).
double lut_accumulator_error_bound(const LutGemmConfig& cfg, int k_total, double sum_abs_x);

// gamma_n(u) = n u / (1 - n u); +infinity if n u >= 1 (no finite bound).
double rounding_gamma(long n, double unit_roundoff);

// Unit roundoff of an accumulator type (0 for INT32).
double unit_roundoff(DataType type);

}  // namespace lutsim
