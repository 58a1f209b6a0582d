#include "sim/tile/gemm_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "compiler/lowering/warp_program.hpp"
#include "compiler/program/operand_layout.hpp"
#include "sim/tile/unaligned_fallback.hpp"

namespace lutsim {
namespace {

constexpr int kMaxCtasPerSm = 2;                   // double-buffered epilogue overlap at most
constexpr double kSplitKPartialBytes = 4.0 * 2.0;  // FP32 partial written and read back
// CUDA's limits on every NVIDIA GPU since compute capability 3.5 (CUDA C++
// Programming Guide, "Technical Specifications per Compute Capability"): 255
// 32-bit registers per thread (a warp: 32 threads) and 1024 threads per CTA.
constexpr double kMaxRegisterBytesPerWarp = 255.0 * 4.0 * 32.0;
constexpr int kMaxWarpsPerCta = 1024 / 32;

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b;
}

int k_step(const ThreadblockTile& t, const GemmKernel& k) {
  return t.bk * k.k_step_multiplier;
}

// Warps in one CTA of `tl` with warp tile `w`.
double warps_per_cta(const Tiling& tl, const WarpTile& w) {
  return static_cast<double>(tl.tile.bm / w.m) * (tl.tile.bn / w.n);
}

// What sets how many CTAs of one tiling an SM holds at once, but for its
// warps' registers: its shared memory and its warps.
class CtaResidency {
 public:
  CtaResidency(const HardwareSpec& hw, const GemmKernel& k, const Tiling& tl)
      : smem_fit_(hw.smem_bytes_per_sm / smem_bytes_per_cta(tl.tile, k)),
        warps_(warps_per_cta(tl, warp_tile(k, tl))),
        register_file_bytes_(static_cast<double>(hw.effective_register_file_bytes_per_sm())) {}

  // CTAs one SM holds when each warp holds `warp_register_bytes` (0: the
  // tile does not fit).
  int ctas_per_sm(double warp_register_bytes) const {
    const double cta_register_bytes = warps_ * warp_register_bytes;
    const double fit = std::min(smem_fit_, register_file_bytes_ / cta_register_bytes);
    return static_cast<int>(std::min<double>(fit, kMaxCtasPerSm));
  }

 private:
  double smem_fit_;
  double warps_;
  double register_file_bytes_;
};

int ctas_per_sm(const HardwareSpec& hw, const GemmKernel& k, const Tiling& tl,
                double warp_register_bytes) {
  return CtaResidency(hw, k, tl).ctas_per_sm(warp_register_bytes);
}

// Whether split-K `split` of tile `t` runs: slices of at least two K steps.
bool split_runs(const GemmKernel& k, const GemmShape& s, const ThreadblockTile& t, int split) {
  return split <= 1 || s.k / split >= 2 * k_step(t, k);
}

// Fragment bytes a CTA reads from shared memory per element of K over its
// whole run: A fragments once per warp column (register-resident tables once
// for all n_sweep tiles), B fragments once per warp row and output tile.
double smem_fragment_bytes_per_k(const Tiling& tl, const GemmKernel& k) {
  const ThreadblockTile& t = tl.tile;
  const WarpTile w = warp_tile(k, tl);
  return static_cast<double>(t.bm) * (t.bn / w.n) * k.a_bytes_per_elem +
         static_cast<double>(tl.n_sweep) * t.bn * (t.bm / w.m) * k.b_bytes_per_elem;
}

// Output columns one CTA computes: its tile's, n_sweep times.
double cta_columns(const Tiling& tl) {
  return static_cast<double>(tl.tile.bn) * tl.n_sweep;
}

double cta_macs(const GemmKernel& k, const GemmShape& s, const Tiling& tl) {
  return static_cast<double>(tl.tile.bm) * cta_columns(tl) * padded_k_slice(k, s, tl);
}

// Seconds for the GEMM's own MACs at the power-limited rate. The power limit
// bounds the energy the tensor cores switch, and the padding of partial tiles
// (rows and columns past M, N and K, loaded as zeros) switches next to nothing:
// MMAs on zero operands draw little dynamic power (Horace He, "Strangely,
// Matrix Multiplications on GPUs Run Faster When Given 'Predictable' Data!",
// thonking.ai, 2024: all-zero inputs 295 vs random 257 TFLOP/s on a
// power-limited A100). So the limit counts the shape's MACs, not the padded
// tiles' (those still take their cycles on each SM: cta_main_loop_s).
double power_limited_shape_s(const GemmKernel& k, const GemmShape& s) {
  return power_limited_s(k, s.flops() / 2.0);
}

// Why a tiling cannot run regardless of the shape's size, its registers
// aside: a warp tile that does not divide the CTA tile, more warps than a CTA
// holds, tables in registers for a kernel without tables, an N sweep of
// tables not held in registers.
bool tiling_shape_fits(const GemmKernel& k, const Tiling& tl) {
  const WarpTile w = warp_tile(k, tl);
  const ThreadblockTile& t = tl.tile;
  const bool registers = tl.tables == TablePlacement::kRegisters;
  if (w.m <= 0 || w.n <= 0 || t.bm % w.m != 0 || t.bn % w.n != 0) return false;
  if ((t.bm / w.m) * (t.bn / w.n) > kMaxWarpsPerCta) return false;
  if (registers && !k.register_tables) return false;
  return registers || tl.n_sweep == 1;
}

// register_bytes_per_warp of one base tiling (its tile, warp tile, table
// placement and N sweep) at the K slices its split-Ks pad to, each computed
// once in turn. Tables held in shared memory take the same registers at every
// K slice (register_bytes_per_warp: only tables held in registers take the
// whole K slice), so those are computed once for all split-Ks.
class WarpRegisterBytes {
 public:
  double at(const GemmKernel& k, const Tiling& tl, std::int64_t k_slice) {
    const std::int64_t key = tl.tables == TablePlacement::kRegisters ? k_slice : 0;
    if (key != key_) {
      bytes_ = register_bytes_per_warp(k, tl, k_slice);
      key_ = key;
    }
    return bytes_;
  }

 private:
  std::int64_t key_ = -1;
  double bytes_ = 0.0;
};

// Seconds for one CTA's main loop on one SM: clock-limited MAC rate,
// shared-memory feed, or CUDA-core work, whichever is slowest.
double cta_main_loop_s(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                       const Tiling& tl) {
  const double k_padded = padded_k_slice(k, s, tl);
  const double macs = cta_macs(k, s, tl);
  const double smem_cycles =
      smem_fragment_bytes_per_k(tl, k) * k_padded / hw.smem_bw_bytes_per_cycle_per_sm;
  const double cuda_cycles = k.cuda_ops_per_weight > 0.0
                                 ? cta_columns(tl) * k_padded * k.cuda_ops_per_weight /
                                       k.cuda_ops_per_cycle_per_sm
                                 : 0.0;
  return std::max({mac_cycles(hw, k, macs), smem_cycles, cuda_cycles}) /
         hw.sm_clock_hz;
}

// Seconds for one CTA's main loop when its loads' DRAM latency is not hidden:
// the first k-step waits a whole round trip, then the stages - 1 loads in
// flight return one round trip apart.
double cta_load_latency_s(const HardwareSpec& hw, const ThreadblockTile& t, double k_steps) {
  return hw.dram_latency_s * (1.0 + (k_steps - 1.0) / std::max(1, t.stages - 1));
}

// Bytes written: the output, and the FP32 partials of split tiles written and read back.
double written_bytes(const GemmKernel& k, const GemmShape& s, const GemmEstimate& e) {
  return static_cast<double>(s.m) * s.n * k.c_bytes_per_elem * s.batch +
         static_cast<double>(e.partial_tiles) * e.tiling.tile.bm * e.tiling.tile.bn *
             kSplitKPartialBytes;
}

// `grid_ctas`: the CTAs that run at once or in turn (stream-K: the persistent ones).
void add_memory_times(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                      std::int64_t grid_ctas, GemmEstimate& e) {
  e.dram_bytes = (static_cast<double>(s.m) * s.k * k.a_bytes_per_elem +
                  static_cast<double>(s.n) * s.k * k.b_bytes_per_elem) *
                     s.batch +
                 written_bytes(k, s, e);
  e.dram_s = hw.calibration.cta_latency_s + e.dram_bytes / achievable_dram_bw(hw, grid_ctas);
}

// One CTA's operand bytes through L2 per element of its K slice (its A tile
// once for all its n_sweep output tiles, a B tile per output tile); a tile
// shared by a cluster is read once for all its CTAs (at most as many as the
// grid has along that dimension).
double l2_bytes_per_cta_k(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                          const Tiling& tl) {
  const ThreadblockTile& t = tl.tile;
  auto sharing = [&](std::int64_t blocks_along) {
    return static_cast<double>(std::min<std::int64_t>(hw.cluster_multicast_ctas, blocks_along));
  };
  const double columns = cta_columns(tl);
  const double a_share =
      tl.multicast == Multicast::kA ? sharing(ceil_div(s.n, static_cast<std::int64_t>(columns)))
                                    : 1.0;
  const double b_share = tl.multicast == Multicast::kB ? sharing(ceil_div(s.m, t.bm)) : 1.0;
  return t.bm * k.a_bytes_per_elem / a_share + columns * k.b_bytes_per_elem / b_share;
}

// Every CTA's operand bytes through L2.
double l2_operand_bytes(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                        const Tiling& tl, std::int64_t ctas) {
  const double k_slice = static_cast<double>(ceil_div(s.k, tl.split_k));
  return static_cast<double>(ctas) * l2_bytes_per_cta_k(hw, k, s, tl) * k_slice;
}

double l2_time_s(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s, const Tiling& tl,
                 std::int64_t ctas) {
  return l2_seconds(hw, l2_operand_bytes(hw, k, s, tl, ctas));
}

// What the kernel does under the estimate's tiling (see ActionCounts): the
// units' work over padded tiles, every CTA's tiles written to shared memory
// and its fragments read into registers, L2 operand reads and output writes.
ActionCounts count_actions(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                           const GemmEstimate& e) {
  const ThreadblockTile& t = e.tiling.tile;
  const double ctas = static_cast<double>(e.ctas);
  const double k_padded = padded_k_slice(k, s, e.tiling);
  const double k_slice = static_cast<double>(ceil_div(s.k, e.tiling.split_k));
  const double macs = ctas * t.bm * cta_columns(e.tiling) * k_padded;
  ActionCounts a;
  a.cuda_core_ops = ctas * cta_columns(e.tiling) * k_padded * k.cuda_ops_per_weight;
  if (k.family == KernelFamily::kLut) {
    a.lut_lookups[k.table_format] = macs * k.lookups_per_mac;
  } else if (k.mac_unit == MacUnit::kCudaCore) {
    a.cuda_core_ops += macs / k.macs_per_cuda_core_op;
  } else {
    a.tensor_core_macs[k.mma_type] = macs;
  }
  a.register_file_bytes = ctas * smem_fragment_bytes_per_k(e.tiling, k) * k_padded;
  a.smem_bytes =
      ctas * (t.bm * k.a_bytes_per_elem + cta_columns(e.tiling) * k.b_bytes_per_elem) * k_slice +
      a.register_file_bytes;
  a.l2_bytes = l2_operand_bytes(hw, k, s, e.tiling, e.ctas) + written_bytes(k, s, e);
  a.dram_bytes = e.dram_bytes;
  return a;
}

// What bounds the kernel and its time, from its compute, DRAM and L2 times.
void combine_times(const CalibrationSpec& c, GemmEstimate& e) {
  const KernelTime t = combine_kernel_times(c, c.kernel_fixed_time_s, e.compute_s, e.dram_s, e.l2_s);
  e.bound = t.bound;
  e.time_s = t.time_s + (e.tiling.split_k > 1 ? c.splitk_reduce_time_s : 0.0);
}

// A LUT warp of `tl` with warp tile `w` over a K slice of `k_slice` elements,
// as the compiler's lowering sees it.
compiler::WarpTileSpec lut_warp_spec(const GemmKernel& k, const Tiling& tl, const WarpTile& w,
                                     std::int64_t k_slice) {
  compiler::WarpTileSpec spec;
  spec.warp_m = w.m;
  spec.warp_n = w.n;
  spec.k_step = k_step(tl.tile, k);
  spec.k_steps = ceil_div(k_slice, spec.k_step);
  spec.datapath = k.datapath;
  spec.tables =
      k.lutpre_in_warp ? compiler::TableSource::kLutpre : compiler::TableSource::kSharedMemory;
  spec.residency = tl.tables == TablePlacement::kRegisters
                       ? compiler::TableResidency::kRegisters
                       : compiler::TableResidency::kSharedMemory;
  return spec;
}

// A LUT warp's registers as the compiler's lowering allocates them: the
// accumulators, two K steps' buffers of weights and of tables (the whole K
// slice's tables when they stay in registers) and, with lutpre in the warp,
// of activations.
double lut_warp_register_bytes(const GemmKernel& k, const Tiling& tl, const WarpTile& w,
                               std::int64_t k_slice) {
  const compiler::WarpProgramLayout l = compiler::warp_registers(lut_warp_spec(k, tl, w, k_slice));
  return static_cast<double>(l.registers()) * lmma::kWarpRegisterBytes;
}

// register_bytes_per_warp of one base tiling at any of its K slices, from one
// layout: compiler::warp_registers gives tables held in registers one step's
// buffer per K step of the slice and nothing else depends on the slice, so
// the registers are fixed + K steps x per step (integers: the same value).
// Other placements and kernels take the same bytes at every K slice.
class WarpRegisterCost {
 public:
  WarpRegisterCost() = default;
  WarpRegisterCost(const GemmKernel& k, const Tiling& tl) {
    if (k.family != KernelFamily::kLut || tl.tables != TablePlacement::kRegisters) {
      constant_bytes_ = register_bytes_per_warp(k, tl, k_step(tl.tile, k));
      return;
    }
    const compiler::WarpProgramLayout one_step =
        compiler::warp_registers(lut_warp_spec(k, tl, warp_tile(k, tl), k_step(tl.tile, k)));
    per_k_step_ = true;
    fixed_registers_ = one_step.registers() - one_step.t_registers;
    registers_per_k_step_ = one_step.t_registers;
  }

  // Whether the bytes rise with the K steps (else they are the same at every count).
  bool rises_with_k_steps() const { return per_k_step_ && registers_per_k_step_ > 0; }

  double bytes(std::int64_t k_steps) const {
    if (!per_k_step_) return constant_bytes_;
    return static_cast<double>(fixed_registers_ +
                               static_cast<int>(k_steps) * registers_per_k_step_) *
           lmma::kWarpRegisterBytes;
  }

 private:
  bool per_k_step_ = false;
  double constant_bytes_ = 0.0;
  int fixed_registers_ = 0;
  int registers_per_k_step_ = 0;
};

}  // namespace

double register_bytes_per_warp(const GemmKernel& k, const Tiling& tl, std::int64_t k_slice) {
  const WarpTile w = warp_tile(k, tl);
  if (k.family == KernelFamily::kLut) return lut_warp_register_bytes(k, tl, w, k_slice);
  return static_cast<double>(w.m) * w.n * k.acc_bytes;
}

double register_bytes_per_cta(const GemmKernel& k, const Tiling& tl, std::int64_t k_slice) {
  return warps_per_cta(tl, warp_tile(k, tl)) * register_bytes_per_warp(k, tl, k_slice);
}

double smem_bytes_per_cta(const ThreadblockTile& t, const GemmKernel& k) {
  return t.stages * (t.bm * k.a_bytes_per_elem + t.bn * k.b_bytes_per_elem) * k_step(t, k);
}

WarpTile warp_tile(const GemmKernel& kernel, const Tiling& tl) {
  if (tl.warp.m > 0) return tl.warp;
  return {std::min(kernel.warp_m, tl.tile.bm), std::min(kernel.warp_n, tl.tile.bn)};
}

std::int64_t padded_k_slice(const GemmKernel& kernel, const GemmShape& shape,
                            const Tiling& tiling) {
  const int bk = k_step(tiling.tile, kernel);
  return ceil_div(ceil_div(shape.k, tiling.split_k), bk) * bk;
}

std::int64_t k_steps_per_cta(const GemmKernel& kernel, const GemmShape& shape,
                             const Tiling& tiling) {
  return padded_k_slice(kernel, shape, tiling) / k_step(tiling.tile, kernel);
}

std::int64_t busiest_sm_k_steps(const HardwareSpec& hw, const GemmKernel& kernel,
                                const GemmShape& shape, const GemmEstimate& e) {
  const std::int64_t steps = k_steps_per_cta(kernel, shape, e.tiling);
  return e.tiling.schedule == TileSchedule::kStreamK
             ? ceil_div(e.ctas * steps, hw.sm_count)
             : ceil_div(e.ctas, hw.sm_count) * steps * e.tiling.n_sweep;
}

namespace {

// Unaligned rows: the library's fallback kernels, whose MAC rate and DRAM
// stream are set by the operand elements per load, bound the time from below.
void apply_fallback(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                    const UnalignedFallback& f, std::int64_t grid_ctas, GemmEstimate& e) {
  const double busy = active_sms(hw, grid_ctas);
  const double operand_bytes = (static_cast<double>(s.m) * s.k * k.a_bytes_per_elem +
                                static_cast<double>(s.n) * s.k * k.b_bytes_per_elem) *
                               s.batch;
  e.unaligned_row_bytes = f.row_alignment_bytes;
  e.compute_s = std::max(e.compute_s, fallback_compute_s(hw, f, s.flops() / 2.0, busy));
  e.dram_s = std::max(e.dram_s, hw.calibration.cta_latency_s +
                                    fallback_dram_s(hw, k, f, operand_bytes, busy));
}

// Data parallel: the busiest SM runs ceil(CTAs / SMs) CTAs back to back at the
// full SM rate, the whole grid at most at the power-limited rate; co-resident
// CTAs hide each other's fill/epilogue and load latency. Returns the CTAs launched.
std::int64_t add_data_parallel_compute(const HardwareSpec& hw, const GemmKernel& k,
                                       const GemmShape& s, GemmEstimate& e) {
  const Tiling& tl = e.tiling;
  e.waves = ceil_div(e.ctas, static_cast<std::int64_t>(hw.sm_count) * e.ctas_per_sm);
  e.partial_tiles = tl.split_k > 1 ? e.ctas * tl.n_sweep : 0;
  const std::int64_t per_sm = ceil_div(e.ctas, hw.sm_count);
  const std::int64_t rounds = ceil_div(per_sm, e.ctas_per_sm);
  e.compute_s =
      std::max({per_sm * cta_main_loop_s(hw, k, s, tl), power_limited_shape_s(k, s),
                rounds * cta_load_latency_s(hw, tl.tile, k_steps_per_cta(k, s, tl) * tl.n_sweep)}) +
      rounds * hw.calibration.cta_latency_s;
  return e.ctas;
}

// Tiles that two SMs' shares of `total_steps` main-loop steps (split evenly,
// `per_sm` steps each, tile after tile) both run a part of.
std::int64_t stream_k_split_tiles(std::int64_t total_steps, std::int64_t per_sm,
                                  std::int64_t steps_per_tile) {
  std::int64_t split = 0;
  for (std::int64_t boundary = per_sm; boundary < total_steps; boundary += per_sm) {
    if (boundary % steps_per_tile != 0) ++split;
  }
  return split;
}

// Stream-K: every SM runs an equal share of all tiles' main-loop steps back to
// back (its co-resident CTAs overlap their load latency); one CTA latency for
// the fill and last epilogue, one for the fix-up of a tile whose partials
// another SM wrote. Returns the persistent CTAs.
std::int64_t add_stream_k_compute(const HardwareSpec& hw, const GemmKernel& k,
                                  const GemmShape& s, GemmEstimate& e) {
  const Tiling& tl = e.tiling;
  const std::int64_t steps_per_tile = k_steps_per_cta(k, s, tl);
  const std::int64_t total_steps = e.ctas * steps_per_tile;
  const std::int64_t per_sm = busiest_sm_k_steps(hw, k, s, e);
  e.waves = 1;
  e.partial_tiles = stream_k_split_tiles(total_steps, per_sm, steps_per_tile);
  const double step_s = cta_main_loop_s(hw, k, s, tl) / static_cast<double>(steps_per_tile);
  const double co_resident_steps = static_cast<double>(per_sm) / e.ctas_per_sm;
  e.compute_s = std::max({per_sm * step_s, power_limited_shape_s(k, s),
                          cta_load_latency_s(hw, tl.tile, co_resident_steps)}) +
                (e.partial_tiles > 0 ? 2 : 1) * hw.calibration.cta_latency_s;
  return std::min(ceil_div(total_steps, per_sm) * e.ctas_per_sm,
                  static_cast<std::int64_t>(hw.sm_count) * e.ctas_per_sm);
}

// estimate_gemm without the action counts (the tiling search's inner loop).
// `fallback`: unaligned_fallback(hw, k, s), worked out once per GEMM by the
// caller; `warp_register_bytes(tl)`: register_bytes_per_warp at tl's padded
// K slice, asked only of a tiling whose shape fits.
template <typename WarpRegisterBytesOf>
std::optional<GemmEstimate> estimate_times(const HardwareSpec& hw, const GemmKernel& k,
                                           const GemmShape& s, const Tiling& tl,
                                           const std::optional<UnalignedFallback>& fallback,
                                           WarpRegisterBytesOf&& warp_register_bytes) {
  const ThreadblockTile& t = tl.tile;
  if (!split_runs(k, s, t, tl.split_k)) return std::nullopt;
  if (tl.schedule == TileSchedule::kStreamK &&
      (tl.split_k > 1 || !hw.stream_k || tl.n_sweep != 1)) {
    return std::nullopt;
  }
  if (k.macs_per_cycle_per_sm <= 0.0 || !tiling_shape_fits(k, tl)) return std::nullopt;
  GemmEstimate e;
  e.tiling = tl;
  e.ctas = ceil_div(s.m, t.bm) * ceil_div(s.n, static_cast<std::int64_t>(cta_columns(tl))) *
           tl.split_k * s.batch;
  if (tl.schedule == TileSchedule::kStreamK && e.ctas <= hw.sm_count) return std::nullopt;
  const double warp_bytes = warp_register_bytes(tl);
  if (warp_bytes > kMaxRegisterBytesPerWarp) return std::nullopt;
  e.ctas_per_sm = ctas_per_sm(hw, k, tl, warp_bytes);
  if (e.ctas_per_sm < 1) return std::nullopt;
  const CalibrationSpec& c = hw.calibration;
  const std::int64_t grid_ctas = tl.schedule == TileSchedule::kStreamK
                                     ? add_stream_k_compute(hw, k, s, e)
                                     : add_data_parallel_compute(hw, k, s, e);
  add_memory_times(hw, k, s, grid_ctas, e);
  e.l2_s = l2_time_s(hw, k, s, tl, e.ctas);
  if (fallback) apply_fallback(hw, k, s, *fallback, grid_ctas, e);
  combine_times(c, e);
  return e;
}

}  // namespace

GemmEstimate with_compute_time(const HardwareSpec& hw, GemmEstimate e, double compute_s) {
  if (e.unaligned_row_bytes != 0) {
    throw std::invalid_argument(
        "with_compute_time: rows aligned to " + std::to_string(e.unaligned_row_bytes) +
        " bytes run the library's fallback kernels, whose compute floor is not a main loop");
  }
  e.compute_s = compute_s;
  combine_times(hw.calibration, e);
  return e;
}

void check_shape(const GemmKernel& k, const GemmShape& s) {
  s.validate();
  if (s.k % k.k_multiple == 0) return;
  throw std::invalid_argument("K = " + std::to_string(s.k) + " is not a multiple of " +
                              std::to_string(k.k_multiple) + ", the weights per table lookup of " +
                              k.name + " (pad K with zero weights)");
}

std::optional<GemmEstimate> estimate_gemm(const HardwareSpec& hw, const GemmKernel& k,
                                          const GemmShape& s, const Tiling& tl) {
  check_shape(k, s);
  std::optional<GemmEstimate> e =
      estimate_times(hw, k, s, tl, unaligned_fallback(hw, k, s), [&](const Tiling& t) {
        return register_bytes_per_warp(k, t, padded_k_slice(k, s, t));
      });
  if (e) {
    e->actions = count_actions(hw, k, s, *e);
    e->rows_timed_aligned_bytes = unmodelled_unaligned_row_bytes(hw, k, s);
  }
  return e;
}

namespace {

// Why no tiling of `k` runs on `hw`: the GPU has no unit for it, or no
// threadblock tile fits in an SM's shared memory and registers.
std::invalid_argument no_tiling_error(const HardwareSpec& hw, const GemmKernel& k) {
  if (k.macs_per_cycle_per_sm <= 0.0) {
    const std::string what = k.family == KernelFamily::kDense
                                 ? std::string(k.name.substr(6)) + " tensor cores"
                                 : "support for " + k.name;
    return std::invalid_argument(hw.name + " has no " + what);
  }
  double smem = std::numeric_limits<double>::max();
  double regs = std::numeric_limits<double>::max();
  std::vector<std::span<const ThreadblockTile>> searched{candidate_tiles()};
  if (k.elongated_tiles) searched.push_back(candidate_elongated_tiles());
  for (const auto& tiles : searched) {
    for (const ThreadblockTile& t : tiles) {
      smem = std::min(smem, smem_bytes_per_cta(t, k));
      Tiling tl;
      tl.tile = t;
      regs = std::min(regs, register_bytes_per_cta(k, tl, k_step(t, k)));
    }
  }
  return std::invalid_argument(
      hw.name + ": no threadblock tile of " + k.name + " fits in one SM (" +
      std::to_string(hw.smem_bytes_per_sm) + " bytes of shared memory, " +
      std::to_string(hw.effective_register_file_bytes_per_sm()) +
      " bytes of registers); the smallest tiles need " + std::to_string(std::llround(smem)) +
      " bytes of shared memory and " + std::to_string(std::llround(regs)) + " bytes of registers");
}

// The warp tiles searched for `k`: its own (0 x 0), or the LUT candidates of
// whole array tiles.
std::vector<WarpTile> searched_warp_tiles(const GemmKernel& k) {
  if (k.warp_m_multiple <= 0 || k.warp_n_multiple <= 0) return {WarpTile{}};
  std::vector<WarpTile> out;
  for (const WarpTile& w : candidate_lut_warp_tiles()) {
    if (w.m % k.warp_m_multiple == 0 && w.n % k.warp_n_multiple == 0) out.push_back(w);
  }
  return out;
}

// Whether a GEMM of `n` columns sweeps tables held in registers over the N
// tiles of base tiling `tl`: those sweeping more tiles than it has are not searched.
bool sweeps_within(const Tiling& tl, std::int64_t n) {
  // n_sweep <= ceil(n / bn), without a division: n > (n_sweep - 1) bn.
  return tl.tables != TablePlacement::kRegisters ||
         n > static_cast<std::int64_t>(tl.n_sweep - 1) * tl.tile.bn;
}

// Every (warp tile, table placement, N sweep) of CTA tile `t` whose warp tile
// divides it, with split-K 1 and data-parallel tiles.
template <typename Visit>
void for_each_base_tiling(const GemmKernel& k, const ThreadblockTile& t,
                          std::span<const WarpTile> warps, Visit&& visit) {
  for (const WarpTile& w : warps) {
    if (w.m > 0 && (t.bm % w.m != 0 || t.bn % w.n != 0)) continue;
    Tiling tl;
    tl.tile = t;
    tl.warp = w;
    visit(tl);
    if (!k.register_tables) continue;
    tl.tables = TablePlacement::kRegisters;
    for (const int sweep : candidate_table_sweeps()) {
      tl.n_sweep = sweep;
      visit(tl);
    }
  }
}

// The bounds' terms and the estimate's are computed in different orders:
// a bound is lowered by this fraction so that it holds after rounding (a few
// dozen operations, each off by at most 2^-53).
constexpr double kBoundRoundingSlack = 1e-9;

// The L2 operand bytes of one CTA of `tl` per element of its K slice, with
// the multicast that saves the most where the GPU has clusters.
double least_l2_bytes_per_cta_k(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                                const Tiling& tl) {
  Tiling shared = tl;
  shared.multicast = Multicast::kNone;
  double least = l2_bytes_per_cta_k(hw, k, s, shared);
  if (hw.cluster_multicast_ctas < 2) return least;
  for (const Multicast m : {Multicast::kA, Multicast::kB}) {
    shared.multicast = m;
    least = std::min(least, l2_bytes_per_cta_k(hw, k, s, shared));
  }
  return least;
}

// What every schedule of one CTA tiling costs at least per element of K.
struct TilingRates {
  double tiles = 0.0;        // output tiles x batch: the CTAs at split-K 1
  double cta_s_per_k = 0.0;  // one CTA's main loop: MAC rate, shared-memory feed or CUDA cores
  double l2_bytes_per_cta_k = 0.0;
  double unique_bytes = 0.0;  // A, B and C once
};

TilingRates tiling_rates(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                         const Tiling& tl) {
  const double columns = cta_columns(tl);
  TilingRates r;
  r.tiles = static_cast<double>(ceil_div(s.m, tl.tile.bm)) *
            ceil_div(s.n, static_cast<std::int64_t>(columns)) * s.batch;
  const double smem_cycles = smem_fragment_bytes_per_k(tl, k) / hw.smem_bw_bytes_per_cycle_per_sm;
  const double cuda_cycles = k.cuda_ops_per_weight > 0.0
                                 ? columns * k.cuda_ops_per_weight / k.cuda_ops_per_cycle_per_sm
                                 : 0.0;
  r.cta_s_per_k = std::max({mac_cycles(hw, k, tl.tile.bm * columns), smem_cycles, cuda_cycles}) /
                  hw.sm_clock_hz;
  r.l2_bytes_per_cta_k = least_l2_bytes_per_cta_k(hw, k, s, tl);
  r.unique_bytes = (static_cast<double>(s.m) * s.k * k.a_bytes_per_elem +
                    static_cast<double>(s.n) * s.k * k.b_bytes_per_elem +
                    static_cast<double>(s.m) * s.n * k.c_bytes_per_elem) *
                   s.batch;
  return r;
}

double combined_bound(const HardwareSpec& hw, double compute_s, double dram_s, double l2_s) {
  const CalibrationSpec& c = hw.calibration;
  return combine_kernel_times(c, c.kernel_fixed_time_s, compute_s, dram_s, l2_s).time_s *
         (1.0 - kBoundRoundingSlack);
}

// Of a grid of `tiles` output tiles under the data-parallel split-Ks: the
// fewest K elements the busiest SM runs (ceil(CTAs / SMs) CTAs of an unpadded
// K slice each) and the fewest CTA latencies it waits (ceil(that / 2)).
struct BusiestSm {
  std::int64_t tiles = 0;
  double k_elements = 0.0;
  double latencies = 0.0;
};

// The same under one data-parallel split-K.
BusiestSm busiest_sm_at_split(const HardwareSpec& hw, const GemmShape& s, std::int64_t tiles,
                              int split) {
  const std::int64_t per_sm = ceil_div(tiles * split, hw.sm_count);
  return {tiles, static_cast<double>(per_sm * ceil_div(s.k, split)),
          static_cast<double>(ceil_div(per_sm, kMaxCtasPerSm))};
}

// The data-parallel split-Ks of one base tiling that can run, as indices
// [first, last) into candidate_split_k(), which rise: a split-K runs when its
// slices are at least two K steps (split_runs: the splits up to some one) and
// its warps' registers fit, per thread and CTAs per SM (the registers rise
// with the K slice, which falls as the split rises: the splits from some one,
// as every test on the way rounds monotonically).
struct SplitRange {
  std::size_t first = 0;
  std::size_t last = 0;
  bool empty() const { return first >= last; }
  auto operator<=>(const SplitRange&) const = default;
};

// Whether estimate_times passes a tiling whose warps hold `warp_bytes` on
// its registers.
bool registers_fit(const CtaResidency& residency, double warp_bytes) {
  return warp_bytes <= kMaxRegisterBytesPerWarp && residency.ctas_per_sm(warp_bytes) >= 1;
}

// What decides which split-Ks of base tiling `tl` run, less the GEMM's shape:
// whether any schedule of it runs (its shape fits, tiling_shape_fits, and the
// kernel has a MAC unit), its K step, and the most K steps per CTA at which
// its warps' registers fit (the registers rise with the K steps, so they fit
// at every count up to that one; found once by searching registers_fit).
class SplitFit {
 public:
  SplitFit(const HardwareSpec& hw, const GemmKernel& k, const Tiling& tl,
           const WarpRegisterCost& registers)
      : step_(k_step(tl.tile, k)) {
    if (k.macs_per_cycle_per_sm <= 0.0 || !tiling_shape_fits(k, tl)) return;
    const CtaResidency residency(hw, k, tl);
    const auto fits = [&](std::int64_t k_steps) {
      return registers_fit(residency, registers.bytes(k_steps));
    };
    if (!fits(1)) return;
    if (!registers.rises_with_k_steps()) {
      most_fitting_k_steps_ = std::numeric_limits<std::int64_t>::max();
      return;
    }
    // They stop fitting within kMaxRegisterBytesPerWarp / (4 bytes x 32 lanes) steps.
    std::int64_t fit = 1;
    std::int64_t fails = 2;
    while (fits(fails)) {
      fit = fails;
      fails *= 2;
    }
    while (fails - fit > 1) {
      const std::int64_t mid = fit + (fails - fit) / 2;
      (fits(mid) ? fit : fails) = mid;
    }
    most_fitting_k_steps_ = fit;
  }

  // Whether some shape runs a schedule of the tiling.
  bool may_run() const { return most_fitting_k_steps_ > 0; }

  // Tilings with equal SplitFits run the same split-Ks on every shape.
  bool operator==(const SplitFit&) const = default;

  // The split-Ks of the tiling that run on `s`: a split-K runs when its
  // slices are at least two K steps (split_runs) and its warps' registers fit.
  SplitRange range(const GemmShape& s) const {
    if (!may_run()) return {};
    const std::span<const int> splits = candidate_split_k();
    // split_runs: K / split >= 2 steps holds (in integers) for split <= K / (2 steps).
    const std::int64_t most = std::max<std::int64_t>(1, s.k / (2 * step_));
    SplitRange r;
    r.last = static_cast<std::size_t>(std::upper_bound(splits.begin(), splits.end(), most) -
                                      splits.begin());
    // Those whose registers do not fit come first: found by bisection.
    const auto first_fit = std::partition_point(
        splits.begin(), splits.begin() + static_cast<std::ptrdiff_t>(r.last),
        [&](int split) { return ceil_div(ceil_div(s.k, split), step_) > most_fitting_k_steps_; });
    r.first = static_cast<std::size_t>(first_fit - splits.begin());
    return r;
  }

 private:
  int step_ = 0;
  std::int64_t most_fitting_k_steps_ = 0;  // 0: no schedule runs
};

// The split-Ks of base tiling `tl` that can run on `s`; empty when its shape
// does not fit (tiling_shape_fits) or the kernel has no MAC unit: no schedule
// of it runs.
SplitRange runnable_splits(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                           const Tiling& tl, const WarpRegisterCost& registers) {
  return SplitFit(hw, k, tl, registers).range(s);
}

BusiestSm busiest_sm(const HardwareSpec& hw, const GemmShape& s, std::int64_t tiles,
                     SplitRange range) {
  BusiestSm b{tiles, std::numeric_limits<double>::max(), std::numeric_limits<double>::max()};
  for (std::size_t i = range.first; i < range.last; ++i) {
    const BusiestSm at = busiest_sm_at_split(hw, s, tiles, candidate_split_k()[i]);
    b.k_elements = std::min(b.k_elements, at.k_elements);
    b.latencies = std::min(b.latencies, at.latencies);
  }
  return b;
}

// The busiest SMs of the grids and split-K ranges a search has met (a handful).
class BusiestSmCache {
 public:
  const BusiestSm& get(const HardwareSpec& hw, const GemmShape& s, std::int64_t tiles,
                       SplitRange range) {
    for (const Known& known : known_) {
      if (known.busiest.tiles == tiles && known.range == range) return known.busiest;
    }
    known_.push_back({range, busiest_sm(hw, s, tiles, range)});
    return known_.back().busiest;
  }

 private:
  struct Known {
    SplitRange range;
    BusiestSm busiest;
  };
  std::vector<Known> known_;
};

// The fewest main-loop steps a CTA of tile `t` runs under the split-Ks of
// `range`: its largest one's.
double fewest_k_steps(const GemmKernel& k, const GemmShape& s, const ThreadblockTile& t,
                      SplitRange range) {
  const int largest = candidate_split_k()[range.last - 1];
  return static_cast<double>(ceil_div(ceil_div(s.k, largest), k_step(t, k)));
}

// The terms of base tiling `tl`'s bound that every data-parallel split-K
// shares: the power limit, the fewest K steps' load latency, DRAM at the
// bandwidth of the largest data-parallel grid and L2 every tile's operands
// over an unsplit K.
struct SharedBoundTerms {
  double power_s = 0.0;
  double load_latency_s = 0.0;
  double dram_s = 0.0;
  double l2_s = 0.0;
};

SharedBoundTerms shared_bound_terms(const HardwareSpec& hw, const GemmKernel& k,
                                    const GemmShape& s, const Tiling& tl, const TilingRates& r,
                                    SplitRange range) {
  const std::int64_t largest_grid =
      static_cast<std::int64_t>(r.tiles) * candidate_split_k()[range.last - 1];
  return {power_limited_shape_s(k, s),
          cta_load_latency_s(hw, tl.tile, fewest_k_steps(k, s, tl.tile, range) * tl.n_sweep),
          hw.calibration.cta_latency_s + r.unique_bytes / achievable_dram_bw(hw, largest_grid),
          l2_seconds(hw, r.tiles * s.k * r.l2_bytes_per_cta_k)};
}

// The compute term of a data-parallel schedule whose busiest SM is `busiest`.
double data_parallel_compute_s(const HardwareSpec& hw, const TilingRates& r,
                               const SharedBoundTerms& t, const BusiestSm& busiest) {
  return std::max({busiest.k_elements * r.cta_s_per_k, t.power_s, t.load_latency_s}) +
         busiest.latencies * hw.calibration.cta_latency_s;
}

// A lower bound on every schedule of base tiling `tl` whose split-Ks that
// run are `range`: those split-Ks' busiest SM (BusiestSm) or, where stream-K
// runs (more tiles than SMs, and split-K 1's registers fit), every tile's
// main loop spread evenly over the SMs; DRAM at the bandwidth of the largest
// grid; L2 every tile's operands over an unsplit K.
double base_time_lower_bound(const HardwareSpec& hw, const GemmShape& s, const Tiling& tl,
                             const TilingRates& r, const SharedBoundTerms& t,
                             const BusiestSm& busiest, SplitRange range) {
  const CalibrationSpec& c = hw.calibration;
  double compute_s = data_parallel_compute_s(hw, r, t, busiest);
  double dram_s = t.dram_s;
  if (hw.stream_k && tl.n_sweep == 1 && busiest.tiles > hw.sm_count && range.first == 0) {
    // A persistent CTA runs at least half a step's worth (two share an SM).
    const double stream_k_latency_s = cta_load_latency_s(hw, tl.tile, 0.5);
    compute_s = std::min(compute_s, std::max({r.tiles * s.k * r.cta_s_per_k / hw.sm_count,
                                              t.power_s, stream_k_latency_s}) +
                                        c.cta_latency_s);
    const std::int64_t largest_grid = std::max<std::int64_t>(
        static_cast<std::int64_t>(r.tiles) * candidate_split_k()[range.last - 1], hw.sm_count);
    dram_s = c.cta_latency_s + r.unique_bytes / achievable_dram_bw(hw, largest_grid);
  }
  return combined_bound(hw, compute_s, dram_s, t.l2_s);
}

// A lower bound on base tiling `tl`'s data-parallel schedule at split-K
// `split` (any multicast), each term at least the one the base's bound takes
// and at most the estimate's: the busiest SM's unpadded K elements at the
// CTA's rate, the power limit, and its K slice's load latency (a CTA's K
// steps, n_sweep times) in ceil(CTAs per SM / 2) rounds, at least the
// estimate's rounds (two CTAs share an SM at most), with that many CTA
// latencies; DRAM: the unique bytes and the split's FP32 partials at the
// bandwidth of its own grid (tiles x split CTAs); L2 the base's.
double split_bound(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                   const Tiling& tl, const TilingRates& r, const SharedBoundTerms& t, int split) {
  const auto ctas = static_cast<std::int64_t>(r.tiles) * split;
  const BusiestSm busiest = busiest_sm_at_split(hw, s, static_cast<std::int64_t>(r.tiles), split);
  const double k_steps = static_cast<double>(ceil_div(ceil_div(s.k, split), k_step(tl.tile, k)));
  const double load_latency_s =
      busiest.latencies * cta_load_latency_s(hw, tl.tile, k_steps * tl.n_sweep);
  const double compute_s =
      std::max({busiest.k_elements * r.cta_s_per_k, t.power_s, load_latency_s}) +
      busiest.latencies * hw.calibration.cta_latency_s;
  const double partial_bytes =
      split > 1 ? static_cast<double>(ctas) * tl.n_sweep * tl.tile.bm * tl.tile.bn *
                      kSplitKPartialBytes
                : 0.0;
  const double dram_s = hw.calibration.cta_latency_s +
                        (r.unique_bytes + partial_bytes) / achievable_dram_bw(hw, ctas);
  return combined_bound(hw, compute_s, dram_s, t.l2_s);
}

// A candidate's place in the exhaustive search's order: its base tiling's,
// then its own among the base's schedules and multicasts. Of equally fast
// tilings the search keeps the earliest.
struct Rank {
  std::size_t base = 0;
  int schedule = 0;
  auto operator<=>(const Rank&) const = default;
};

// One base tiling of the search: its place in order, whether `allowed`
// accepts it, and (pruned search, which keeps only the bases that run) its
// warps' registers, its split-Ks that run and a lower bound on the time of
// all its schedules (base_time_lower_bound).
struct BaseTiling {
  Tiling tiling;
  std::size_t index = 0;
  bool allowed = false;
  WarpRegisterCost registers{};
  SplitRange splits{};
  TilingRates rates{};
  SharedBoundTerms terms{};
  double bound_s = 0.0;
};

// The fastest (and, searching everything, slowest) tilings found so far.
class SearchRecord {
 public:
  explicit SearchRecord(SearchExtent extent) { out_.exhaustive = extent == SearchExtent::kFull; }

  void add(const GemmEstimate& e, bool allowed, Rank rank) {
    ++out_.legal;
    if (beats(e.time_s, rank, out_.best_any, best_any_rank_)) {
      out_.best_any = e;
      best_any_rank_ = rank;
    }
    if (out_.exhaustive && (!out_.worst_any || e.time_s > out_.worst_any->time_s)) {
      out_.worst_any = e;
    }
    if (!allowed) return;
    ++out_.allowed_legal;
    if (beats(e.time_s, rank, out_.best, best_rank_)) {
      out_.best = e;
      best_rank_ = rank;
    }
  }

  // Whether a tiling at `rank` or after it in its base, taking at least
  // `bound_s`, could replace the fastest one it competes with.
  bool may_improve(double bound_s, Rank rank, bool allowed) const {
    return beats(bound_s, rank, out_.best_any, best_any_rank_) ||
           (allowed && beats(bound_s, rank, out_.best, best_rank_));
  }

  GemmSearch& result() { return out_; }

 private:
  static bool beats(double time_s, Rank rank, const std::optional<GemmEstimate>& incumbent,
                    Rank incumbent_rank) {
    return !incumbent || time_s < incumbent->time_s ||
           (time_s == incumbent->time_s && rank < incumbent_rank);
  }

  GemmSearch out_;
  Rank best_rank_, best_any_rank_;
};

// Estimates `tiling` (of a base that `allowed` accepts or not) and, where it
// runs, records it and on Hopper its operand multicasts at their ranks.
template <typename WarpRegisterBytesOf>
void search_tiling(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                   const std::optional<UnalignedFallback>& fallback, const Tiling& tiling,
                   WarpRegisterBytesOf&& warp_register_bytes, bool allowed, Rank& rank,
                   SearchRecord& out) {
  const auto e = estimate_times(hw, k, s, tiling, fallback, warp_register_bytes);
  if (!e) return;
  out.add(*e, allowed, rank);
  ++rank.schedule;
  if (hw.cluster_multicast_ctas < 2) return;
  // Sharing a tile changes only the L2 traffic: the rest of the estimate is reused.
  for (const Multicast m : {Multicast::kA, Multicast::kB}) {
    GemmEstimate shared = *e;
    shared.tiling.multicast = m;
    shared.l2_s = l2_time_s(hw, k, s, shared.tiling, shared.ctas);
    combine_times(hw.calibration, shared);
    out.add(shared, allowed, rank);
    ++rank.schedule;
  }
}

// `base` under every split-K and schedule, and on Hopper every operand
// multicast, recorded in `out` (the exhaustive search).
void search_every_schedule(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                           const std::optional<UnalignedFallback>& fallback,
                           const BaseTiling& base, SearchRecord& out) {
  Rank rank{base.index, 0};
  WarpRegisterBytes registers;
  const auto warp_register_bytes = [&](const Tiling& t) {
    return registers.at(k, t, padded_k_slice(k, s, t));
  };
  Tiling t = base.tiling;
  for (const int split : candidate_split_k()) {
    if (!split_runs(k, s, t.tile, split)) continue;
    t.split_k = split;
    search_tiling(hw, k, s, fallback, t, warp_register_bytes, base.allowed, rank, out);
  }
  if (hw.stream_k) {
    t.split_k = 1;
    t.schedule = TileSchedule::kStreamK;
    search_tiling(hw, k, s, fallback, t, warp_register_bytes, base.allowed, rank, out);
  }
}

// The pruned search's schedules of bounded base tiling `base`: its split-Ks
// that run (base.splits) and stream-K where split-K 1's registers fit. With
// fewer tiles than SMs, each split-K that cannot beat the fastest found is
// skipped. With more, a split's busiest SM runs about what split 1's does, so
// its bound would cost more than it skips.
void search_bounded_schedules(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                              const std::optional<UnalignedFallback>& fallback,
                              const BaseTiling& base, SearchRecord& out) {
  Rank rank{base.index, 0};
  const auto warp_register_bytes = [&](const Tiling& t) {
    return base.registers.bytes(k_steps_per_cta(k, s, t));
  };
  const bool bound_splits = base.rates.tiles < hw.sm_count;
  Tiling t = base.tiling;
  for (std::size_t i = base.splits.first; i < base.splits.last; ++i) {
    const int split = candidate_split_k()[i];
    if (bound_splits &&
        !out.may_improve(split_bound(hw, k, s, t, base.rates, base.terms, split), rank,
                         base.allowed)) {
      continue;
    }
    t.split_k = split;
    search_tiling(hw, k, s, fallback, t, warp_register_bytes, base.allowed, rank, out);
  }
  if (hw.stream_k && base.splits.first == 0) {
    t.split_k = 1;
    t.schedule = TileSchedule::kStreamK;
    search_tiling(hw, k, s, fallback, t, warp_register_bytes, base.allowed, rank, out);
  }
}

// Every base tiling of `k` in the exhaustive search's order (a search takes
// those its shape sweeps within, sweeps_within).
template <typename Visit>
void for_each_base(const GemmKernel& k, Visit&& visit) {
  const std::vector<WarpTile> warps = searched_warp_tiles(k);
  for (const ThreadblockTile& t : candidate_tiles()) for_each_base_tiling(k, t, warps, visit);
  if (!k.elongated_tiles) return;
  for (const ThreadblockTile& t : candidate_elongated_tiles()) {
    for_each_base_tiling(k, t, warps, visit);
  }
}

// The warp registers of base tilings: they depend on the CTA tile only
// through its K step (the warp tile is the base's, lut_warp_spec), so the
// bases of a warp tile, K step and table placement share them (a few dozen
// of them per kernel).
class WarpRegisterCosts {
 public:
  const WarpRegisterCost& of(const GemmKernel& k, const Tiling& tl) {
    const Key key{warp_tile(k, tl), k_step(tl.tile, k), tl.tables};
    for (const auto& [known, cost] : known_) {
      if (known == key) return cost;
    }
    known_.emplace_back(key, WarpRegisterCost(k, tl));
    return known_.back().second;
  }

 private:
  struct Key {
    WarpTile warp;
    int k_step = 0;
    TablePlacement tables = TablePlacement::kSharedMemory;
    bool operator==(const Key& o) const {
      return warp.m == o.warp.m && warp.n == o.warp.n && k_step == o.k_step && tables == o.tables;
    }
  };
  std::vector<std::pair<Key, WarpRegisterCost>> known_;
};

// Every base tiling of a GPU and kernel in the exhaustive order of the
// widest GEMM's search (every N sweep), with what does not depend on the
// GEMM's shape: its warps' registers and its SplitFit. A search takes those
// its shape sweeps within (sweeps_within), in the same order. The bases share
// a few dozen distinct SplitFits, so a search finds each one's split-Ks once.
class BaseCatalog {
 public:
  struct Base {
    Tiling tiling;
    std::size_t index = 0;  // place in that order: a search's bases keep theirs
    WarpRegisterCost registers;
    std::size_t fit = 0;  // its SplitFit in fits()
  };

  BaseCatalog(const HardwareSpec& hw, const GemmKernel& k) {
    WarpRegisterCosts registers;
    for_each_base(k, [&](const Tiling& tl) {
      const WarpRegisterCost& cost = registers.of(k, tl);
      const SplitFit fit(hw, k, tl, cost);
      const auto known = std::find(fits_.begin(), fits_.end(), fit);
      bases_.push_back({tl, bases_.size(), cost, static_cast<std::size_t>(known - fits_.begin())});
      if (known == fits_.end()) fits_.push_back(fit);
    });
  }

  std::span<const Base> bases() const { return bases_; }
  std::span<const SplitFit> fits() const { return fits_; }

 private:
  std::vector<Base> bases_;
  std::vector<SplitFit> fits_;
};

// The BaseCatalog of `hw` and `k`, built once per thread for each of the last
// few GPUs and kernels searched (a sweep or a model searches one GPU's few
// kernels again and again), which are told apart by value.
const BaseCatalog& base_catalog(const HardwareSpec& hw, const GemmKernel& k) {
  struct Kept {
    HardwareSpec hw;
    GemmKernel kernel;
    std::unique_ptr<const BaseCatalog> catalog;
  };
  constexpr std::size_t kKept = 8;
  thread_local std::vector<Kept> kept;
  thread_local std::size_t next = 0;  // the one to replace when all are taken
  for (const Kept& c : kept) {
    if (c.kernel == k && c.hw == hw) return *c.catalog;
  }
  Kept made{hw, k, std::make_unique<const BaseCatalog>(hw, k)};
  if (kept.size() < kKept) return *kept.emplace_back(std::move(made)).catalog;
  Kept& replaced = kept[next];
  next = (next + 1) % kKept;
  replaced = std::move(made);
  return *replaced.catalog;
}

// The pruned search's base tilings: those that run, with their registers,
// split-Ks that run, rates and bounds, in the exhaustive order; and whether
// `allowed` accepts any base, running or not.
struct BoundedBases {
  std::vector<BaseTiling> running;
  bool any_allowed = false;
};

BoundedBases bounded_bases(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                           const std::function<bool(const Tiling&)>& allowed) {
  const BaseCatalog& catalog = base_catalog(hw, k);
  std::vector<SplitRange> ranges;  // of each of catalog.fits()
  ranges.reserve(catalog.fits().size());
  for (const SplitFit& fit : catalog.fits()) ranges.push_back(fit.range(s));
  BoundedBases out;
  out.running.reserve(catalog.bases().size());
  BusiestSmCache busiest;
  for (const BaseCatalog::Base& c : catalog.bases()) {
    const SplitRange splits = ranges[c.fit];
    // `allowed` matters to a base that cannot run only for any_allowed.
    if (splits.empty() && out.any_allowed) continue;
    if (!sweeps_within(c.tiling, s.n)) continue;
    if (splits.empty()) {
      out.any_allowed = allowed(c.tiling);
      continue;
    }
    BaseTiling& base = out.running.emplace_back(
        BaseTiling{.tiling = c.tiling, .index = c.index, .allowed = allowed(c.tiling)});
    out.any_allowed = out.any_allowed || base.allowed;
    base.registers = c.registers;
    base.splits = splits;
    base.rates = tiling_rates(hw, k, s, c.tiling);
    base.terms = shared_bound_terms(hw, k, s, c.tiling, base.rates, base.splits);
    const auto tiles = static_cast<std::int64_t>(base.rates.tiles);
    base.bound_s = base_time_lower_bound(hw, s, c.tiling, base.rates, base.terms,
                                         busiest.get(hw, s, tiles, base.splits), base.splits);
  }
  return out;
}

// Searches `bases` (that run, in the exhaustive order) from the lowest bound
// up (equal bounds in that order), so that a fast incumbent prunes the rest:
// a base whose bound cannot beat the fastest found is skipped, and once none
// could (an allowed base at that bound could not), neither can any after it.
void search_by_bound(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                     const std::optional<UnalignedFallback>& fallback,
                     const std::vector<BaseTiling>& bases, SearchRecord& record) {
  // (bound, place in `bases`): a min-heap; the places rise with the order.
  std::vector<std::pair<double, std::size_t>> queue;
  queue.reserve(bases.size());
  for (std::size_t i = 0; i < bases.size(); ++i) queue.emplace_back(bases[i].bound_s, i);
  const auto later = std::greater<std::pair<double, std::size_t>>();
  std::make_heap(queue.begin(), queue.end(), later);
  while (!queue.empty()) {
    std::pop_heap(queue.begin(), queue.end(), later);
    const BaseTiling& base = bases[queue.back().second];
    queue.pop_back();
    const Rank rank{base.index, 0};
    if (!record.may_improve(base.bound_s, rank, true)) return;
    if (record.may_improve(base.bound_s, rank, base.allowed)) {
      search_bounded_schedules(hw, k, s, fallback, base, record);
    }
  }
}

}  // namespace

double tiling_time_lower_bound(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                               const Tiling& base) {
  const SplitRange splits = runnable_splits(hw, k, s, base, WarpRegisterCost(k, base));
  if (splits.empty()) return std::numeric_limits<double>::infinity();
  const TilingRates r = tiling_rates(hw, k, s, base);
  return base_time_lower_bound(hw, s, base, r, shared_bound_terms(hw, k, s, base, r, splits),
                               busiest_sm(hw, s, static_cast<std::int64_t>(r.tiles), splits),
                               splits);
}

double split_time_lower_bound(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                              const Tiling& tiling) {
  Tiling base = tiling;
  base.split_k = 1;
  base.multicast = Multicast::kNone;
  const SplitRange splits = runnable_splits(hw, k, s, base, WarpRegisterCost(k, base));
  if (splits.empty()) return std::numeric_limits<double>::infinity();
  const TilingRates r = tiling_rates(hw, k, s, base);
  return split_bound(hw, k, s, base, r, shared_bound_terms(hw, k, s, base, r, splits),
                     tiling.split_k);
}

GemmSearch search_gemm(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                       const std::function<bool(const Tiling&)>& allowed, SearchExtent extent) {
  check_shape(k, s);
  const std::optional<UnalignedFallback> fallback = unaligned_fallback(hw, k, s);
  SearchRecord record(extent);
  GemmSearch& out = record.result();
  if (extent == SearchExtent::kFull) {
    std::size_t index = 0;
    for_each_base(k, [&](const Tiling& tl) {
      if (!sweeps_within(tl, s.n)) return;
      const bool accepted = allowed(tl);
      out.any_allowed = out.any_allowed || accepted;
      search_every_schedule(hw, k, s, fallback,
                            BaseTiling{.tiling = tl, .index = index++, .allowed = accepted},
                            record);
    });
  } else {
    const BoundedBases bases = bounded_bases(hw, k, s, allowed);
    out.any_allowed = bases.any_allowed;
    search_by_bound(hw, k, s, fallback, bases.running, record);
  }
  const int timed_aligned = unmodelled_unaligned_row_bytes(hw, k, s);
  for (std::optional<GemmEstimate>* e : {&out.best, &out.best_any, &out.worst_any}) {
    if (!*e) continue;
    (*e)->actions = count_actions(hw, k, s, **e);
    (*e)->rows_timed_aligned_bytes = timed_aligned;
  }
  return out;
}

GemmEstimate best_gemm(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s) {
  return best_gemm(hw, k, s, [](const Tiling&) { return true; });
}

GemmEstimate best_gemm(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                       const std::function<bool(const Tiling&)>& allowed) {
  GemmSearch found = search_gemm(hw, k, s, allowed, SearchExtent::kFastest);
  if (!found.any_allowed) {
    throw std::invalid_argument(hw.name + ": no candidate tile of " + k.name + " is allowed");
  }
  if (found.best) return *found.best;
  if (found.best_any) {
    // The pruned search skipped tilings that run: count them all for the message.
    found = search_gemm(hw, k, s, allowed, SearchExtent::kFull);
    throw std::invalid_argument(hw.name + ": none of the allowed tilings of " + k.name +
                                " runs (" + std::to_string(found.legal) +
                                " tilings that run are not allowed)");
  }
  throw no_tiling_error(hw, k);
}

}  // namespace lutsim
