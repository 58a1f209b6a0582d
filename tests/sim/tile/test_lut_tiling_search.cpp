// The LUT tiling search (issue 13): every candidate it accepts fits the SM
// and the warp, its choice is the cheapest candidate, register-resident
// tables win where they fit and are refused where they do not, and a lossy
// entry format is searched only where the plan quantized the tables.
#include <catch2/catch.hpp>
#include <limits>
#include <optional>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_model.hpp"
#include "sim/tile/tile_model_tiler.hpp"
#include "tests/support/committed_hardware.hpp"

using namespace lutsim;

namespace {

using test::committed_hardware;

constexpr double kMaxWarpRegisterBytes = 255.0 * 4 * 32;  // 255 registers per thread

// Every tiling the search considers for `k` on `s`, split-K and stream-K
// included (no multicast: the A100 has no clusters), each through estimate_gemm.
template <typename Visit>
void for_each_tiling(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s,
                     Visit&& visit) {
  for (const auto& tiles : {candidate_tiles(), candidate_elongated_tiles()}) {
    for (const ThreadblockTile& t : tiles) {
      for (const WarpTile& w : candidate_lut_warp_tiles()) {
        std::vector<std::pair<TablePlacement, int>> placements{{TablePlacement::kSharedMemory, 1}};
        for (int sweep : candidate_table_sweeps()) {  // at most the N tiles
          if (sweep <= (s.n + t.bn - 1) / t.bn) {
            placements.emplace_back(TablePlacement::kRegisters, sweep);
          }
        }
        for (const auto& [placement, sweep] : placements) {
          for (int split : candidate_split_k()) {
            Tiling tl{t, split, Multicast::kNone, TileSchedule::kDataParallel, w, placement, sweep};
            visit(tl, estimate_gemm(hw, k, s, tl));
          }
          Tiling sk{t, 1, Multicast::kNone, TileSchedule::kStreamK, w, placement, sweep};
          visit(sk, estimate_gemm(hw, k, s, sk));
        }
      }
    }
  }
}

bool fits(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s, const Tiling& tl) {
  const std::int64_t slice = padded_k_slice(k, s, tl);
  const WarpTile w = warp_tile(k, tl);
  return tl.tile.bm % w.m == 0 && tl.tile.bn % w.n == 0 &&
         (tl.tile.bm / w.m) * (tl.tile.bn / w.n) <= 32 &&
         smem_bytes_per_cta(tl.tile, k) <= hw.smem_bytes_per_sm &&
         register_bytes_per_cta(k, tl, slice) <= hw.effective_register_file_bytes_per_sm() &&
         register_bytes_per_warp(k, tl, slice) <= kMaxWarpRegisterBytes;
}

const GemmShape kLlama70bFfnDecode{1, 28672, 8192, 1, DataType::kFp16};
const GemmShape kLlama70bProjectionPrefill{2048, 8192, 8192, 1, DataType::kFp16};

}  // namespace

TEST_CASE("every legal LUT tiling fits the SM and the warp, and the search picks the cheapest",
          "[tile][tiling_search]") {
  const HardwareSpec hw = committed_hardware("a100_lut_4x");
  const GemmKernel k = lut_kernel(hw, 2, DataType::kFp16);
  for (const GemmShape& s : {kLlama70bFfnDecode, kLlama70bProjectionPrefill}) {
    INFO("M " << s.m);
    std::int64_t legal = 0, over_capacity = 0;
    double cheapest = std::numeric_limits<double>::max();
    double slowest = 0.0;
    for_each_tiling(hw, k, s, [&](const Tiling& tl, const std::optional<GemmEstimate>& e) {
      const WarpTile w = warp_tile(k, tl);
      if (!e) {
        over_capacity += tl.tile.bm % w.m == 0 && tl.tile.bn % w.n == 0 && !fits(hw, k, s, tl);
        return;
      }
      REQUIRE(fits(hw, k, s, tl));
      ++legal;
      cheapest = std::min(cheapest, e->time_s);
      slowest = std::max(slowest, e->time_s);
    });
    const GemmSearch search = search_gemm(hw, k, s, [](const Tiling&) { return true; });
    // The search estimates exactly the legal candidates, and chooses the cheapest.
    CHECK(search.legal == legal);
    CHECK(search.best->time_s == cheapest);
    CHECK(search.worst_any->time_s == slowest);
    CHECK(best_gemm(hw, k, s).time_s == cheapest);
    CHECK(over_capacity > 0);  // the space holds candidates the capacities rule out
  }
}

TEST_CASE(
    "register-resident tables win where L2 bounds the GEMM and they fit beside the "
    "accumulators",
    "[tile][tiling_search]") {
  // The committed LUT GPUs feed L2 at 3.5 times their DRAM rate: there the
  // tables' L2 re-reads do not bound a GEMM whose K slice fits a warp's
  // registers (below). With a sixteenth of A100-LUT-4X's L2 bandwidth they do,
  // and holding the tables over several N tiles cuts their L2 bytes.
  const HardwareSpec hw = test::l2_starved_a100_lut_4x();
  const GemmKernel k = lut_kernel(hw, 2, DataType::kFp16);
  const GemmShape s{2048, 8192, 256, 1, DataType::kFp16};
  const GemmEstimate best = best_gemm(hw, k, s);
  CHECK(best.tiling.tables == TablePlacement::kRegisters);
  CHECK(best.tiling.n_sweep > 1);
  const GemmEstimate staged = best_gemm(
      hw, k, s, [](const Tiling& t) { return t.tables == TablePlacement::kSharedMemory; });
  CHECK(staged.bound == GemmBound::kL2);
  CHECK(best.time_s < staged.time_s);
  CHECK(best.actions.l2_bytes < staged.actions.l2_bytes);
}

TEST_CASE("register-resident tables of a long K slice do not fit a warp's registers",
          "[tile][tiling_search]") {
  const HardwareSpec hw = committed_hardware("a100_lut_4x");
  const GemmKernel k = lut_kernel(hw, 2, DataType::kFp16);
  // 16 rows x 8192 K x 4 bytes of tables per activation: 512 KiB for one warp,
  // beside its accumulators and two K steps (of 32) of 128 x 2-bit weights: the
  // registers the lowering allocates (compiler::warp_registers).
  const Tiling whole_k{
      {16, 512, 32, 3},           1, Multicast::kNone, TileSchedule::kDataParallel, {16, 128},
      TablePlacement::kRegisters, 2};
  const double weights = 2.0 * 128 * 32 * 2 / 8;
  CHECK(register_bytes_per_warp(k, whole_k, 8192) == 16.0 * 128 * 4 + 16.0 * 8192 * 4 + weights);
  CHECK_FALSE(estimate_gemm(hw, k, kLlama70bFfnDecode, whole_k));
  // Split 32 ways, a warp holds 16 x 256 x 4 bytes of tables beside 8 KiB of accumulators.
  Tiling split = whole_k;
  split.split_k = 32;
  CHECK(register_bytes_per_warp(k, split, 256) == 16.0 * 128 * 4 + 16.0 * 256 * 4 + weights);
  CHECK(estimate_gemm(hw, k, kLlama70bFfnDecode, split));
  // A 16 x 256 warp's accumulators leave 16 KiB less: the same slice is over 255 registers.
  Tiling wide = split;
  wide.warp = {16, 256};
  CHECK(register_bytes_per_warp(k, wide, 256) > 255.0 * 4 * 32);
  CHECK_FALSE(estimate_gemm(hw, k, kLlama70bFfnDecode, wide));
  // A dense kernel has no tables to hold.
  Tiling dense_regs{{128, 128, 32, 4}};
  dense_regs.tables = TablePlacement::kRegisters;
  CHECK_FALSE(
      estimate_gemm(hw, dense_kernel(hw, DataType::kFp16), kLlama70bProjectionPrefill, dense_regs));
}

TEST_CASE("tables staged through shared memory take the same warp registers at every K slice",
          "[tile][tiling_search]") {
  // The search works a base tiling's warp registers out once for all its
  // split-Ks when its tables are in shared memory; held in registers, each K
  // slice's own.
  const HardwareSpec hw = committed_hardware("a100_lut_4x");
  for (const GemmKernel& k :
       {lut_kernel(hw, 2, DataType::kFp16), lut_kernel(hw, 4, DataType::kInt8),
        dense_kernel(hw, DataType::kFp16)}) {
    for (const auto& tiles : {candidate_tiles(), candidate_elongated_tiles()}) {
      for (const ThreadblockTile& t : tiles) {
        for (const WarpTile& w : {WarpTile{}, WarpTile{16, 64}, WarpTile{32, 256}}) {
          Tiling tl{t};
          tl.warp = w;
          const double one_step = register_bytes_per_warp(k, tl, t.bk * k.k_step_multiplier);
          for (const std::int64_t k_slice : {256, 4096, 28672}) {
            CHECK(register_bytes_per_warp(k, tl, k_slice) == one_step);
          }
          if (!k.register_tables) continue;
          tl.tables = TablePlacement::kRegisters;
          CHECK(register_bytes_per_warp(k, tl, 4096) > register_bytes_per_warp(k, tl, 256));
        }
      }
    }
  }
}

TEST_CASE("INT8 table entries are searched only where the plan quantized the tables",
          "[tile][tiling_search]") {
  const HardwareSpec hw = committed_hardware("a100_lut_4x");
  compiler::TileQuery q{"lin", {1, 28672, 8192, 1}, 2, DataType::kFp16, 2, 64, 4};
  q.table_format = TableEntryFormat::kFp16;
  CHECK(searched_table_formats(hw, q) == std::vector<TableEntryFormat>{TableEntryFormat::kFp16});
  const compiler::TileChoice exact = TileModelTiler(hw).choose(q);
  CHECK(exact.table_format == TableEntryFormat::kFp16);
  q.table_format = TableEntryFormat::kInt8Quantized;
  CHECK(searched_table_formats(hw, q) ==
        std::vector<TableEntryFormat>{TableEntryFormat::kFp16, TableEntryFormat::kInt8Quantized});
  const compiler::TileChoice quantized = TileModelTiler(hw).choose(q);
  // Half the table bytes: the quantized tables are chosen and the GEMM is faster.
  CHECK(quantized.table_format == TableEntryFormat::kInt8Quantized);
  CHECK(quantized.time_s < exact.time_s);
  CHECK(quantized.search.legal > exact.search.legal);
  // INT8 activations: exact integer tables only (core models no other).
  compiler::TileQuery int8 = q;
  int8.activation = DataType::kInt8;
  CHECK(searched_table_formats(hw, int8) ==
        std::vector<TableEntryFormat>{TableEntryFormat::kInteger});
  CHECK_THROWS_WITH(lut_kernel(hw, 2, DataType::kInt8, TableEntryFormat::kInt8Quantized),
                    Catch::Contains("int8_quantized table entries"));
}

TEST_CASE("the tiler chooses the cheapest lowerable tiling and reports the best and worst legal",
          "[tile][tiling_search]") {
  const HardwareSpec hw = committed_hardware("a100_lut_4x");
  compiler::TileQuery q{"lin", {2048, 8192, 8192, 1}, 2, DataType::kFp16, 2, 64, 4};
  const compiler::TileChoice c = TileModelTiler(hw).choose(q);
  const GemmKernel k = lut_kernel(hw, 2, DataType::kFp16);
  const GemmSearch s =
      search_gemm(hw, k, kLlama70bProjectionPrefill, [](const Tiling&) { return true; });
  // Either residency is lowered: every legal tiling (of whole array tiles) is lowerable.
  CHECK(c.residency == compiler::TableResidency::kSharedMemory);
  CHECK(c.time_s == s.best->time_s);
  CHECK(c.search.exhaustive);
  CHECK(c.search.legal == s.legal);
  CHECK(c.search.lowerable == s.legal);
  CHECK(c.search.best_legal.time_s == s.best_any->time_s);
  CHECK(c.search.worst_legal.time_s == s.worst_any->time_s);
  CHECK(c.search.best_legal.time_s <= c.time_s);
  CHECK(c.search.worst_legal.time_s > c.time_s);
  CHECK(c.warp_m % 2 == 0);
  CHECK(c.warp_n % 64 == 0);
  // Asked for one residency, the tiler keeps to it.
  q.residency = compiler::TableResidency::kRegisters;
  const compiler::TileChoice r = TileModelTiler(hw).choose(q);
  const GemmSearch in_registers =
      search_gemm(hw, k, kLlama70bProjectionPrefill,
                  [](const Tiling& t) { return t.tables == TablePlacement::kRegisters; });
  CHECK(r.residency == compiler::TableResidency::kRegisters);
  CHECK(r.time_s == in_registers.best->time_s);
  CHECK(r.search.lowerable == in_registers.allowed_legal);
  CHECK(r.time_s > c.time_s);
}
