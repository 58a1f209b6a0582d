// Speed of the compiler's tiling search (issue 13: under 1 ms per GEMM on
// one core): TileModelTiler::choose over CTA tiles, warp tiles, table
// residency, N sweeps, split-K and schedules, for every distinct LUT linear
// of a real model's layer (W2, FP16 activations), prefill of 2048 tokens and
// decode with 2048 cached; each case twice: /full, every candidate estimated
// (what lutsim compile shows), and /pruned, the branch-and-bound search that
// returns the same choice (what best_gemm, the tile model and sweeps run).
// Run from the repository root:
//   build/bench/lutsim_tiling_search_bench --benchmark_min_time=0.5
// per_gemm (seconds per GEMM) is the figure to read.
#include <benchmark/benchmark.h>

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/tile_model_tiler.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

namespace {

using namespace lutsim;

// The distinct low-bit (LUT) linear shapes of one forward pass of `model` in `phase`.
std::vector<compiler::TileQuery> linear_queries(const char* model, Phase phase) {
  TraceRequest r;
  r.phase = phase;
  r.seq_len = 2048;
  r.kv_len = 2048;
  r.weight_bits = 2;
  std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t>> seen;
  std::vector<compiler::TileQuery> out;
  for (const TraceOp& op : make_trace(ModelCatalog("configs").load(model), r).ops) {
    const bool lut = op.kind == OpKind::kLinear && op.weight_bits < 16;  // not the FP16 LM head
    if (!lut || !seen.insert({op.m, op.n, op.k}).second) continue;
    out.push_back({op.name, {op.m, op.n, op.k, 1}, 2, DataType::kFp16, 2, 64, 4});
  }
  return out;
}

// One model and phase on one GPU.
struct SearchCase {
  const char* name;
  const char* hw_config;
  const char* model;
  Phase phase;
};

// On Hopper every tiling is also tried with either operand tile shared by a 2-CTA cluster.
constexpr SearchCase kCases[] = {
    {"llama2_70b_prefill_a100_lut_4x", "configs/hw/a100_lut_4x.yaml", "Llama-2-70B", Phase::kPrefill},
    {"llama2_70b_decode_a100_lut_4x", "configs/hw/a100_lut_4x.yaml", "Llama-2-70B", Phase::kDecode},
    {"opt_175b_prefill_a100_lut_4x", "configs/hw/a100_lut_4x.yaml", "OPT-175B", Phase::kPrefill},
    {"opt_175b_decode_a100_lut_4x", "configs/hw/a100_lut_4x.yaml", "OPT-175B", Phase::kDecode},
    {"llama2_70b_prefill_h100_lut_4x", "configs/hw/h100_lut_4x.yaml", "Llama-2-70B", Phase::kPrefill},
    {"llama2_70b_decode_h100_lut_4x", "configs/hw/h100_lut_4x.yaml", "Llama-2-70B", Phase::kDecode},
};

void BM_TilingSearch(benchmark::State& state, const SearchCase& c, bool full_search) {
  const TileModelTiler tiler(load_hardware(c.hw_config));
  std::vector<compiler::TileQuery> queries = linear_queries(c.model, c.phase);
  for (compiler::TileQuery& q : queries) q.full_search = full_search;
  for (auto _ : state) {
    for (const compiler::TileQuery& q : queries) benchmark::DoNotOptimize(tiler.choose(q));
  }
  state.counters["gemms"] = static_cast<double>(queries.size());
  state.counters["per_gemm"] =
      benchmark::Counter(static_cast<double>(queries.size()),
                         benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace

int main(int argc, char** argv) {
  for (const SearchCase& c : kCases) {
    for (const bool full : {true, false}) {
      const std::string name = std::string(c.name) + (full ? "/full" : "/pruned");
      benchmark::RegisterBenchmark(name.c_str(), BM_TilingSearch, c, full)
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
