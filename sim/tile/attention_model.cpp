#include "sim/tile/attention_model.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "sim/tile/gemm_kernel.hpp"

namespace lutsim {
namespace {

constexpr int kKvStages = 2;       // K and V tiles double-buffered in shared memory
constexpr int kMaxCtasPerSm = 2;   // as for GEMMs
constexpr int kWarpgroupRows = 64;  // query rows per warpgroup MMA (wgmma M); each reads all of K, V
constexpr double kAccBytes = 4.0;   // FP32 scores, output accumulators, partials and statistics
// CUDA-core/SFU instructions per score of the online softmax: running max,
// scale-and-subtract FMA, exp2, row sum, conversion to the MMA type.
constexpr double kSoftmaxOpsPerScore = 5.0;
// Per partial value of the split-KV combine: rescale by its statistics and add.
constexpr double kCombineOpsPerPartial = 2.0;

// What every tiling of one call shares.
struct CallGeometry {
  std::int64_t head_dim = 0;   // padded
  std::int64_t rows = 0;       // query rows per (sequence, KV head): group x q_len
  std::int64_t instances = 0;  // batch x kv_heads
  double elem_bytes = 2.0;
};

CallGeometry geometry(const AttentionShape& s) {
  return {padded_head_dim(s.head_dim), s.group() * s.q_len, s.batch * s.kv_heads,
          static_cast<double>(bytes_of(s.type))};
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b;
}

// CTAs of equal work: `count` of them, each streaming `tiles` K/V tiles.
struct CtaGroup {
  std::int64_t count = 0;
  std::int64_t tiles = 0;
};

// K/V tiles the rows of Q tile `i` need: all of them, or with a causal mask
// those up to the tile's last query position (rows are position-major).
std::int64_t visible_kv_tiles(const AttentionShape& s, const CallGeometry& g,
                              const AttentionTiling& t, std::int64_t i) {
  const std::int64_t all = ceil_div(s.kv_len, t.block_kv);
  if (!s.causal) return all;
  const std::int64_t last_row = std::min((i + 1) * t.block_q, g.rows) - 1;
  const std::int64_t keys = last_row / s.group() + (s.kv_len - s.q_len) + 1;
  return std::min(all, ceil_div(keys, t.block_kv));
}

// One group per Q tile (causal) or one for all of them: each CTA streams its
// split's share of the tile's K/V tiles.
std::vector<CtaGroup> cta_groups(const AttentionShape& s, const CallGeometry& g,
                                 const AttentionTiling& t) {
  const std::int64_t q_tiles = ceil_div(g.rows, t.block_q);
  const std::int64_t per_tile = g.instances * t.kv_splits;
  if (!s.causal) {
    return {{per_tile * q_tiles, ceil_div(visible_kv_tiles(s, g, t, 0), t.kv_splits)}};
  }
  std::vector<CtaGroup> groups;
  for (std::int64_t i = q_tiles - 1; i >= 0; --i) {
    groups.push_back({per_tile, ceil_div(visible_kv_tiles(s, g, t, i), t.kv_splits)});
  }
  return groups;
}

// K/V tiles streamed over the whole call (splits share a row's tiles).
double total_kv_tiles(const AttentionShape& s, const CallGeometry& g, const AttentionTiling& t) {
  const std::int64_t q_tiles = ceil_div(g.rows, t.block_q);
  if (!s.causal) return static_cast<double>(q_tiles) * g.instances * visible_kv_tiles(s, g, t, 0);
  double tiles = 0.0;
  for (std::int64_t i = 0; i < q_tiles; ++i) tiles += visible_kv_tiles(s, g, t, i);
  return tiles * g.instances;
}

// Tiles on the busiest SM when the CTAs are dealt, longest first, each to the
// least-loaded SM (whole rounds of equal CTAs spread evenly).
std::int64_t busiest_sm_tiles(int sms, const std::vector<CtaGroup>& groups) {
  std::vector<std::int64_t> load(sms, 0);
  for (const CtaGroup& grp : groups) {
    const std::int64_t rounds = grp.count / sms;
    const std::int64_t rest = grp.count % sms;
    for (std::int64_t& l : load) l += rounds * grp.tiles;
    std::sort(load.begin(), load.end());
    for (std::int64_t j = 0; j < rest; ++j) load[j] += grp.tiles;
  }
  return *std::max_element(load.begin(), load.end());
}

int ctas_per_sm(const HardwareSpec& hw, const CallGeometry& g, const AttentionTiling& t) {
  const double smem = (t.block_q + kKvStages * 2.0 * t.block_kv) * g.head_dim * g.elem_bytes;
  const double regs = t.block_q * (g.head_dim + t.block_kv) * kAccBytes;
  const double fit =
      std::min(hw.smem_bytes_per_sm / smem, hw.effective_register_file_bytes_per_sm() / regs);
  return static_cast<int>(std::min<double>(fit, kMaxCtasPerSm));
}

double tile_macs(const CallGeometry& g, const AttentionTiling& t) {
  return 2.0 * t.block_q * t.block_kv * g.head_dim;
}

// SM cycles of one K/V tile: score MMA, softmax exponentials, value MMA in
// turn, the MMAs at the SM's clock-limited rate (the power limit bounds the
// kernel's average tensor rate instead: power_limited_s).
double tile_cycles(const HardwareSpec& hw, const AttentionShape& s, const CallGeometry& g,
                   const AttentionTiling& t) {
  const double exps = static_cast<double>(t.block_q) * t.block_kv;
  return mac_cycles(hw, dense_kernel(hw, s.type), tile_macs(g, t)) +
         exps / hw.sfu_ops_per_cycle_per_sm;
}

double tile_kv_bytes(const CallGeometry& g, const AttentionTiling& t) {
  return 2.0 * t.block_kv * g.head_dim * g.elem_bytes;
}

// Bytes of Q (= of O), of K and V, and of the split-KV partials (outputs and
// row statistics in FP32), each once.
struct CallBytes {
  double q = 0.0;
  double kv = 0.0;
  double partials = 0.0;
};

CallBytes call_bytes(const AttentionShape& s, const CallGeometry& g, const AttentionTiling& t) {
  const double q_rows = static_cast<double>(s.batch) * s.q_heads * s.q_len;
  CallBytes b;
  b.q = q_rows * s.head_dim * g.elem_bytes;
  b.kv = 2.0 * s.batch * s.kv_heads * s.kv_len * s.head_dim * g.elem_bytes;
  if (t.kv_splits > 1) b.partials = q_rows * t.kv_splits * (s.head_dim + 1.0) * kAccBytes;
  return b;
}

// The kernel's written output: O, or the partials the combine kernel reads.
double written_bytes(const CallBytes& b) {
  return b.partials > 0.0 ? b.partials : b.q;
}

ActionCounts count_actions(const AttentionShape& s, const CallGeometry& g,
                           const AttentionEstimate& e) {
  const AttentionTiling& t = e.tiling;
  const CallBytes b = call_bytes(s, g, t);
  const double scores = e.kv_tiles * t.block_q * t.block_kv;
  const double warpgroups = static_cast<double>(ceil_div(t.block_q, kWarpgroupRows));
  const double q_tile_bytes = t.block_q * g.head_dim * g.elem_bytes;
  ActionCounts a;
  a.tensor_core_macs[s.type] = 2.0 * scores * g.head_dim;
  a.cuda_core_ops = scores * kSoftmaxOpsPerScore + b.partials / kAccBytes * kCombineOpsPerPartial;
  a.register_file_bytes = scores * g.elem_bytes;  // P fragments fed to the value MMA
  // Q and K/V tiles written once; Q read per K tile, K/V read by every warpgroup.
  a.smem_bytes = e.ctas * q_tile_bytes + e.kv_tiles * tile_kv_bytes(g, t) +
                 e.kv_tiles * (q_tile_bytes + warpgroups * tile_kv_bytes(g, t));
  const double combine_bytes = b.partials > 0.0 ? b.partials + b.q : 0.0;
  a.l2_bytes = b.q + e.kv_tiles * tile_kv_bytes(g, t) + written_bytes(b) + combine_bytes;
  a.dram_bytes = e.dram_bytes + combine_bytes;
  return a;
}

std::optional<AttentionEstimate> estimate_times(const HardwareSpec& hw, const AttentionShape& s,
                                                const AttentionTiling& t) {
  const CallGeometry g = geometry(s);
  if (t.kv_splits > ceil_div(s.kv_len, t.block_kv)) return std::nullopt;
  AttentionEstimate e;
  e.tiling = t;
  e.ctas_per_sm = ctas_per_sm(hw, g, t);
  if (e.ctas_per_sm < 1) return std::nullopt;
  const CalibrationSpec& c = hw.calibration;
  e.ctas = g.instances * ceil_div(g.rows, t.block_q) * t.kv_splits;
  e.kv_tiles = total_kv_tiles(s, g, t);
  const std::int64_t per_sm = ceil_div(e.ctas, hw.sm_count);
  const double busiest_s =
      busiest_sm_tiles(hw.sm_count, cta_groups(s, g, t)) * tile_cycles(hw, s, g, t) /
      hw.sm_clock_hz;
  // The tensor cores idle during the softmax: the power limit bounds only their average rate.
  // It counts every tile's MACs, unlike a GEMM (power_limited_shape_s, gemm_model.cpp): a
  // causal diagonal tile multiplies real Q and K before its mask applies, and the padded Q rows
  // of decode tiles are not told apart, where the DRAM term binds (`lutsim validate`: all 280
  // decode calls of the SDPA sets are DRAM-bound).
  e.compute_s = std::max(busiest_s, power_limited_s(dense_kernel(hw, s.type),
                                                    e.kv_tiles * tile_macs(g, t))) +
                ceil_div(per_sm, e.ctas_per_sm) * c.cta_latency_s;
  const CallBytes b = call_bytes(s, g, t);
  const FusedAttentionSpec& f = *hw.fused_attention;
  e.dram_bytes = b.q + b.kv + written_bytes(b);
  e.dram_s = c.cta_latency_s +
             e.dram_bytes / achievable_dram_bw(hw, e.ctas, f.stream_dram_efficiency);
  e.l2_s = l2_seconds(hw, b.q + e.kv_tiles * tile_kv_bytes(g, t) + written_bytes(b));
  const KernelTime k = combine_kernel_times(c, f.call_fixed_time_s, e.compute_s, e.dram_s, e.l2_s);
  e.bound = k.bound;
  if (b.partials > 0.0) {
    e.combine_s = c.kernel_fixed_time_s +
                  (b.partials + b.q) / achievable_dram_bw(hw, hw.sm_count, f.stream_dram_efficiency);
  }
  e.time_s = k.time_s + e.combine_s;
  return e;
}

// The parameters only the attention family reads, or an error naming them.
void require_attention_parameters(const HardwareSpec& hw) {
  if (hw.sfu_ops_per_cycle_per_sm <= 0.0) {
    throw std::invalid_argument(hw.name +
                                ": fused attention needs cuda_core.sfu_ops_per_cycle_per_sm (the "
                                "softmax's exponentials) in the hardware config");
  }
  if (!hw.fused_attention) {
    throw std::invalid_argument(hw.name +
                                ": fused attention needs the hardware config's fused_attention "
                                "section (stream_dram_efficiency, call_fixed_time_s)");
  }
}

}  // namespace

std::string AttentionEstimate::kernel_name(const AttentionShape& shape) const {
  return std::string(tiling.kv_splits > 1 ? "flash decoding " : "flash attention ") +
         std::string(to_string(shape.type));
}

std::optional<AttentionEstimate> estimate_attention(const HardwareSpec& hw,
                                                    const AttentionShape& shape,
                                                    const AttentionTiling& tiling) {
  shape.validate();
  require_attention_parameters(hw);
  std::optional<AttentionEstimate> e = estimate_times(hw, shape, tiling);
  if (e) e->actions = count_actions(shape, geometry(shape), *e);
  return e;
}

AttentionEstimate best_attention(const HardwareSpec& hw, const AttentionShape& shape) {
  shape.validate();
  require_attention_parameters(hw);
  std::optional<AttentionEstimate> best;
  for (AttentionTiling t : candidate_attention_tiles()) {
    for (int split : candidate_kv_splits()) {
      t.kv_splits = split;
      const auto e = estimate_times(hw, shape, t);
      if (e && (!best || e->time_s < best->time_s)) best = e;
    }
  }
  if (!best) {
    throw std::invalid_argument(hw.name + " cannot hold any fused-attention tile of head_dim " +
                                std::to_string(shape.head_dim) + " in shared memory");
  }
  best->actions = count_actions(shape, geometry(shape), *best);
  return *best;
}

}  // namespace lutsim
