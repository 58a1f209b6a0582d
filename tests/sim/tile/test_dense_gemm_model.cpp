#include <catch2/catch.hpp>

#include "sim/tile/gemm_model.hpp"

using namespace lutsim;

namespace {

HardwareSpec a100() {
  return load_hardware("configs/hw/a100_sxm4_80gb.yaml");
}

double peak_fma_per_s(const HardwareSpec& h) {
  return h.fp16_fma_per_cycle_per_sm * h.sm_count * h.sm_clock_hz;
}

}  // namespace

TEST_CASE("a large square GEMM runs at the achieved tensor rate", "[tile]") {
  const HardwareSpec h = a100();
  const GemmShape s{8192, 8192, 8192, 1, DataType::kFp16};
  const GemmEstimate e = best_dense_gemm(h, s);
  CHECK(e.bound == GemmBound::kCompute);
  const double ideal = s.flops() / 2.0 / (peak_fma_per_s(h) * h.calibration.tensor_efficiency);
  CHECK(e.time_s >= ideal);
  CHECK(e.time_s <= 1.10 * ideal);  // wave tail, CTA latency, fixed time
}

TEST_CASE("a GEMV streams the weights at the achieved DRAM bandwidth", "[tile]") {
  const HardwareSpec h = a100();
  const GemmShape s{1, 16384, 16384, 1, DataType::kFp16};
  const GemmEstimate e = best_dense_gemm(h, s);
  CHECK(e.bound == GemmBound::kDram);
  const double stream =
      2.0 * 16384 * 16384 / (h.dram_bw_bytes_per_s * h.calibration.dram_efficiency);
  CHECK(e.time_s >= stream);
  CHECK(e.time_s <= 1.05 * stream);
}

TEST_CASE("one tiling: CTAs and waves follow the tile grid", "[tile]") {
  const HardwareSpec h = a100();
  // 12 x 9 tiles of 128 x 128 = 108 CTAs: one per SM.
  const GemmShape s{128 * 12, 128 * 9, 4096, 1, DataType::kFp16};
  const auto e = estimate_dense_gemm(h, s, {{128, 128, 32, 4}, 1});
  REQUIRE(e.has_value());
  CHECK(e->ctas == 108);
  CHECK(e->waves == 1);
  const auto split = estimate_dense_gemm(h, s, {{128, 128, 32, 4}, 4});
  REQUIRE(split.has_value());
  CHECK(split->ctas == 432);
  CHECK(split->dram_bytes > e->dram_bytes);  // FP32 partial sums go through memory
  // Split-K slices shorter than two K steps are not offered.
  CHECK_FALSE(estimate_dense_gemm(h, {128, 128, 64, 1, DataType::kFp16}, {{128, 128, 32, 4}, 2}));
}

TEST_CASE("INT8 doubles the compute-bound rate and FP8 needs FP8 tensor cores", "[tile]") {
  const HardwareSpec h = a100();
  const double fp16 = best_dense_gemm(h, {8192, 8192, 8192, 1, DataType::kFp16}).time_s;
  const double int8 = best_dense_gemm(h, {8192, 8192, 8192, 1, DataType::kInt8}).time_s;
  CHECK(int8 == Approx(fp16 / 2).epsilon(0.05));
  CHECK_THROWS_WITH(best_dense_gemm(h, {64, 64, 64, 1, DataType::kFp8E4M3}),
                    "A100-SXM4-80GB has no fp8_e4m3 tensor cores");
  CHECK_THROWS_AS(best_dense_gemm(h, {0, 64, 64, 1, DataType::kFp16}), std::invalid_argument);
}

TEST_CASE("batched GEMMs cost as many instances", "[tile]") {
  const HardwareSpec h = a100();
  const double one = best_dense_gemm(h, {4096, 4096, 4096, 1, DataType::kFp16}).time_s;
  const double eight = best_dense_gemm(h, {4096, 4096, 4096, 8, DataType::kFp16}).time_s;
  CHECK(eight == Approx(8 * one).epsilon(0.08));
}

TEST_CASE("clusters sharing an operand tile read it from L2 once (Hopper multicast)", "[tile]") {
  const HardwareSpec h = load_hardware("configs/hw/h100_sxm.yaml");
  REQUIRE(h.cluster_multicast_ctas == 2);
  // 8 x 16 tiles of 256 x 128: A is read by the 16 CTAs of a row, B by the 8 of a column.
  const GemmShape s{256 * 8, 128 * 16, 8192, 1, DataType::kFp16};
  const ThreadblockTile t{256, 128, 32, 3};
  const auto none = estimate_dense_gemm(h, s, {t, 1, Multicast::kNone});
  const auto a = estimate_dense_gemm(h, s, {t, 1, Multicast::kA});
  const auto b = estimate_dense_gemm(h, s, {t, 1, Multicast::kB});
  REQUIRE((none && a && b));
  // Per CTA and K step: A 256 x 2 bytes, B 128 x 2 bytes; sharing halves one of them.
  CHECK(a->l2_s == Approx(none->l2_s * (128.0 + 128.0) / (256.0 + 128.0)));
  CHECK(b->l2_s == Approx(none->l2_s * (256.0 + 64.0) / (256.0 + 128.0)));
  CHECK(a->dram_bytes == none->dram_bytes);  // DRAM traffic is unchanged
  // The search takes the cheaper sharing; a GPU without clusters never shares.
  CHECK(best_dense_gemm(h, s).tiling.multicast != Multicast::kNone);
  CHECK(best_dense_gemm(a100(), s).tiling.multicast == Multicast::kNone);
  // A grid one CTA wide along N has no neighbour to share A with.
  const auto narrow =
      estimate_dense_gemm(h, {256 * 8, 128, 8192, 1, DataType::kFp16}, {t, 1, Multicast::kA});
  const auto narrow_none =
      estimate_dense_gemm(h, {256 * 8, 128, 8192, 1, DataType::kFp16}, {t, 1, Multicast::kNone});
  REQUIRE((narrow && narrow_none));
  CHECK(narrow->l2_s == Approx(narrow_none->l2_s));
}

TEST_CASE("a power-limited GPU bounds a kernel's average tensor rate, not each SM's", "[tile]") {
  const HardwareSpec h = load_hardware("configs/hw/h100_sxm.yaml");
  REQUIRE(h.power_limit);
  REQUIRE(!a100().power_limit);
  const ThreadblockTile t{256, 128, 32, 3};
  const double macs = 256.0 * 128 * 8192;  // one CTA's main loop
  const double clock_limited_s = macs / (2048 * 0.80) / 1.83e9;
  // 132 CTAs, one per SM: the whole grid's MACs at 3.64e14 FMA/s (FP16) take
  // longer than one CTA at the clock-limited 2048 x 0.80 FMA/cycle at 1.83 GHz;
  // smem needs 131072 cycles, fewer.
  const auto full = estimate_dense_gemm(h, {256 * 132, 128, 8192, 1, DataType::kFp16}, {t, 1});
  REQUIRE(full);
  CHECK(full->compute_s == Approx(macs * 132 / 3.64e14 + 1.5e-6));
  // FP8 has its own sustained rate (6.85e14 FMA/s, below 4096 x 0.80 per cycle).
  const auto fp8 = estimate_dense_gemm(h, {256 * 132, 128, 8192, 1, DataType::kFp8E4M3}, {t, 1});
  REQUIRE(fp8);
  CHECK(fp8->compute_s == Approx(macs * 132 / 6.85e14 + 1.5e-6));
  // 33 CTAs on 33 SMs stay under the power limit: the clock-limited rate.
  const auto few = estimate_dense_gemm(h, {256 * 33, 128, 8192, 1, DataType::kFp16}, {t, 1});
  REQUIRE(few);
  CHECK(few->compute_s == Approx(clock_limited_s + 1.5e-6));
  // 133 CTAs: one SM runs two back to back while the others idle half the
  // time, so the grid's average rate (133 x macs / 179 us) stays under the
  // limit and the two (co-resident: one CTA latency) run at the clock-limited rate.
  const auto tail = estimate_dense_gemm(h, {256 * 133, 128, 8192, 1, DataType::kFp16}, {t, 1});
  REQUIRE(tail);
  REQUIRE(tail->ctas_per_sm == 2);
  REQUIRE(133 * macs / 3.64e14 < 2 * clock_limited_s);
  CHECK(tail->compute_s == Approx(2 * clock_limited_s + 1.5e-6));
}

TEST_CASE("the power limit counts the GEMM's own MACs, not its tiles' zero padding", "[tile]") {
  const HardwareSpec h = load_hardware("configs/hw/h100_sxm.yaml");
  const ThreadblockTile t{256, 128, 32, 3};
  // M = 132 x 256 - 200 leaves the last tile row 56 rows of 256: still 132 CTAs,
  // one per SM, each its 256 x 128 x 8192 main loop at the clock-limited rate;
  // the power limit bounds the 33592 x 128 x 8192 MACs that are the GEMM's.
  const std::int64_t m = 256 * 132 - 200;
  const auto e = estimate_dense_gemm(h, {m, 128, 8192, 1, DataType::kFp16}, {t, 1});
  REQUIRE(e);
  REQUIRE(e->ctas == 132);
  const double own_s = static_cast<double>(m) * 128 * 8192 / 3.64e14;
  const double padded_s = 256.0 * 132 * 128 * 8192 / 3.64e14;  // before: the tiles' MACs
  const double clock_limited_s = 256.0 * 128 * 8192 / (2048 * 0.80) / 1.83e9;
  REQUIRE(own_s > clock_limited_s);
  CHECK(e->compute_s == Approx(own_s + 1.5e-6));
  CHECK(e->compute_s != Approx(padded_s + 1.5e-6));  // 0.6% apart
  // Stream-K over twice the columns: 264 tiles, each SM two tiles' steps, no
  // tile split; the power bound on the GEMM's own MACs, one CTA latency.
  const auto sk = estimate_dense_gemm(h, {m, 256, 8192, 1, DataType::kFp16},
                                      {t, 1, Multicast::kNone, TileSchedule::kStreamK});
  REQUIRE(sk);
  REQUIRE(sk->partial_tiles == 0);
  CHECK(sk->compute_s == Approx(2 * own_s + 1.5e-6));
}

TEST_CASE("a short main loop waits on DRAM latency its pipeline stages cannot hide", "[tile]") {
  const HardwareSpec h = load_hardware("configs/hw/h100_sxm.yaml");
  REQUIRE(h.dram_latency_s == 3.5e-7);
  REQUIRE(a100().dram_latency_s == 0.0);
  const ThreadblockTile t{32, 32, 64, 4};
  // K 1024 in 64-deep steps: 16 steps; the first waits one round trip, the
  // other 15 arrive 3 (stages - 1) to a round trip: 3.5e-7 x (1 + 15 / 3).
  const auto e = estimate_dense_gemm(h, {64, 256, 1024, 1, DataType::kFp16}, {t, 1});
  REQUIRE(e);
  REQUIRE(e->ctas == 16);
  CHECK(e->compute_s == Approx(3.5e-7 * 6 + 1.5e-6));
  // Split in two, each slice has 8 steps: 3.5e-7 x (1 + 7 / 3).
  const auto split = estimate_dense_gemm(h, {64, 256, 1024, 1, DataType::kFp16}, {t, 2});
  REQUIRE(split);
  CHECK(split->compute_s == Approx(3.5e-7 * (1.0 + 7.0 / 3.0) + 1.5e-6));
  // Without a configured latency only the MAC rate bounds the loop (A100).
  const auto a = estimate_dense_gemm(a100(), {64, 256, 1024, 1, DataType::kFp16}, {t, 1});
  REQUIRE(a);
  CHECK(a->compute_s < 3.5e-7 * 6 + a100().calibration.cta_latency_s);
}

TEST_CASE("stream-K deals every SM an equal share of all tiles' main-loop steps", "[tile]") {
  HardwareSpec h = a100();  // no power limit, no latency floor: the MAC rate alone
  REQUIRE_FALSE(h.stream_k);
  const ThreadblockTile t{128, 256, 32, 3};
  // 109 tiles of 128 x 256 on 108 SMs, 128 k-steps each.
  const GemmShape s{128 * 109, 256, 4096, 1, DataType::kFp16};
  const Tiling stream_k{t, 1, Multicast::kNone, TileSchedule::kStreamK};
  CHECK_FALSE(estimate_dense_gemm(h, s, stream_k));  // the library has no such kernels
  h.stream_k = true;
  const auto e = estimate_dense_gemm(h, s, stream_k);
  REQUIRE(e);
  const double step_s = 128.0 * 256 * 32 / (1024 * h.calibration.tensor_efficiency) / h.sm_clock_hz;
  const double latency = h.calibration.cta_latency_s;
  // 109 x 128 = 13952 steps, 130 per SM; of the 107 boundaries between SMs'
  // shares (130, 260, ..., 13910) only 64 x 130 = 65 x 128 falls between tiles:
  // 106 tiles are summed from partials, with one more CTA latency for that fix-up.
  CHECK(e->ctas == 109);
  CHECK(e->waves == 1);
  CHECK(e->partial_tiles == 106);
  CHECK(e->compute_s == Approx(130 * step_s + 2 * latency));
  const double operands = (128.0 * 109 * 4096 + 256.0 * 4096) * 2;
  CHECK(e->dram_bytes == Approx(operands + 128.0 * 109 * 256 * 2 + 106.0 * 128 * 256 * 8));
  const auto dp = estimate_dense_gemm(h, s, {t, 1});
  REQUIRE(dp);
  // Data parallel, the 109th tile shares an SM with another (two fit at once).
  REQUIRE(dp->ctas_per_sm == 2);
  CHECK(dp->waves == 1);
  CHECK(dp->partial_tiles == 0);
  CHECK(dp->compute_s == Approx(2 * 128 * step_s + latency));
  // With no more tiles than SMs there is no tail to balance: not offered.
  CHECK_FALSE(estimate_dense_gemm(h, {128 * 108, 256, 4096, 1, DataType::kFp16}, stream_k));
  CHECK_FALSE(estimate_dense_gemm(h, s, {t, 2, Multicast::kNone, TileSchedule::kStreamK}));
  // The search takes it where it is faster.
  CHECK(best_dense_gemm(h, s).tiling.schedule == TileSchedule::kStreamK);
}
