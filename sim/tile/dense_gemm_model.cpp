#include "sim/tile/dense_gemm_model.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace lutsim {
namespace {

constexpr int kMaxCtasPerSm = 2;                   // double-buffered epilogue overlap at most
constexpr int kWarpTile = 64;                      // warp tile edge of the modelled kernels
constexpr double kSplitKPartialBytes = 4.0 * 2.0;  // FP32 partial written and read back

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b;
}

double tensor_fma_per_cycle(const HardwareSpec& hw, MmaType t) {
  switch (t) {
    case MmaType::kFp16:
    case MmaType::kBf16:
      return hw.fp16_fma_per_cycle_per_sm;
    case MmaType::kInt8:
      return hw.int8_mac_per_cycle_per_sm;
    case MmaType::kFp8:
      return hw.fp8_fma_per_cycle_per_sm;
  }
  return 0.0;
}

// K elements per main-loop step: the same bytes for every operand width.
int k_step(const ThreadblockTile& t, MmaType type) {
  return t.bk * 2 / operand_bytes(type);
}

int ctas_per_sm(const HardwareSpec& hw, const ThreadblockTile& t, MmaType type) {
  const std::int64_t smem =
      static_cast<std::int64_t>(t.stages) * (t.bm + t.bn) * k_step(t, type) * operand_bytes(type);
  return static_cast<int>(std::clamp<std::int64_t>(hw.smem_bytes_per_sm / smem, 1, kMaxCtasPerSm));
}

// Seconds for one CTA's main loop: tensor rate or shared-memory feed.
double cta_main_loop_s(const HardwareSpec& hw, const GemmShape& s, const Tiling& tl,
                       int occupancy) {
  const ThreadblockTile& t = tl.tile;
  const int bk = k_step(t, s.type);
  const std::int64_t k_slice = ceil_div(s.k, tl.split_k);
  const double fma = static_cast<double>(t.bm) * t.bn * ceil_div(k_slice, bk) * bk;
  const double tensor_rate =
      tensor_fma_per_cycle(hw, s.type) * hw.calibration.tensor_efficiency / occupancy;
  const int wm = std::min(kWarpTile, t.bm);
  const int wn = std::min(kWarpTile, t.bn);
  const double smem_bytes_per_k =
      (static_cast<double>(t.bm) * (t.bn / wn) + static_cast<double>(t.bn) * (t.bm / wm)) *
      operand_bytes(s.type);
  const double smem_rate =
      hw.smem_bw_bytes_per_cycle_per_sm / smem_bytes_per_k / occupancy * t.bm * t.bn;
  return fma / std::min(tensor_rate, smem_rate) / hw.sm_clock_hz;
}

}  // namespace

std::string_view to_string(GemmBound b) {
  switch (b) {
    case GemmBound::kCompute:
      return "compute";
    case GemmBound::kDram:
      return "dram";
    case GemmBound::kL2:
      return "l2";
  }
  return "?";
}

std::optional<GemmEstimate> estimate_dense_gemm(const HardwareSpec& hw, const GemmShape& s,
                                                const Tiling& tl) {
  const ThreadblockTile& t = tl.tile;
  const int bk = k_step(t, s.type);
  if (tl.split_k > 1 && s.k / tl.split_k < 2 * bk) return std::nullopt;
  if (tensor_fma_per_cycle(hw, s.type) <= 0.0) return std::nullopt;
  const CalibrationSpec& c = hw.calibration;

  GemmEstimate e;
  e.tiling = tl;
  e.ctas_per_sm = ctas_per_sm(hw, t, s.type);
  e.ctas = ceil_div(s.m, t.bm) * ceil_div(s.n, t.bn) * tl.split_k * s.batch;
  const std::int64_t concurrent = static_cast<std::int64_t>(hw.sm_count) * e.ctas_per_sm;
  e.waves = ceil_div(e.ctas, concurrent);
  // The busiest SM runs ceil(CTAs / SMs) CTAs back to back at the full SM
  // rate; co-resident CTAs hide each other's fill/epilogue latency.
  const std::int64_t per_sm = ceil_div(e.ctas, hw.sm_count);
  e.compute_s =
      per_sm * cta_main_loop_s(hw, s, tl, 1) + ceil_div(per_sm, e.ctas_per_sm) * c.cta_latency_s;

  const double elem = operand_bytes(s.type);
  const double k_slice = static_cast<double>(ceil_div(s.k, tl.split_k));
  e.dram_bytes = ((static_cast<double>(s.m) * s.k + static_cast<double>(s.n) * s.k) * elem +
                  static_cast<double>(s.m) * s.n * output_bytes(s.type)) *
                 s.batch;
  if (tl.split_k > 1)
    e.dram_bytes += static_cast<double>(e.ctas) * t.bm * t.bn * kSplitKPartialBytes;
  const double active_sms = static_cast<double>(std::min<std::int64_t>(e.ctas, hw.sm_count));
  const double dram_bw = std::min(hw.dram_bw_bytes_per_s * c.dram_efficiency,
                                  active_sms * c.max_dram_bw_per_sm_bytes_per_s);
  e.dram_s = c.cta_latency_s + e.dram_bytes / dram_bw;
  const double l2_bytes = static_cast<double>(e.ctas) * (t.bm + t.bn) * k_slice * elem;
  e.l2_s = l2_bytes / (hw.l2_bw_bytes_per_cycle * hw.sm_clock_hz * c.l2_efficiency);

  const double memory_s = std::max(e.dram_s, e.l2_s);
  e.bound = e.compute_s >= memory_s ? GemmBound::kCompute
                                    : (e.dram_s >= e.l2_s ? GemmBound::kDram : GemmBound::kL2);
  e.time_s = c.kernel_fixed_time_s + std::max(e.compute_s, memory_s) +
             (1.0 - c.mem_compute_overlap) * std::min(e.compute_s, memory_s) +
             (tl.split_k > 1 ? c.splitk_reduce_time_s : 0.0);
  return e;
}

GemmEstimate best_dense_gemm(const HardwareSpec& hw, const GemmShape& s) {
  if (s.m <= 0 || s.n <= 0 || s.k <= 0 || s.batch <= 0) {
    throw std::invalid_argument("GEMM shape must be positive: M=" + std::to_string(s.m) +
                                " N=" + std::to_string(s.n) + " K=" + std::to_string(s.k));
  }
  std::optional<GemmEstimate> best;
  for (const ThreadblockTile& t : candidate_tiles()) {
    for (int split : candidate_split_k()) {
      const auto e = estimate_dense_gemm(hw, s, {t, split});
      if (e && (!best || e->time_s < best->time_s)) best = e;
    }
  }
  if (!best) {
    throw std::invalid_argument(hw.name + " has no " + std::string(to_string(s.type)) +
                                " tensor cores");
  }
  return *best;
}

}  // namespace lutsim
