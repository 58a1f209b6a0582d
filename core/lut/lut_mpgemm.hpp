#pragma once

#include <functional>
#include <span>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/lut/lut_table.hpp"
#include "core/lut/matrix.hpp"
#include "core/lut/quantized_weights.hpp"

namespace lutsim {

struct LutGemmResult {
  // M x N accumulator values, each exactly representable in the accumulator
  // type, in units of (activation x integer weight): sum_k x[m,k] q[n,k] with
  // q the odd reinterpreted weight (symmetric forms) or the unsigned code.
  // This is what the simulators and the RTL must reproduce bit for bit.
  Matrix accumulators;
  // M x N results after the weight scale and zero point, computed in double
  // from the accumulators: Y = scale * (acc - zero_point * sum_k x[m,k]).
  // A reference epilogue, not a model of a hardware one.
  Matrix outputs;
};

// The golden LUT mpGEMM: Y[M,N] = X[M,K] * W[N,K]^T by table lookup,
// bit-serial over weight bit planes.
//
// X holds values exactly representable in cfg.activation (FP16 or FP8 values,
// or INT8 integers); K must be a multiple of cfg.geometry.k; w.bits must equal
// cfg.weight_bits. Throws std::invalid_argument otherwise, and
// std::overflow_error if an INT32 accumulator would overflow.
//
// The canonical order, which every lutsim model and the RTL follow, is: for
// each output, for group g = 0, 1, ...: for plane j = 0 .. b-1:
//   acc <- round(acc + 2^j * lookup(T_g, idx_j))     (one rounding: scaling by
//                                                     2^j is exact)
// where idx_j's bit i is bit j of the weight code of activation g*k + i.
// With INT8-quantized tables the planes of a group are summed exactly as an
// integer p_g = sum_j 2^j code_j first, then
//   acc <- round(acc + round(scale_g * p_g))          (a multiply, then an add)
// round() is the accumulator type's round to nearest even; INT32 is exact.
// `after_row`, if given, is called after each row of accumulators (a long
// evaluation reports progress through it).
using RowProgress = std::function<void(int rows_done, int rows)>;
LutGemmResult lut_mpgemm(const Matrix& x, const QuantizedWeights& w, const LutGemmConfig& cfg,
                         const RowProgress& after_row = {});

// lut_mpgemm's two steps, for models that keep the tables apart from the
// GEMM (the compiler's split precompute): the tables of X, tables[m * K/k + g]
// for row m and group g (checks as lut_mpgemm does for X); and the
// accumulators of Y[rows, N] from such tables in the canonical order.
std::vector<LutTable> lut_precompute(const Matrix& x, const LutGemmConfig& cfg);
Matrix lut_accumulate(std::span<const LutTable> tables, int rows, const QuantizedWeights& w,
                      const LutGemmConfig& cfg, const RowProgress& after_row = {});

// The outputs of LUT accumulators: Y[m, n] = scale[n] * (acc[m, n] -
// zero_point[n] * row_sums[m]), with the scale and zero point of the codes the
// accumulators count in: the stored codes' for the unsigned form, the odd
// reinterpreted codes' (reinterpret_weights: scale / 2, 2 z - (2^b - 1)) for
// the symmetric forms. lut_mpgemm's outputs; std::invalid_argument when the
// sizes do not match. activation_row_sums: each row's sum of X, added in
// column order.
Matrix lut_outputs(const Matrix& accumulators, std::span<const double> row_sums,
                   const QuantizedWeights& w, TableForm form);
std::vector<double> activation_row_sums(const Matrix& x);

// One group of that order: `acc` (a value of cfg.accumulator) after the
// group's planes j = 0 .. plane_indices.size() - 1 with table `table`, plane
// j's index plane_indices[j]. lut_mpgemm is this over the groups from 0; the
// cycle-level sub-core runs it per LMMA. Throws std::overflow_error if an
// INT32 accumulator would overflow.
double lut_accumulate_group(double acc, const LutTable& table,
                            std::span<const unsigned> plane_indices, const LutGemmConfig& cfg);

// Throws std::invalid_argument naming the first element of x that is not
// exactly representable in the activation type.
void check_activations_representable(const Matrix& x, DataType type);

}  // namespace lutsim
