#pragma once
// Where a lowered LUT GEMM's tables come from and where they stay while the
// lmmas read them: what the tiling query, the tiling and the warp program
// share.

namespace lutsim::compiler {

// Where a warp's tables come from.
enum class TableSource {
  kSharedMemory,  // precomputed: the tables are loaded from shared memory
  kLutpre,        // the activations are loaded and lutpre builds the tables
};
const char* to_string(TableSource s);  // "shared_memory", "lutpre"

// Where the tables live while the lmmas read them.
enum class TableResidency {
  kSharedMemory,  // staged through shared memory per K step, loaded into registers per step
  kRegisters,     // held in registers for the whole K slice over n_sweep N tiles
};
const char* to_string(TableResidency r);  // "shared_memory", "registers"

}  // namespace lutsim::compiler
