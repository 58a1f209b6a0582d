#pragma once
// What the lowering asks a performance model: the tiling of one LUT GEMM.
// The compiler defines the question and the answer; a simulator implements
// the choice (sim/tile's TileModelTiler: the tile model's best_gemm) and the
// CLI hands one to the compiler, so the compiler never links a simulator. A
// tiling search replaces the implementation, not this interface.

#include <cstdint>
#include <string>

#include "compiler/ir/node.hpp"
#include "core/numerics/data_type.hpp"

namespace lutsim::compiler {

// The LUT GEMM to tile: Y[M,N] = X[M,K] W[N,K]^T with weight_bits-bit
// weights and `activation` activations on the LUT tensor cores.
struct TileQuery {
  std::string gemm;  // the node's name, for messages
  ir::GemmDims dims;
  int weight_bits = 2;
  DataType activation = DataType::kFp16;
  // The candidates: tiles whose warp tile is whole LUT array tiles
  // (warp_m, warp_n multiples of these) and whose K step is whole table
  // groups, the tiles the lowering can emit.
  int warp_m_multiple = 1;
  int warp_n_multiple = 1;
  int k_step_multiple = 1;
};

// Where each K step's tables live while the lmmas read them.
enum class TableResidency {
  kSharedMemory,  // staged through shared memory per K step, loaded into registers per step
  kRegisters,     // held in registers for the whole K slice (not lowered yet)
};
const char* to_string(TableResidency r);  // "shared_memory", "registers"

// The chosen tiling: a CTA (threadblock) tile, the warp tile its warps
// compute, the main loop's K step and the figures the model derived.
struct TileChoice {
  int cta_m = 0, cta_n = 0;                 // CTA tile rows and columns
  int cta_k = 0;                            // the CTA tile's bk
  int stages = 0;                           // shared-memory buffers of the software pipeline
  int split_k = 1;                          // CTAs sharing one output tile's K
  std::string schedule;                     // "data_parallel" or "stream_k"
  std::int64_t ctas = 0;                    // output tiles x split-K slices
  int warp_m = 0, warp_n = 0;               // one warp's tile
  int k_step = 0;                           // K elements per main-loop step
  std::int64_t k_steps = 0;                 // main-loop steps of one CTA's (padded) K slice
  std::int64_t smem_bytes_per_cta = 0;      // the pipeline's operand buffers
  std::int64_t register_bytes_per_cta = 0;  // accumulators and operand fragments
  TableResidency residency = TableResidency::kSharedMemory;
  std::string bound;    // what bounds the kernel in the model ("compute", "dram", ...)
  double time_s = 0.0;  // the model's kernel time
};

class Tiler {
 public:
  virtual ~Tiler() = default;
  // Throws std::invalid_argument when the GEMM cannot be tiled (no LUT
  // tensor cores, a shape the model refuses).
  virtual TileChoice choose(const TileQuery& query) const = 0;
};

}  // namespace lutsim::compiler
