// Sweep throughput, points per second through `lutsim sweep`'s path: every
// axis value checked (check_axis_values), then each point loaded once (key
// computed), run and stored in a fresh SQLite results store in batches
// (studies/sweep/sweep_runner.hpp).
// Issue 15's target: >= 10,000 design points per second per core (tile model +
// analytic PPA on one GEMM: design_point_gemm, and design_point_gemm_4096 at
// the scale of a design study). Run from the repository root:
//   build/bench/lutsim_sweep_bench --benchmark_min_time=2
// points_per_s (wall clock, jobs 1) and points_per_cpu_s (per CPU second of
// the process, so per core at any --jobs) are the figures to hold against the
// target. On a shared machine, load still lowers points_per_cpu_s, so compare
// revisions by runs taken alternately, or by their instruction counts under
// callgrind (README, "Throughput"):
// the second of --benchmark_repetitions=2 less the first, since the component
// table is parsed once per process.
// design_point_gemm_4096, jobs 1, on 2026-11-29, alternated five times with
// this bench built against 3259d7f: 13,330 points per CPU second against
// 11,140 (medians), and 10,260 against 8,932 for design_point_gemm (256
// points, where parsing the config files and checking the axis values weigh
// more); the shared machine runs about 40 % slower at times, both alike:
//   build/bench/lutsim_sweep_bench --benchmark_min_time=1
//       --benchmark_filter=design_point_gemm_4096/jobs:1   (one line)
// and 0.770 M instructions per point of design_point_gemm under callgrind
// (0.837 M at 3259d7f; the tiling search 0.271 M of them):
//   valgrind --tool=callgrind build/bench/lutsim_sweep_bench
//       --benchmark_min_time=0.01 --benchmark_filter=design_point_gemm/jobs:1
//       --benchmark_repetitions=2   (less the same with 1; one line)
// The README ("Throughput") says what bounds it.
#include <benchmark/benchmark.h>

#include <ctime>
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

SweepAxis axis(std::string key, std::vector<std::string> values) {
  SweepAxis a;
  a.column = key;
  a.key = std::move(key);
  a.values = std::move(values);
  return a;
}

// `count` multiples of `step`: one of the two axes of a GEMM sweep.
SweepAxis gemm_axis(std::string key, int step, int count = 16) {
  std::vector<std::string> values;
  for (int i = 1; i <= count; ++i) values.push_back(std::to_string(step * i));
  return axis(std::move(key), std::move(values));
}

// One GEMM (M16 x N x K, W2A16) timed by the tile model on A100-LUT-4X.
SweepSpec gemm_sweep() {
  const auto base = bench_dir() / "gemm_point.yaml";
  std::ofstream(base) << "study: gemm\ngpu: a100_lut_4x\nm: 16\nn: 4096\nk: 4096\n"
                         "act_dtype: fp16\nweight_bits: 2\n";
  return {"bench_gemm", base, {gemm_axis("n", 256), gemm_axis("k", 512)}};
}

// One GEMM (M16 x N x K, W2A16) as a hardware design point on A100-LUT-4X:
// tile model + analytic PPA of its LUT tensor cores + energy per token.
SweepSpec design_point_sweep() {
  const auto base = bench_dir() / "design_point.yaml";
  std::ofstream(base) << "study: design_point\ngpu: a100_lut_4x\n"
                         "gemm: {m: 16, n: 4096, k: 4096, act_dtype: fp16, weight_bits: 2}\n";
  return {"bench_design_point", base, {gemm_axis("gemm.n", 256), gemm_axis("gemm.k", 512)}};
}

// The same GEMMs (N up to 4096, K up to 8192) 16 times as dense: 4,096
// points, so that what a run does once (parsing the config files, checking
// each axis value) weighs as little as in the 10^4-10^6-point sweeps of a
// design study, and points per CPU second is the rate of the points alone.
SweepSpec dense_design_point_sweep() {
  SweepSpec sweep = design_point_sweep();
  sweep.axes = {gemm_axis("gemm.n", 64, 64), gemm_axis("gemm.k", 128, 64)};
  return sweep;
}

// The committed numerics study cut to one datapath on an 8x64x256 problem,
// one point per seed.
SweepSpec accuracy_sweep() {
  std::vector<std::string> seeds;
  for (int i = 0; i < kPoints; ++i) seeds.push_back(std::to_string(i + 1));
  SweepAxis seed = axis("problem.seed", seeds);
  seed.column = "seed";
  const auto one = [](std::string key, std::string value) {
    return axis(std::move(key), {std::move(value)});
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
  const std::clock_t cpu_start = std::clock();
  for (auto _ : state) {
    state.PauseTiming();
    std::filesystem::remove(store_file);
    state.ResumeTiming();
    config::ConfigFiles files;
    const SweepSource source{sweep, "configs", files};
    check_axis_values(source, jobs);
    auto store = store::ResultsStore::open_for_writing(store_file, stored_axes(sweep));
    points += run_sweep(source, {}, store, jobs, {}).counts.done;
  }
  const double rate = static_cast<double>(points);
  // CPU seconds of every thread of the process (the store's writes and
  // removal included): points per CPU second is points per second per core,
  // whatever else the machine runs.
  const double cpu_s = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  state.counters["points_per_s"] = benchmark::Counter(rate, benchmark::Counter::kIsRate);
  state.counters["points_per_cpu_s"] = rate / cpu_s;
  state.counters["target_points_per_s_per_core"] = kTargetPointsPerSecondPerCore;
  std::filesystem::remove(store_file);
}
// Each case at jobs 1 and 2, timed by the wall clock.
void jobs_1_and_2(benchmark::internal::Benchmark* b) {
  b->ArgName("jobs")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
}
BENCHMARK_CAPTURE(BM_Sweep, gemm_tile_model, gemm_sweep)->Apply(jobs_1_and_2);
BENCHMARK_CAPTURE(BM_Sweep, design_point_gemm, design_point_sweep)->Apply(jobs_1_and_2);
BENCHMARK_CAPTURE(BM_Sweep, design_point_gemm_4096, dense_design_point_sweep)->Apply(jobs_1_and_2);
BENCHMARK_CAPTURE(BM_Sweep, accuracy, accuracy_sweep)->Apply(jobs_1_and_2);

}  // namespace

BENCHMARK_MAIN();
