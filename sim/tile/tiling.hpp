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

// How output tiles are dealt to the SMs. kDataParallel: one CTA per tile (per
// split-K slice), launched in waves. kStreamK: persistent CTAs, one set per SM,
// each running an equal share of all tiles' main-loop steps, a tile split
// between two SMs summed from FP32 partials (Osama et al., "Stream-K:
// Work-centric Parallel Decomposition for Dense Matrix-Matrix Multiplication
// on the GPU", PPoPP 2023; CUTLASS 3.x's sm90 stream-K tile scheduler).
enum class TileSchedule { kDataParallel, kStreamK };

struct Tiling {
  ThreadblockTile tile;
  int split_k = 1;  // K split across this many CTAs, partial sums reduced after
  Multicast multicast = Multicast::kNone;
  TileSchedule schedule = TileSchedule::kDataParallel;
};

// "none", "A", "B".
const char* to_string(Multicast m);
// "data_parallel", "stream_k".
const char* to_string(TileSchedule s);

// The tiles the search considers: the shapes CUTLASS/cuBLAS kernels for
// Ampere/Hopper instantiate, from 256x128 down to 16-row tiles for GEMV-like
// problems.
std::span<const ThreadblockTile> candidate_tiles();
// N-elongated tiles for LUT kernels (more outputs per table read); their
// accumulators need the register file, which limits which ones fit.
std::span<const ThreadblockTile> candidate_elongated_tiles();
std::span<const int> candidate_split_k();

}  // namespace lutsim
