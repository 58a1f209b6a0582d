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

// One warp's tile of outputs in a CTA tile; 0 x 0: the kernel's own warp
// tile (GemmKernel::warp_m x warp_n, capped by the CTA tile).
struct WarpTile {
  int m = 0;
  int n = 0;
};

// Where a LUT kernel's tables live while its lookups read them.
// kSharedMemory: each K step's tables are staged through shared memory and
// every warp loads its rows' fragments into registers for that step (the
// CTA computes one output tile). kRegisters: every warp loads its rows'
// tables of the CTA's whole K slice into registers once and keeps them while
// the CTA computes `n_sweep` output tiles along N one after the other, so
// the tables cross L2 and shared memory once per n_sweep tiles.
enum class TablePlacement { kSharedMemory, kRegisters };

struct Tiling {
  ThreadblockTile tile;
  int split_k = 1;  // K split across this many CTAs, partial sums reduced after
  Multicast multicast = Multicast::kNone;
  TileSchedule schedule = TileSchedule::kDataParallel;
  WarpTile warp{};  // 0 x 0: the kernel's
  TablePlacement tables = TablePlacement::kSharedMemory;
  int n_sweep = 1;  // output tiles along N one CTA computes in turn (kRegisters only)
};

// "none", "A", "B".
const char* to_string(Multicast m);
// "data_parallel", "stream_k".
const char* to_string(TileSchedule s);
// "shared_memory", "registers".
const char* to_string(TablePlacement p);

// The tiles the search considers: the shapes CUTLASS/cuBLAS kernels for
// Ampere/Hopper instantiate, from 256x128 down to 16-row tiles for GEMV-like
// problems.
std::span<const ThreadblockTile> candidate_tiles();
// N-elongated tiles for LUT kernels (more outputs per table read); their
// accumulators need the register file, which limits which ones fit.
std::span<const ThreadblockTile> candidate_elongated_tiles();
std::span<const int> candidate_split_k();
// The warp tiles a LUT kernel's search considers (each also filtered to whole
// LUT array tiles and to tiles dividing the CTA tile): 16 to 64 rows, 64 to
// 512 columns.
std::span<const WarpTile> candidate_lut_warp_tiles();
// The N sweeps of register-resident tables the search considers (each at
// most the GEMM's output tiles along N).
std::span<const int> candidate_table_sweeps();

}  // namespace lutsim
