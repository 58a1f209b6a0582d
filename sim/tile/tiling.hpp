#pragma once

#include <span>

namespace lutsim {

// A threadblock (CTA) tile of a tensor-core GEMM kernel: BM x BN outputs,
// BK elements of K per main-loop step (for 2-byte operands; 1-byte operands
// take twice as many per step, the same bytes), `stages` of shared-memory
// buffers in the software pipeline.
struct ThreadblockTile {
  int bm = 128;
  int bn = 128;
  int bk = 32;
  int stages = 4;
};

struct Tiling {
  ThreadblockTile tile;
  int split_k = 1;  // K split across this many CTAs, partial sums reduced after
};

// The tiles the search considers: the shapes CUTLASS/cuBLAS kernels for
// Ampere/Hopper instantiate, from 256x128 down to 16-row tiles for GEMV-like
// problems.
std::span<const ThreadblockTile> candidate_tiles();
// N-elongated tiles for LUT kernels (more outputs per table read); their
// accumulators need the register file, which limits which ones fit.
std::span<const ThreadblockTile> candidate_elongated_tiles();
std::span<const int> candidate_split_k();

}  // namespace lutsim
