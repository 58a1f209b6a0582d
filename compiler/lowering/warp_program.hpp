#pragma once
// The LMMA program of one warp of a LUT GEMM kernel (docs/compiler.md,
// "Lowering"): one lmma per instruction tile and K step of the warp tile the
// tiling chose, operands loaded from shared memory with register double
// buffering (the loads of step s+1 issue between the lmmas of step s). The
// tables arrive in shared memory (the precompute fused into the op before
// the GEMM) or are built by the warp from the activations there (lutpre at
// the start of each K step: the precompute lowered into the GEMM).

#include <cstdint>

#include "compiler/lowering/table_placement.hpp"
#include "compiler/program/lmma_program.hpp"
#include "core/lut/lut_array_geometry.hpp"
#include "core/lut/lut_config.hpp"

namespace lutsim::compiler {

// What a warp program is generated from.
struct WarpTileSpec {
  int warp_m = 0;  // warp tile rows and columns
  int warp_n = 0;
  int k_step = 0;               // K per main-loop step (the CTA tile's bk): one lmma's K
  std::int64_t k_steps = 0;     // main-loop steps of the warp's K slice
  LutGemmConfig datapath;       // the LUT datapath (core's lut_datapath, the node's tables)
  LutArrayGeometry array;       // the LUT array (lut_tensor_core.array_*)
  int arrays = 1;               // lut_tensor_core.throughput_scale
  std::int64_t smem_bytes = 0;  // shared memory the operands may use
  TableSource tables = TableSource::kSharedMemory;
  // kRegisters: the warp loads (or builds) the tables of its whole K slice
  // into registers once and computes n_sweep warp tiles along N with them.
  TableResidency residency = TableResidency::kSharedMemory;
  int n_sweep = 1;
};

// Where the program expects its operands and keeps its results.
// Tables in shared memory: K step s at s x step_bytes, its tables (or
// activations) first, its weights at + weights_offset; the accumulators stay
// in registers. Tables in registers: the K slice's tables (or activations) at
// 0, step s at s x step_bytes (weights_offset = step_bytes: no weights
// there); sweep tile j's weights at sweep_weights_offset + j x
// sweep_weight_bytes, step s at + s x weight_step_bytes; its outputs (the
// accumulator registers' bytes, loaded as C and stored back) at
// outputs_offset + j x output_bytes.
struct WarpProgramLayout {
  lmma::MatrixShape instruction;    // the lmma shape (see warp_tile_program)
  std::int64_t step_bytes = 0;      // shared memory per K step: tables (or activations), weights
  std::int64_t weights_offset = 0;  // within a step
  std::int64_t resident_steps = 0;  // steps laid out in shared memory (a ring when < k_steps)
  int accumulator_registers = 0;    // per lmma; d registers of tile (mi, ni) start at
                                    // (mi x tiles_n + ni) x this
  // Tables in registers only (0 otherwise).
  std::int64_t weight_step_bytes = 0, sweep_weights_offset = 0, sweep_weight_bytes = 0;
  std::int64_t outputs_offset = 0, output_bytes = 0;
  std::int64_t resident_sweeps = 0;  // sweep tiles laid out (a ring when < n_sweep)
  // Warp registers the program uses, per class (a: activations, t: tables,
  // w: weights, d: accumulators), each 128 bytes.
  int a_registers = 0, t_registers = 0, w_registers = 0, d_registers = 0;

  int registers() const { return a_registers + t_registers + w_registers + d_registers; }
  std::int64_t smem_bytes() const {
    return resident_sweeps > 0 ? outputs_offset + resident_sweeps * output_bytes
                               : resident_steps * step_bytes;
  }
};

struct WarpProgram {
  lmma::Program program;
  WarpTileSpec spec;
  WarpProgramLayout layout;
};

// The warp registers a program for `spec` uses, per class: two K steps'
// buffers of weights, of tables (the whole K slice's with tables in
// registers) and, when the warp builds its tables, of activations, each
// buffer whole 512-byte chunk loads; the warp tile's accumulators. What the
// lowering allocates and what the tiling search counts against CUDA's
// registers per thread and the register file (TileModelTiler), so the two
// cannot differ. registers() x 128 bytes.
WarpProgramLayout warp_registers(const WarpTileSpec& spec);

// The lmma shape is (array_m x b) x (array_n x a) x k_step: a the most of
// the tensor core's `arrays` whose columns divide warp_n, then b the most of
// the remaining arrays / a whose rows divide warp_m, so one lmma keeps as
// many arrays busy as the tile allows. Throws std::invalid_argument when the
// tile does not map onto the array and whole registers (warp_m % array_m,
// warp_n % array_n, k_step % k, operands of whole 128-byte registers:
// INT8-quantized tables do not) or two K steps do not fit in shared memory
// (tables in registers: the K slice's tables and one sweep tile's weights and
// outputs).
WarpProgram warp_tile_program(const WarpTileSpec& spec);

}  // namespace lutsim::compiler
