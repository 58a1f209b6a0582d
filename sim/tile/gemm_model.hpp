#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include "core/specs/action_counts.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_kernel.hpp"
#include "sim/tile/gemm_shape.hpp"
#include "sim/tile/kernel_roofline.hpp"
#include "sim/tile/tiling.hpp"

namespace lutsim {

// The time of one GEMM kernel under one tiling, and why.
struct GemmEstimate {
  double time_s = 0.0;  // kernel time on the GPU (no host launch gap)
  Tiling tiling;
  // Output tiles / N sweep x split-K slices (data parallel: the CTAs launched;
  // stream-K: the tiles the persistent CTAs share out)
  std::int64_t ctas = 0;
  std::int64_t waves = 0;  // rounds of threadblocks over the SMs (stream-K: 1)
  // Tiles (or split-K slices) whose FP32 partial sums go through memory
  std::int64_t partial_tiles = 0;
  int ctas_per_sm = 0;     // resident at once (shared memory and registers)
  double compute_s = 0.0;  // busiest SM: its CTAs' main loops and latencies
  double dram_s = 0.0;     // CTA latency + unique bytes / achievable DRAM bandwidth
  double l2_s = 0.0;       // bytes fed to the SMs / achievable L2 bandwidth
  double dram_bytes = 0.0;
  GemmBound bound = GemmBound::kCompute;
  // 0: the rows are aligned; else their alignment in bytes, below the library's,
  // and compute_s and dram_s are at least the fallback kernels'
  // (sim/tile/unaligned_fallback.hpp)
  int unaligned_row_bytes = 0;
  // 0, or the rows' alignment in bytes when they are off the library's on a GPU
  // with no measured fallback rates: then timed as aligned, a lower bound
  // (unmodelled_unaligned_row_bytes, sim/tile/unaligned_fallback.hpp).
  int rows_timed_aligned_bytes = 0;
  // What the kernel does under this tiling: its units' work over padded
  // tiles (MACs by type or LUT lookups by entry format), dequantization on
  // CUDA cores, every CTA's tiles written to shared memory and its fragments
  // read from there into registers, L2 operand reads plus output (and split-K
  // partial) writes, and dram_bytes.
  ActionCounts actions;
};

// The warp tile a kernel's warps compute under tiling `tl`: the tiling's,
// or when it names none the kernel's (warp_m, warp_n), capped by the CTA tile.
WarpTile warp_tile(const GemmKernel& kernel, const Tiling& tl);

// Bytes one CTA of tile `t` holds in shared memory: its pipeline's stages of
// A and B tiles (register-resident tables pass through them once).
double smem_bytes_per_cta(const ThreadblockTile& t, const GemmKernel& k);
// Register bytes of one warp under `tl` with a padded K slice of `k_slice`
// elements: its accumulators and its rows' tables (LUT): double-buffered
// K-step fragments, or the whole K slice when the tables live in registers.
// Every warp holds its own copy: registers are private to a warp.
double register_bytes_per_warp(const GemmKernel& k, const Tiling& tl, std::int64_t k_slice);
// The same for all the CTA's warps.
double register_bytes_per_cta(const GemmKernel& k, const Tiling& tl, std::int64_t k_slice);

// K elements one CTA's main loop runs: its split-K slice rounded up to whole
// main-loop steps (tile.bk x the kernel's k_step_multiplier).
std::int64_t padded_k_slice(const GemmKernel& kernel, const GemmShape& shape,
                            const Tiling& tiling);

// Main-loop steps (tile.bk x the kernel's k_step_multiplier elements of K) one
// CTA runs over its padded K slice.
std::int64_t k_steps_per_cta(const GemmKernel& kernel, const GemmShape& shape,
                             const Tiling& tiling);

// Main-loop steps the busiest SM runs under an estimate's schedule: its
// ceil(CTAs / SMs) CTAs' (n_sweep output tiles each) under data-parallel
// waves, its equal share of all tiles' steps under stream-K.
std::int64_t busiest_sm_k_steps(const HardwareSpec& hw, const GemmKernel& kernel,
                                const GemmShape& shape, const GemmEstimate& e);

// Throws std::invalid_argument if `s` is invalid, or if its K is not a
// multiple of the kernel's k_multiple (a LUT kernel looks weights up a table
// group at a time; a K that does not fill the last group is not modelled).
void check_shape(const GemmKernel& k, const GemmShape& s);

// One GEMM kernel of any family under one tiling:
// - compute: the busiest SM runs ceil(CTAs / SMs) CTAs back to back; a CTA's
//   main loop runs at the kernel's MAC rate x tensor_efficiency, or slower
//   when shared memory cannot feed its warp tiles, when its CUDA-core work
//   (dequantization) takes longer, or when its pipeline stages cannot hide
//   the DRAM latency of its k-steps (dram_latency_s); the GEMM's own MACs
//   (not its tiles' zero padding) take at least their time at the GPU's
//   power-limited rate (the limit bounds the average rate); co-resident CTAs hide each other's
//   fill/epilogue and load latency (cta_latency_s); under stream-K
//   (TileSchedule::kStreamK, a config with kernel.stream_k) every SM runs an
//   equal share of all tiles' k-steps instead, split tiles summed from FP32
//   partials;
// - memory: unique bytes (A, B, C, FP32 split-K partials) from DRAM at
//   min(peak x dram_efficiency, active SMs x per-SM bandwidth), and every
//   CTA's operand bytes through L2 at peak x l2_efficiency. Each operand
//   byte comes from DRAM once: the L2 is taken to hold the tiles a wave
//   shares, as the swizzled tile order of library kernels arranges, so the
//   L2 capacity is not an input (a hardware config has no l2_bytes);
// - time = fixed + max(compute, memory) + (1 - overlap) x min(compute, memory)
//   (+ the split-K reduction).
// Tables in registers (TablePlacement::kRegisters, LUT kernels): each warp
// loads its rows' tables of the CTA's K slice once and the CTA computes
// n_sweep output tiles along N with them: the A bytes through L2 and the
// table fragments read from shared memory are paid once per n_sweep tiles,
// the B bytes and the MACs per tile.
// nullopt when the tiling cannot run (split-K slices shorter than two K steps,
// operands exceeding shared memory or registers of the SM, a warp's registers
// beyond 255 per thread, more than 32 warps, a warp tile not dividing the CTA
// tile, register tables for a kernel without tables or under stream-K) or
// the kernel has no MAC unit; throws as check_shape does.
std::optional<GemmEstimate> estimate_gemm(const HardwareSpec& hw, const GemmKernel& kernel,
                                          const GemmShape& shape, const Tiling& tiling);

// How much of the tiling space a search estimates.
// kFull: every candidate; the legal counts and the slowest legal tiling are known.
// kFastest: branch and bound. Each base tiling (split-K 1, data parallel)
// first works out which of its split-Ks can run: those with slices of at
// least two K steps and whose warps' registers fit (per thread and CTAs per
// SM; one register layout per warp tile, K step and table placement, the
// registers of tables held in registers rising by one step's buffer per K
// step), so no data-parallel tiling whose split-K cannot run is bounded or
// estimated, nor a base none of whose split-Ks runs. Every base
// that runs is bounded from below (tiling_time_lower_bound, over its split-Ks
// that run) and the bases are searched from the lowest bound up (a heap);
// one whose bound cannot beat the fastest found so far is skipped, the search
// ends at the first that no tiling could, and each data-parallel split-K of
// a searched base whose own bound (split_time_lower_bound) cannot beat it is
// skipped too, where the grid has fewer tiles than SMs. best and best_any are
// exactly kFull's (ties go to the earlier candidate in kFull's order, as
// there); worst_any is not computed, and legal and allowed_legal count only
// the tilings estimated.
enum class SearchExtent { kFull, kFastest };

// A tiling search of one kernel on one shape: every candidate tile (and
// elongated tile, LUT) x warp tile (the kernel's, or LUT:
// candidate_lut_warp_tiles() of whole array tiles dividing the CTA tile) x
// table placement (shared memory; LUT also registers with each of
// candidate_table_sweeps() up to the N tiles) x split-K (and stream-K) x
// multicast (clusters), each estimated (kFull) or bounded first (kFastest);
// the ones that run are legal.
struct GemmSearch {
  std::optional<GemmEstimate> best;       // the fastest legal tiling `allowed` accepts
  std::optional<GemmEstimate> best_any;   // the fastest legal tiling
  std::optional<GemmEstimate> worst_any;  // the slowest legal tiling (kFull only)
  std::int64_t legal = 0;                 // legal tilings estimated
  std::int64_t allowed_legal = 0;         // of those, the ones `allowed` accepts
  bool any_allowed = false;               // `allowed` accepted some tiling, legal or not
  bool exhaustive = true;                 // every candidate estimated (kFull)
};
// `allowed` sees each tiling with split-K 1, data parallel and no multicast
// (its tile, warp tile, placement and sweep) and decides for all its
// schedules (kFastest asks it only of the tilings whose answer it needs: every
// one that can run, and the others until one is accepted). Throws as
// check_shape does.
GemmSearch search_gemm(const HardwareSpec& hw, const GemmKernel& kernel, const GemmShape& shape,
                       const std::function<bool(const Tiling&)>& allowed,
                       SearchExtent extent = SearchExtent::kFull);

// A lower bound on estimate_gemm's time of `base` (split-K 1, data parallel,
// no multicast) under every split-K, schedule and multicast the search tries
// with it. Compute: the busiest SM's fewest K elements over the data-parallel
// split-Ks that run (slices of two K steps or more, the warps' registers
// within the limits; ceil(CTAs / SMs) CTAs of an unpadded K slice each, at
// the CTA's rate: MACs, shared-memory feed or CUDA cores) with its CTA
// latencies, or where stream-K runs (split-K 1 runs) every tile's main loop
// spread evenly over the SMs; the power limit. DRAM: the unique bytes at the
// bandwidth of the largest grid that runs. L2: every tile's operands over an
// unsplit K with the multicast that saves the most. Each term is at most the
// estimate's and their combination is monotone in each, so the bound holds;
// infinity where no split-K of `base` runs (a tiling that cannot run has no
// time).
double tiling_time_lower_bound(const HardwareSpec& hw, const GemmKernel& kernel,
                               const GemmShape& shape, const Tiling& base);

// A lower bound on estimate_gemm's time of `tiling` (data parallel at its
// split-K, any multicast): tiling_time_lower_bound's terms with the busiest
// SM of that split-K alone instead of the least over all split-Ks, its own K
// slice's load latency in ceil(CTAs per SM / 2) rounds, DRAM at its own
// grid's bandwidth with its FP32 partials, and no stream-K; at least
// tiling_time_lower_bound; infinity where no split-K of its base runs.
double split_time_lower_bound(const HardwareSpec& hw, const GemmKernel& kernel,
                              const GemmShape& shape, const Tiling& tiling);

// The fastest tiling of search_gemm (kFastest: the same tiling as kFull), as a
// well-tuned library would choose.
// Throws std::invalid_argument for an empty shape or a kernel the GPU cannot
// run.
GemmEstimate best_gemm(const HardwareSpec& hw, const GemmKernel& kernel, const GemmShape& shape);
// The same over the tilings `allowed` accepts (e.g. those a lowering can
// emit); throws as best_gemm does when none of them runs.
GemmEstimate best_gemm(const HardwareSpec& hw, const GemmKernel& kernel, const GemmShape& shape,
                       const std::function<bool(const Tiling&)>& allowed);

// `e` with its compute term replaced by `compute_s` (e.g. another engine's)
// and its time and bound combined again from compute, DRAM and L2 as
// estimate_gemm does; the memory terms stay. Throws std::invalid_argument
// for an estimate with the unaligned-row fallback (its compute floor is the
// fallback kernels', not a main loop another engine could time).
GemmEstimate with_compute_time(const HardwareSpec& hw, GemmEstimate e, double compute_s);

// The library's dense kernel for the shape (library_dense_kernel: MMA in
// shape.type, INT8 with an N-major B on the CUDA cores): the kernel family
// measured cuBLAS timings validate.
inline std::optional<GemmEstimate> estimate_dense_gemm(const HardwareSpec& hw,
                                                       const GemmShape& shape,
                                                       const Tiling& tiling) {
  return estimate_gemm(hw, library_dense_kernel(hw, shape), shape, tiling);
}
inline GemmEstimate best_dense_gemm(const HardwareSpec& hw, const GemmShape& shape) {
  return best_gemm(hw, library_dense_kernel(hw, shape), shape);
}

}  // namespace lutsim
