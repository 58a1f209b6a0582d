// The pruned tiling search (issue 15: sweep throughput): its lower bound holds
// for every candidate, and it chooses exactly what the exhaustive search
// chooses (time and tiling, ties included) on the committed models' GEMMs, the
// sweep bench's and a grid of shapes x kernels x GPUs.
#include <catch2/catch.hpp>

#include <optional>
#include <set>
#include <tuple>
#include <vector>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_model.hpp"
#include "sim/tile/tile_model_tiler.hpp"
#include "tests/support/committed_hardware.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;

namespace {

using test::committed_hardware;

bool same_tiling(const Tiling& a, const Tiling& b) {
  return a.tile.bm == b.tile.bm && a.tile.bn == b.tile.bn && a.tile.bk == b.tile.bk &&
         a.tile.stages == b.tile.stages && a.split_k == b.split_k && a.multicast == b.multicast &&
         a.schedule == b.schedule && a.warp.m == b.warp.m && a.warp.n == b.warp.n &&
         a.tables == b.tables && a.n_sweep == b.n_sweep;
}

void check_same(const std::optional<GemmEstimate>& pruned,
                const std::optional<GemmEstimate>& full) {
  REQUIRE(pruned.has_value() == full.has_value());
  if (!full) return;
  CHECK(pruned->time_s == full->time_s);
  CHECK(same_tiling(pruned->tiling, full->tiling));
  CHECK(pruned->actions.dram_bytes == full->actions.dram_bytes);
}

// A GEMM of a forward pass and the kernel that runs it.
struct SearchedGemm {
  GemmShape shape;
  GemmKernel kernel;
};

// The distinct GEMMs of every committed model's prefill (2048 tokens) and
// decode (batch 1 and 16, 2048 cached) with W2A16 linears: the low-bit
// linears on the LUT kernel (where `hw` has LUT tensor cores), the FP16 ones
// and the attention GEMMs on dense FP16 MMA.
std::vector<SearchedGemm> committed_gemms(const HardwareSpec& hw) {
  const ModelCatalog catalog("configs");
  std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t, bool>> seen;
  std::vector<SearchedGemm> out;
  for (const std::string& name : catalog.names()) {
    const ModelSpec model = catalog.load(name);
    for (const auto& [phase, batch] : {std::pair{Phase::kPrefill, 1}, std::pair{Phase::kDecode, 1},
                                       std::pair{Phase::kDecode, 16}}) {
      TraceRequest r;
      r.phase = phase;
      r.batch = batch;
      r.seq_len = 2048;
      r.kv_len = 2048;
      r.weight_bits = 2;
      for (const TraceOp& op : make_trace(model, r).ops) {
        if (op.m <= 0 || op.n <= 0 || op.k <= 0) continue;  // not a GEMM
        const bool lut = op.kind == OpKind::kLinear && op.weight_bits < 16;
        if (lut && !hw.lut_tensor_core) continue;
        if (!seen.insert({op.m, op.n, op.k, op.batch, lut}).second) continue;
        const GemmShape shape{op.m, op.n, op.k, op.batch, DataType::kFp16};
        out.push_back({shape, lut ? lut_kernel(hw, 2, DataType::kFp16)
                                  : dense_kernel(hw, DataType::kFp16)});
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("the tiling search's lower bound is at most every candidate's time",
          "[tile][tiling_search]") {
  // A Hopper config (clusters, stream-K) and an Ampere one; decode, prefill
  // and an unaligned K (the fallback kernels' floor).
  for (const char* name : {"a100_lut_4x", "h100_lut_8x"}) {
    const HardwareSpec hw = committed_hardware(name);
    const GemmKernel k = lut_kernel(hw, 2, DataType::kFp16);
    for (const GemmShape& s : {GemmShape{1, 28672, 8192, 1, DataType::kFp16},
                               GemmShape{2048, 8192, 8192, 1, DataType::kFp16},
                               GemmShape{16, 4100, 4092, 1, DataType::kFp16}}) {
      INFO(name << " M " << s.m << " N " << s.n << " K " << s.k);
      std::int64_t legal = 0, tight = 0, split_tight = 0;
      const auto allowed = [&](const Tiling& base) {
        const double bound = tiling_time_lower_bound(hw, k, s, base);
        Tiling tl = base;
        auto check = [&] {
          for (const Multicast m : {Multicast::kNone, Multicast::kA, Multicast::kB}) {
            tl.multicast = m;
            const auto e = estimate_gemm(hw, k, s, tl);
            if (!e || (m != Multicast::kNone && hw.cluster_multicast_ctas < 2)) continue;
            ++legal;
            CHECK(e->time_s >= bound);
            tight += e->time_s < 1.5 * bound;
            if (tl.schedule == TileSchedule::kDataParallel) {
              const double split_bound = split_time_lower_bound(hw, k, s, tl);
              CHECK(e->time_s >= split_bound);
              CHECK(split_bound >= bound);
              split_tight += e->time_s < 1.1 * split_bound;
            }
          }
        };
        for (const int split : candidate_split_k()) {
          tl.split_k = split;
          check();
        }
        tl.split_k = 1;
        tl.schedule = TileSchedule::kStreamK;
        check();
        return true;
      };
      search_gemm(hw, k, s, allowed);  // every base tiling, through `allowed`
      CHECK(legal > 100);
      CHECK(tight > 0);  // the bound is close for some candidates: it prunes
      CHECK(split_tight > 0);
    }
  }
}

TEST_CASE("the pruned tiling search chooses exactly the exhaustive search's tiling on the "
          "committed models' GEMMs",
          "[tile][tiling_search][exhaustive]") {
  const auto all = [](const Tiling&) { return true; };
  for (const char* name : {"a100_lut_4x", "a100_lut_8x", "h100_lut_4x", "h100_lut_8x", "h100_sxm"}) {
    const HardwareSpec hw = committed_hardware(name);
    std::int64_t full_estimated = 0, pruned_estimated = 0;
    const std::vector<SearchedGemm> gemms = committed_gemms(hw);
    CHECK(gemms.size() > 20);
    for (const SearchedGemm& g : gemms) {
      INFO(name << " " << g.kernel.name << " M " << g.shape.m << " N " << g.shape.n << " K "
                << g.shape.k << " batch " << g.shape.batch);
      // Everything, and the tilings a lowering of whole 2 x 64 x 4 array tiles emits.
      compiler::TileQuery query{"gemm", {g.shape.m, g.shape.n, g.shape.k, 1}, 2,
                                DataType::kFp16, 2, 64, 4};
      const auto lowerable_only = [&](const Tiling& t) { return lowerable(g.kernel, t, query); };
      for (const std::function<bool(const Tiling&)>& allowed :
           {std::function<bool(const Tiling&)>(all),
            std::function<bool(const Tiling&)>(lowerable_only)}) {
        const GemmSearch full = search_gemm(hw, g.kernel, g.shape, allowed, SearchExtent::kFull);
        const GemmSearch pruned =
            search_gemm(hw, g.kernel, g.shape, allowed, SearchExtent::kFastest);
        check_same(pruned.best, full.best);
        check_same(pruned.best_any, full.best_any);
        CHECK(pruned.any_allowed == full.any_allowed);
        CHECK(full.exhaustive);
        CHECK_FALSE(pruned.exhaustive);
        CHECK_FALSE(pruned.worst_any);
        CHECK(pruned.legal <= full.legal);
        full_estimated += full.legal;
        pruned_estimated += pruned.legal;
      }
      if (g.kernel.family == KernelFamily::kLut) {
        query.full_search = false;
        const compiler::TileChoice fast = TileModelTiler(hw).choose(query);
        query.full_search = true;
        const compiler::TileChoice every = TileModelTiler(hw).choose(query);
        CHECK(fast.time_s == every.time_s);
        CHECK(compiler::tiling_text(fast) == compiler::tiling_text(every));
        CHECK(fast.search.best_legal.tiling == every.search.best_legal.tiling);
        CHECK_FALSE(fast.search.exhaustive);
        CHECK(fast.search.worst_legal.tiling.empty());
        CHECK(every.search.exhaustive);
      }
    }
    // The bound skips a third of the candidates or more (A100: three quarters).
    INFO(name << ": " << pruned_estimated << " of " << full_estimated << " estimated");
    CHECK(pruned_estimated * 3 < full_estimated * 2);
  }
}

TEST_CASE("the pruned tiling search chooses exactly the exhaustive search's tiling on the "
          "sweep benchmark's GEMMs",
          "[tile][tiling_search][exhaustive]") {
  // bench/sweep_bench.cpp's design_point_gemm: M16 x N x K, W2A16, A100-LUT-4X.
  const auto all = [](const Tiling&) { return true; };
  const HardwareSpec hw = committed_hardware("a100_lut_4x");
  const GemmKernel k = lut_kernel(hw, 2, DataType::kFp16);
  std::int64_t full_estimated = 0, pruned_estimated = 0;
  for (std::int64_t n = 256; n <= 4096; n += 256) {
    for (std::int64_t kk = 512; kk <= 8192; kk += 512) {
      INFO("M 16 N " << n << " K " << kk);
      const GemmShape shape{16, n, kk, 1, DataType::kFp16};
      const GemmSearch full = search_gemm(hw, k, shape, all, SearchExtent::kFull);
      const GemmSearch pruned = search_gemm(hw, k, shape, all, SearchExtent::kFastest);
      check_same(pruned.best, full.best);
      check_same(pruned.best_any, full.best_any);
      full_estimated += full.legal;
      pruned_estimated += pruned.legal;
    }
  }
  // The bounds estimate about a third of the legal tilings (93,547 of 268,007).
  INFO(pruned_estimated << " of " << full_estimated << " estimated");
  CHECK(pruned_estimated * 5 < full_estimated * 2);
}

namespace {

// The kernels a GPU runs: dense FP16 MMA, 4-bit dequantization and, with LUT
// tensor cores, LUT kernels of 1, 2 and 4 bits (FP16 tables) and 2 bits with
// INT8 activations.
std::vector<GemmKernel> searched_kernels(const HardwareSpec& hw) {
  std::vector<GemmKernel> out{dense_kernel(hw, DataType::kFp16),
                              dequant_kernel(hw, 4, DataType::kFp16)};
  if (!hw.lut_tensor_core) return out;
  for (const int bits : {1, 2, 4}) out.push_back(lut_kernel(hw, bits, DataType::kFp16));
  out.push_back(lut_kernel(hw, 2, DataType::kInt8));
  return out;
}

// What the chosen tilings of a set of searches cover.
struct ChosenKinds {
  int split_k = 0;
  int stream_k = 0;
  int register_tables = 0;
  int multicast = 0;

  void add(const Tiling& t) {
    split_k += t.split_k > 1;
    stream_k += t.schedule == TileSchedule::kStreamK;
    register_tables += t.tables == TablePlacement::kRegisters;
    multicast += t.multicast != Multicast::kNone;
  }
};

}  // namespace

TEST_CASE("the pruned tiling search chooses exactly the exhaustive search's tiling for every "
          "kernel family on six GPUs",
          "[tile][tiling_search][exhaustive]") {
  // Ampere and Hopper, LUT designs with and without the doubled register file,
  // a GPU without LUT tensor cores and an L2-starved one (tables in
  // registers); every tiling, and only tiles of up to 64 rows (the fastest
  // allowed tiling differs from the fastest one).
  std::vector<std::pair<std::string, HardwareSpec>> gpus;
  for (const char* name : {"a100_lut_4x", "a100_lut_8x_dreg", "h100_lut_8x", "h100_lut_4x_dreg",
                           "h100_sxm"}) {
    gpus.emplace_back(name, committed_hardware(name));
  }
  gpus.emplace_back("l2-starved a100_lut_4x", test::l2_starved_a100_lut_4x());
  const auto all = [](const Tiling&) { return true; };
  const auto short_tiles = [](const Tiling& t) { return t.tile.bm <= 64; };
  ChosenKinds chosen;
  for (const auto& [name, hw] : gpus) {
    for (const GemmKernel& k : searched_kernels(hw)) {
      for (const std::int64_t m : {1, 16, 33, 256, 4096}) {
        for (const std::int64_t n : {64, 1000, 4096, 28672}) {
          for (const std::int64_t kk : {64, 1024, 4100, 8192}) {
            INFO(name << " " << k.name << " M " << m << " N " << n << " K " << kk);
            const GemmShape shape{m, n, kk, m == 1 ? 4 : 1, DataType::kFp16};
            for (const std::function<bool(const Tiling&)>& allowed :
                 {std::function<bool(const Tiling&)>(all),
                  std::function<bool(const Tiling&)>(short_tiles)}) {
              const GemmSearch full = search_gemm(hw, k, shape, allowed, SearchExtent::kFull);
              const GemmSearch pruned =
                  search_gemm(hw, k, shape, allowed, SearchExtent::kFastest);
              check_same(pruned.best, full.best);
              check_same(pruned.best_any, full.best_any);
              CHECK(pruned.any_allowed == full.any_allowed);
              CHECK(pruned.legal <= full.legal);
              if (full.best) chosen.add(full.best->tiling);
            }
          }
        }
      }
    }
  }
  // The set reaches every kind of schedule the pruning treats apart.
  CHECK(chosen.split_k > 0);
  CHECK(chosen.stream_k > 0);
  CHECK(chosen.register_tables > 0);
  CHECK(chosen.multicast > 0);
}

TEST_CASE("the pruned tiling search tells GPUs and kernels apart by every field and not by name",
          "[tile][tiling_search]") {
  // The pruned search keeps each GPU's and kernel's base tilings between
  // searches. A GPU that differs from one searched before only in its register
  // file, under the same name, runs other tilings, and so does a kernel that
  // may not hold its tables in registers: each must be searched with its own.
  const auto all = [](const Tiling&) { return true; };
  const auto search = [&](const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s) {
    const GemmSearch full = search_gemm(hw, k, s, all, SearchExtent::kFull);
    const GemmSearch pruned = search_gemm(hw, k, s, all, SearchExtent::kFastest);
    REQUIRE(full.best);
    check_same(pruned.best, full.best);
    return *full.best;
  };
  const HardwareSpec a100 = committed_hardware("a100_lut_4x");
  HardwareSpec fewer_registers = a100;
  fewer_registers.register_file_bytes_per_sm /= 4;
  const GemmKernel k = lut_kernel(a100, 2, DataType::kFp16);
  const GemmShape prefill{4096, 8192, 8192, 1, DataType::kFp16};
  std::vector<double> times;
  // Searched with the smaller register file's tilings, A100-LUT-4X would miss its fastest.
  for (const HardwareSpec& hw : {fewer_registers, a100, fewer_registers}) {
    REQUIRE(hw.name == a100.name);
    times.push_back(search(hw, k, prefill).time_s);
  }
  CHECK(times[0] > times[1]);  // the smaller register file rules out the fastest tiling
  CHECK(times[2] == times[0]);

  // Where L2 bounds the GEMM, tables held in registers win (test_lut_tiling_search.cpp).
  const HardwareSpec starved = test::l2_starved_a100_lut_4x();
  GemmKernel staged = lut_kernel(starved, 2, DataType::kFp16);
  staged.register_tables = false;
  const GemmShape l2_bound{2048, 8192, 256, 1, DataType::kFp16};
  const GemmKernel registers = lut_kernel(starved, 2, DataType::kFp16);
  CHECK(search(starved, staged, l2_bound).tiling.tables == TablePlacement::kSharedMemory);
  CHECK(search(starved, registers, l2_bound).tiling.tables == TablePlacement::kRegisters);
  CHECK(search(starved, staged, l2_bound).tiling.tables == TablePlacement::kSharedMemory);
}
