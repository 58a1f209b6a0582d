#pragma once
// The LMMA program of one warp of a LUT GEMM kernel, until the compiler
// (issue 13) emits it: the warp tile and K step the tile model chose
// (best_gemm over lut_kernel, sim/tile), one lmma per instruction tile and K
// step, tables and weights loaded from shared memory with register double
// buffering (the loads of step s+1 issue before the lmmas of step s). Tables
// come precomputed (the precompute is its own fused operator, as the tile
// model assumes). docs/systemc.md, "Generated warp programs", shows one.

#include <cstdint>

#include "compiler/program/lmma_program.hpp"
#include "core/lut/lut_config.hpp"
#include "core/lut/matrix.hpp"
#include "core/lut/quantized_weights.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/systemc/subcore/register_file.hpp"
#include "sim/systemc/subcore/shared_memory.hpp"
#include "sim/tile/gemm_model.hpp"

namespace lutsim::systemc {

// What a warp program is generated from.
struct WarpTileSpec {
  int warp_m = 0;  // warp tile rows and columns
  int warp_n = 0;
  int k_step = 0;               // K per main-loop step (the CTA tile's bk): one lmma's K
  std::int64_t k_steps = 0;     // main-loop steps of the warp's K slice
  LutGemmConfig datapath;       // lut_datapath(hw, weight bits, activation)
  LutArrayGeometry array;       // the LUT array (lut_tensor_core.array_*)
  int arrays = 1;               // lut_tensor_core.throughput_scale
  std::int64_t smem_bytes = 0;  // shared memory the operands may use
};

// Where the program expects its operands and keeps its results.
struct WarpProgramLayout {
  lmma::MatrixShape instruction;    // the lmma shape (see warp_tile_program)
  std::int64_t step_bytes = 0;      // shared memory per K step: tables, then weights
  std::int64_t weights_offset = 0;  // within a step
  std::int64_t resident_steps = 0;  // steps laid out in shared memory (a ring when < k_steps)
  int accumulator_registers = 0;    // per lmma; d registers of tile (mi, ni) start at
                                    // (mi x tiles_n + ni) x this
};

struct WarpProgram {
  lmma::Program program;
  WarpTileSpec spec;
  WarpProgramLayout layout;
};

// The lmma shape is (array_m x b) x (array_n x a) x k_step: a the most of
// the tensor core's `arrays` whose columns divide warp_n, then b the most of
// the remaining arrays / a whose rows divide warp_m, so one lmma keeps as
// many arrays busy as the tile allows. Throws
// std::invalid_argument when the tile does not map onto the array and whole
// registers (warp_m % array_m, warp_n % array_n, k_step % k, operands of
// whole 128-byte registers: INT8-quantized tables do not) or two K steps do
// not fit in shared memory.
WarpProgram warp_tile_program(const WarpTileSpec& spec);

// The warp program of the GEMM (m, n, k) with `weight_bits`-bit weights and
// `act` activations on `hw`'s LUT tensor cores, for the tiling the tile model
// chooses (best_gemm); `estimate` receives that choice when given.
WarpProgram gemm_warp_program(const HardwareSpec& hw, std::int64_t m, std::int64_t n,
                              std::int64_t k, int weight_bits, DataType act,
                              GemmEstimate* estimate = nullptr);

// Writes the operands of the warp's X[warp_m, K] (activations, exactly
// representable in the datapath's activation type) and W[warp_n, K] (codes)
// as the program reads them: each K step's tables (precompute_table) and
// weight codes. Needs resident_steps == k_steps and K = k_steps x k_step.
void write_warp_operands(const WarpProgram& p, const Matrix& x, const QuantizedWeights& w,
                         SharedMemory& smem);

// The warp tile's accumulators, [warp_m, warp_n], after the program ran.
Matrix read_warp_accumulators(const WarpProgram& p, const RegisterFile& registers);

}  // namespace lutsim::systemc
