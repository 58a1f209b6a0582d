// SubCoreGemmTimer: a GEMM's compute term from its warp tile on the
// sub-core, for `lutsim model --engine systemc`, and with_compute_time, the
// tile model's recombination of its terms.
#include <catch2/catch.hpp>

#include "sim/systemc/subcore/sub_core_gemm_timer.hpp"
#include "tests/support/committed_hardware.hpp"

namespace lutsim::systemc {

// Llama-2-70B o_proj, 2048 tokens, 2-bit weights on A100-LUT-4X: the tile
// model's 64 x 512 x 32 CTA tiles (32 x 16 = 512 CTAs, 5 on the busiest of
// 108 SMs) hold 4 x 2 warp tiles of 16 x 256 each: 40 warp tiles over 4
// partitions, 10 each, of 32992 cycles (docs/systemc.md), at 1.41 GHz.
TEST_CASE("SubCoreGemmTimer: warp tiles per partition x the warp tile's cycles",
          "[systemc][subcore]") {
  const HardwareSpec hw = load_hardware("configs/hw/a100_lut_4x.yaml");
  const GemmKernel kernel = lut_kernel(hw, 2, DataType::kFp16);
  const GemmShape shape{2048, 8192, 8192, 1, DataType::kFp16};
  const GemmEstimate tile = best_gemm(hw, kernel, shape);
  REQUIRE(tile.tiling.tile.bm == 64);
  REQUIRE(tile.tiling.tile.bn == 512);
  REQUIRE(tile.ctas == 512);
  SubCoreGemmTimer timer(hw);
  const SubCoreGemmFigure& f = timer.figure(kernel, shape, 2, DataType::kFp16, tile);
  CHECK(f.run.result.cycles == 32992);
  CHECK(f.warp_tiles_per_cta == 8);
  CHECK(f.warp_tiles_per_partition == 10);
  CHECK(f.compute_s == Approx(10 * 32992 / 1.41e9));
  timer.figure(kernel, shape, 2, DataType::kFp16, tile);
  CHECK(timer.simulated() == 1);  // cached by kernel and shape

  // The tile model's own compute term gives its own time back; the sub-core's
  // replaces it and the time is combined again.
  CHECK(with_compute_time(hw, tile, tile.compute_s).time_s == Approx(tile.time_s));
  const GemmEstimate slow = with_compute_time(hw, tile, 10 * tile.compute_s);
  CHECK(slow.bound == GemmBound::kCompute);
  CHECK(slow.time_s > 9 * tile.compute_s);

  std::string why;
  CHECK_FALSE(sub_core_kernel(dequant_kernel(hw, 4, DataType::kFp16), &why));
  CHECK(why == "dequantization kernels have no sub-core warp program");
  CHECK_FALSE(sub_core_kernel(dense_kernel(hw, DataType::kBf16), &why));
  CHECK_THAT(why, Catch::Contains("mma.sync in bf16 has no golden numerics"));
  CHECK(sub_core_kernel(dense_kernel(hw, DataType::kInt8), nullptr) == WarpKernel::kMma);
  CHECK_THROWS_WITH(
      timer.figure(kernel, {2048, 8192, 8192, 2, DataType::kFp16}, 2, DataType::kFp16, tile),
      Catch::Contains("a batched GEMM (batch 2)"));
}

}  // namespace lutsim::systemc

namespace lutsim::systemc {

// Under stream-K the busiest SM computes its equal share of all tiles' k-steps,
// not ceil(tiles / SMs) whole tiles: H100 FP16 1575 x 2688 x 15744, 143 tiles
// of 128 x 256 (K 15744 in 492 steps of 32) on 132 SMs: ceil(143 x 492 / 132)
// = 533 steps = 1.0833 tiles, x 8 warp tiles of 64 x 64 over 4 partitions:
// ceil(2.167) = 3 warp tiles each (4 under waves).
TEST_CASE("SubCoreGemmTimer: a stream-K estimate's share of tiles per SM", "[systemc][subcore]") {
  const HardwareSpec hw = load_hardware("configs/hw/h100_sxm.yaml");
  const GemmKernel kernel = dense_kernel(hw, DataType::kFp16);
  const GemmShape shape{1575, 2688, 15744, 1, DataType::kFp16};
  const GemmEstimate tile = best_gemm(hw, kernel, shape);
  REQUIRE(tile.tiling.schedule == TileSchedule::kStreamK);
  REQUIRE(tile.tiling.tile.bm == 128);
  REQUIRE(tile.tiling.tile.bn == 256);
  REQUIRE(tile.ctas == 143);
  SubCoreGemmTimer timer(hw);
  const SubCoreGemmFigure& f = timer.figure(kernel, shape, 16, DataType::kFp16, tile);
  REQUIRE(f.warp_tiles_per_cta == 8);
  CHECK(f.warp_tiles_per_partition == 3);
  CHECK(f.compute_s == Approx(3.0 * f.run.result.cycles / hw.sm_clock_hz));
}

}  // namespace lutsim::systemc

namespace lutsim::systemc {

// Tables held in registers (a GEMM whose tables' L2 re-reads bound it: the
// A100-LUT-4X of tests/sim/tile/test_lut_tiling_search.cpp with a sixteenth
// of its L2 bandwidth, K = 256): the warp program computes the tiling's
// n_sweep warp tiles along N with one load of its tables and counts once per
// n_sweep warp tiles. (Its values: tests/compiler/lowering, "tables held in
// registers over an N sweep, bit-exact"; this sweep's 32 tiles do not all
// fit one warp's shared memory, so they are not checked here.)
TEST_CASE("SubCoreGemmTimer: a tiling with tables in registers runs its N sweep",
          "[systemc][subcore]") {
  const HardwareSpec hw = test::l2_starved_a100_lut_4x();
  const GemmKernel kernel = lut_kernel(hw, 2, DataType::kFp16);
  const GemmShape shape{2048, 8192, 256, 1, DataType::kFp16};
  const GemmEstimate tile = best_gemm(hw, kernel, shape);
  REQUIRE(tile.tiling.tables == TablePlacement::kRegisters);
  REQUIRE(tile.tiling.n_sweep > 1);
  REQUIRE(tile.tiling.schedule != TileSchedule::kStreamK);

  const GemmWarpRun run = run_gemm_warp_tile(hw, sub_core_config(hw),
                                             {.m = shape.m, .n = shape.n, .k = shape.k});
  CHECK(run.tables == TablePlacement::kRegisters);
  CHECK(run.n_sweep == tile.tiling.n_sweep);
  CHECK(run.warp_macs() == 1.0 * run.warp_m * run.warp_n * shape.k * tile.tiling.n_sweep);
  // 32 warp tiles of 16 x 128 with K = 256 (8 lmma steps each): 16384 cycles of
  // lookups, and per tile its weights loaded and its accumulators loaded and
  // stored back through shared memory (docs/systemc.md, "Sub-core throughput
  // against the tile model").
  CHECK(run.n_sweep == 32);
  CHECK(run.result.cycles == 21366);
  CHECK(run.result.unit_busy_cycles[static_cast<std::size_t>(Unit::kLut)] == 16384);
  CHECK(run.sm_macs_per_cycle(hw.tensor_cores_per_sm) / run.tile_model_macs_per_cycle_per_sm ==
        Approx(0.767).margin(0.001));

  SubCoreGemmTimer timer(hw);
  const SubCoreGemmFigure& f = timer.figure(kernel, shape, 2, DataType::kFp16, tile);
  CHECK(f.run.result.cycles == run.result.cycles);
  const ThreadblockTile& t = tile.tiling.tile;
  CHECK(f.warp_tiles_per_cta == (t.bm / f.run.warp_m) * (t.bn / f.run.warp_n));
  const std::int64_t ctas_per_sm = (tile.ctas + hw.sm_count - 1) / hw.sm_count;
  CHECK(f.warp_tiles_per_partition ==
        (ctas_per_sm * f.warp_tiles_per_cta + hw.tensor_cores_per_sm - 1) /
            hw.tensor_cores_per_sm);
  CHECK(f.compute_s == Approx(1.0 * f.warp_tiles_per_partition * f.run.result.cycles /
                              hw.sm_clock_hz));
}

}  // namespace lutsim::systemc
