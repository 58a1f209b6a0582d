#pragma once
// The warp program of the multiply-based tensor core (the MAC baseline a LUT
// design replaces) for the warp tile of a GEMM: mma.sync of the type's shape
// (m16n8k16 for FP16, m16n8k32 for INT8), A and B fragments loaded from
// shared memory with ldmatrix.x4, the same K loop and register double
// buffering as the LUT program the compiler lowers
// (compiler/lowering/warp_ring.hpp), so both run cycle for cycle on the same
// GEMM. docs/systemc.md, "MMA baseline programs".

#include <cstdint>

#include "compiler/program/lmma_program.hpp"
#include "core/numerics/data_type.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_model.hpp"

namespace lutsim::systemc {

struct MmaWarpTileSpec {
  int warp_m = 0;  // warp tile rows and columns
  int warp_n = 0;
  int k_step = 0;            // K per main-loop step (the CTA tile's bk x the kernel's multiplier)
  std::int64_t k_steps = 0;  // main-loop steps of the warp's K slice
  DataType type = DataType::kFp16;  // A and B; FP16 accumulates in FP16, INT8 in INT32
  std::int64_t smem_bytes = 0;      // shared memory the operands may use
};

// Where the program keeps its operands: per K step, the A fragments
// (16 x kk, row-major, 512 bytes each, fragment (mi, kf) at (kf x tiles_m + mi))
// then the B fragments (8 x kk, 256 bytes each, (ni, kf) at (kf x tiles_n + ni)).
struct MmaWarpProgramLayout {
  lmma::MatrixShape instruction;    // the mma shape
  std::int64_t step_bytes = 0;      // shared memory per K step
  std::int64_t b_offset = 0;        // within a step
  std::int64_t resident_steps = 0;  // steps laid out in shared memory (a ring when < k_steps)
};

struct MmaWarpProgram {
  lmma::Program program;
  MmaWarpTileSpec spec;
  MmaWarpProgramLayout layout;
};

// The mma.sync shape and accumulator type of an MMA type: FP16 m16n8k16
// with FP16 accumulators, INT8 m16n8k32 with INT32 ones (the MAC baseline's
// golden numerics, core/lut/mac_dot_reference.hpp). Throws
// std::invalid_argument naming any other type (e.g. bf16, fp8: no golden
// numerics for them).
lmma::MatrixShape mma_instruction_shape(DataType type);
DataType mma_accumulator_type(DataType type);

// Throws std::invalid_argument when the tile is not whole instructions
// (warp_m % 16, warp_n % 8, k_step % the shape's k) or two K steps do not
// fit in shared memory.
MmaWarpProgram mma_warp_tile_program(const MmaWarpTileSpec& spec);

// The warp program of the GEMM (m, n, k) in `type` on `hw`'s MMA tensor
// cores, for the tiling the tile model chooses for dense_kernel(hw, type)
// (best_gemm); `estimate` receives that choice when given.
MmaWarpProgram gemm_mma_warp_program(const HardwareSpec& hw, std::int64_t m, std::int64_t n,
                                     std::int64_t k, DataType type,
                                     GemmEstimate* estimate = nullptr);

}  // namespace lutsim::systemc
