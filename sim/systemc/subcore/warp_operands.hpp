#pragma once
// The operands of a lowered LUT warp program (compiler/lowering) in the
// sub-core's shared memory, and its results in the register file: what a
// test or `lutsim lmma` fills before running the program and reads after.

#include "compiler/lowering/warp_program.hpp"
#include "core/lut/matrix.hpp"
#include "core/lut/quantized_weights.hpp"
#include "sim/systemc/subcore/register_file.hpp"
#include "sim/systemc/subcore/shared_memory.hpp"

namespace lutsim::systemc {

// Writes the operands of the warp's X[warp_m, K] (activations, exactly
// representable in the datapath's activation type) and W[warp_n, K] (codes)
// as the program reads them: each K step's tables (precompute_table) or,
// when the warp builds them with lutpre, its activations; then its weight
// codes. Needs resident_steps == k_steps and K = k_steps x k_step
// (std::invalid_argument otherwise).
void write_warp_operands(const compiler::WarpProgram& p, const Matrix& x, const QuantizedWeights& w,
                         SharedMemory& smem);

// The warp tile's accumulators, [warp_m, warp_n], after the program ran.
Matrix read_warp_accumulators(const compiler::WarpProgram& p, const RegisterFile& registers);

}  // namespace lutsim::systemc
