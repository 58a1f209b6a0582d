// The tile model against measured A100 cuBLAS FP16 timings (validation/data),
// with the bars of the tile-simulator issue: MAPE <= 6% per dataset and
// <= 10% in every regime. Recomputed from the committed data on every run.
#include <catch2/catch.hpp>

#include "validation/model_error.hpp"

using namespace lutsim;

namespace {

HardwareSpec load_hw(const std::string& name) {
  return load_hardware("configs/hw/" + name + ".yaml");
}

void check_bars(const MeasuredDataset& d) {
  const DatasetError e = evaluate_dataset(d, load_hw(d.gpu_config));
  for (const ErrorSummary& g : e.groups) {
    INFO(d.name << " " << g.group << ": n = " << g.count << ", MAPE = " << 100 * g.mape << " %");
    CHECK(g.mape <= (g.group == "all" ? 0.06 : 0.10));
  }
  CHECK(e.group("all").count == static_cast<std::int64_t>(d.gemms.size()));
}

}  // namespace

TEST_CASE("vidur A100 FP16 linears: MAPE within the bars", "[validation]") {
  const auto d = load_vidur_dataset("validation/data/vidur/vidur_linear_gemm_fp16.csv");
  REQUIRE(d.gemms.size() == 22944);
  check_bars(d);
}

TEST_CASE("BitBLAS A100 cuBLAS FP16: MAPE within the bars", "[validation]") {
  const auto d = load_bitblas_dataset("validation/data/bitblas/a100_gemv_gemm_latency_ms.csv");
  REQUIRE(d.gemms.size() == 26);
  check_bars(d);
}

TEST_CASE("event-timed measurements add the launch gap", "[validation]") {
  const HardwareSpec h = load_hw("a100_sxm4_80gb");
  MeasuredGemm m{"x", {1, 4096, 4096, 1, MmaType::kFp16}, 1e-5, TimingMethod::kKernelOnly};
  const double kernel = predict_measured(h, m);
  m.timing = TimingMethod::kEvents;
  CHECK(predict_measured(h, m) == Approx(kernel + h.kernel_launch_overhead_s));
}

TEST_CASE("a malformed measurement file names the file and line", "[validation]") {
  CHECK_THROWS_WITH(
      load_vidur_dataset("tests/validation/data/bad_vidur.csv"),
      "tests/validation/data/bad_vidur.csv:3: column 'median_ms': expected a number, got 'fast'");
}
