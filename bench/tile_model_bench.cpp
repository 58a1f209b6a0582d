// Speed of the tile-level model (issue targets on one core: a GEMM with its
// tiling search < 1 ms; the default compare table < 2 s; Llama-2-70B prefill
// + decode on A100-LUT-4X < 50 ms). Run from the repository root:
//   build/bench/lutsim_tile_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include "core/config/config_document.hpp"
#include "core/specs/hardware_spec.hpp"
#include "studies/compare/compare_study.hpp"
#include "studies/hardware_configs.hpp"
#include "sim/tile/end_to_end.hpp"
#include "sim/tile/gemm_model.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

namespace {

using namespace lutsim;

// One LUT GEMM's tiling search; on Hopper every tiling is also tried with either operand
// tile shared by a 2-CTA cluster.
void BM_GemmTilingSearch(benchmark::State& state, const char* hw_config) {
  const HardwareSpec hw = load_hardware(hw_config);
  const GemmKernel kernel = lut_kernel(hw, 2, DataType::kFp16);
  const GemmShape shape{2048, 28672, 8192, 1, DataType::kFp16};
  for (auto _ : state) benchmark::DoNotOptimize(best_gemm(hw, kernel, shape));
}
BENCHMARK_CAPTURE(BM_GemmTilingSearch, a100_lut_4x, "configs/hw/a100_lut_4x.yaml")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_GemmTilingSearch, h100_lut_4x_clusters, "configs/hw/h100_lut_4x.yaml")
    ->Unit(benchmark::kMicrosecond);

void BM_Llama2_70bPrefillAndDecode(benchmark::State& state) {
  const HardwareSpec hw = load_hardware("configs/hw/a100_lut_4x.yaml");
  const ModelSpec model = ModelCatalog("configs").load("Llama-2-70B");
  const SystemSpec sys{"lut", hw, LinearMethod::kLut, PrecomputeMode::kFused, false};
  for (auto _ : state) {
    TraceRequest prefill;
    prefill.phase = Phase::kPrefill;
    prefill.seq_len = 2048;
    prefill.weight_bits = 2;
    TraceRequest decode = prefill;
    decode.phase = Phase::kDecode;
    decode.kv_len = 2048;
    benchmark::DoNotOptimize(simulate_forward(make_trace(model, prefill), sys).total_s +
                             simulate_forward(make_trace(model, decode), sys).total_s);
  }
}
BENCHMARK(BM_Llama2_70bPrefillAndDecode)->Unit(benchmark::kMillisecond);

void BM_CompareDefaultTable(benchmark::State& state) {
  auto doc = config::ConfigDocument::load_file("configs/studies/compare_default.yaml");
  auto root = doc.root();
  config::ConfigFiles files;
  HardwareConfigs hardware("configs", files);
  StudyContext context{"configs", hardware, files};
  const CompareStudySpec spec = read_compare_study(root, context);
  for (auto _ : state) benchmark::DoNotOptimize(run_compare_study(spec).size());
}
BENCHMARK(BM_CompareDefaultTable)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
