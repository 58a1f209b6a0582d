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
// codes. With tables in registers W holds the N sweep's tiles one under the
// other (n_sweep x warp_n rows: sweep tile j's weights are rows j x warp_n
// on), and the outputs' shared memory must be zero (each tile's
// accumulators start from it). Needs resident_steps == k_steps (and
// resident_sweeps == n_sweep) and K = k_steps x k_step
// (std::invalid_argument otherwise).
void write_warp_operands(const compiler::WarpProgram& p, const Matrix& x, const QuantizedWeights& w,
                         SharedMemory& smem);

// The warp's accumulators after the program ran: [warp_m, warp_n] from the
// registers, or with tables in registers [warp_m, n_sweep x warp_n] from the
// sweep tiles' outputs in shared memory.
Matrix read_warp_accumulators(const compiler::WarpProgram& p, const RegisterFile& registers,
                              const SharedMemory& smem);

}  // namespace lutsim::systemc
