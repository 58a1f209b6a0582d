// Sweep throughput, points per second through `lutsim sweep`'s path: each
// point checked (loaded, key computed), loaded again and run, and stored in a
// fresh SQLite results store, one transaction per point. Issue 15's target:
// >= 10,000 design points per second per core (tile model + analytic PPA on
// one GEMM). Run from the repository root:
//   build/bench/lutsim_sweep_bench --benchmark_min_time=2
// points_per_s is the figure to hold against the target (per core: jobs 1).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/config/config_files.hpp"
#include "core/specs/sweep_spec.hpp"
#include "store/results_store.hpp"
#include "studies/sweep/sweep_runner.hpp"

namespace {

using namespace lutsim;

constexpr int kPoints = 256;
constexpr double kTargetPointsPerSecondPerCore = 10'000;

std::filesystem::path bench_dir() {
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_sweep_bench";
  std::filesystem::create_directories(dir);
  return dir;
}

// One GEMM (M16 x N x K, W2A16) timed by the tile model on A100-LUT-4X.
SweepSpec gemm_sweep() {
  const auto base = bench_dir() / "gemm_point.yaml";
  std::ofstream(base) << "study: gemm\ngpu: a100_lut_4x\nm: 16\nn: 4096\nk: 4096\n"
                         "act_dtype: fp16\nweight_bits: 2\n";
  SweepAxis n{"n", "n", {}, {}};
  SweepAxis k{"k", "k", {}, {}};
  for (int i = 1; i <= 16; ++i) {
    n.values.push_back(std::to_string(256 * i));
    k.values.push_back(std::to_string(512 * i));
  }
  return {"bench_gemm", base, {n, k}};
}

// The committed numerics study cut to one datapath on an 8x64x256 problem,
// one point per seed.
SweepSpec accuracy_sweep() {
  SweepAxis seed{"problem.seed", "seed", {}, {}};
  for (int i = 0; i < kPoints; ++i) seed.values.push_back(std::to_string(i + 1));
  const auto one = [](std::string key, std::string value) {
    return SweepAxis{key, key, {std::move(value)}, {}};
  };
  return {"bench_accuracy",
          "configs/studies/numerics_accuracy.yaml",
          {one("problem.m", "8"), one("problem.n", "64"), one("problem.k", "256"),
           one("datapaths.activations", "[fp16]"), one("datapaths.weight_bits", "[2]"),
           one("datapaths.table_formats", "[int8_quantized]"),
           one("datapaths.accumulators", "[fp32]"), seed}};
}

void BM_Sweep(benchmark::State& state, SweepSpec (*make)()) {
  const SweepSpec sweep = make();
  const int jobs = static_cast<int>(state.range(0));
  const auto store_file = bench_dir() / (sweep.name + ".sqlite");
  std::size_t points = 0;
  for (auto _ : state) {
    state.PauseTiming();
    std::filesystem::remove(store_file);
    state.ResumeTiming();
    config::ConfigFiles files;
    const SweepSource source{sweep, "configs", files};
    const auto checked = check_sweep(source, {}, jobs);
    auto store = store::ResultsStore::open_for_writing(store_file, stored_axes(sweep));
    points += run_sweep(source, checked, store, jobs, {}).done;
  }
  const double rate = static_cast<double>(points);
  state.counters["points_per_s"] = benchmark::Counter(rate, benchmark::Counter::kIsRate);
  state.counters["target_points_per_s_per_core"] = kTargetPointsPerSecondPerCore;
  std::filesystem::remove(store_file);
}
BENCHMARK_CAPTURE(BM_Sweep, gemm_tile_model, gemm_sweep)
    ->ArgName("jobs")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Sweep, accuracy, accuracy_sweep)
    ->ArgName("jobs")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
