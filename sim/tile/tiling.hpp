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

// Which operand tile the CTAs of a thread-block cluster share by TMA multicast
// (Hopper): each tile is read from L2 once per cluster instead of once per CTA.
// kA: the cluster's CTAs lie along N and share their A (activation) tile; kB:
// along M, sharing the B (weight) tile.
enum class Multicast { kNone, kA, kB };

struct Tiling {
  ThreadblockTile tile;
  int split_k = 1;  // K split across this many CTAs, partial sums reduced after
  Multicast multicast = Multicast::kNone;
};

// "none", "A", "B".
const char* to_string(Multicast m);

// The tiles the search considers: the shapes CUTLASS/cuBLAS kernels for
// Ampere/Hopper instantiate, from 256x128 down to 16-row tiles for GEMV-like
// problems.
std::span<const ThreadblockTile> candidate_tiles();
// N-elongated tiles for LUT kernels (more outputs per table read); their
// accumulators need the register file, which limits which ones fit.
std::span<const ThreadblockTile> candidate_elongated_tiles();
std::span<const int> candidate_split_k();

}  // namespace lutsim
