// The model-error arithmetic of validation/model_error.hpp and the loaders'
// errors. The bars themselves are checked in test_validation_bars.cpp.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/committed_hardware.hpp"
#include "validation/dataset_catalog.hpp"
#include "validation/model_error.hpp"

using namespace lutsim;

namespace {

using test::committed_hardware;

}  // namespace

TEST_CASE("the committed A100 sets load completely", "[validation]") {
  const DatasetCatalog c = load_dataset_catalog("validation/datasets.yaml");
  REQUIRE(c.find_id("vidur_a100_pcie") != nullptr);
  REQUIRE(c.find_id("bitblas_a100_sxm") != nullptr);
  const MeasuredDataset vidur = load_catalog_dataset(*c.find_id("vidur_a100_pcie"));
  CHECK(vidur.gemms.size() == 22944);
  CHECK(vidur.gpu_config == "a100_pcie_80gb");
  CHECK(vidur.gemms.front().timing == TimingMethod::kKernelOnly);
  const MeasuredDataset bitblas = load_catalog_dataset(*c.find_id("bitblas_a100_sxm"));
  CHECK(bitblas.gemms.size() == 26);
  CHECK(bitblas.gpu_config == "a100_sxm4_80gb");
  CHECK(bitblas.gemms.front().timing == TimingMethod::kEvents);
}

TEST_CASE("the committed H100 sets load completely, one operand type per entry", "[validation]") {
  const DatasetCatalog c = load_dataset_catalog("validation/datasets.yaml");
  // Rows per type (the harness found no FP8 algorithm for 3 attention-value shapes).
  const std::vector<std::pair<std::string, std::size_t>> sets = {
      {"bitblas", 143}, {"prefill", 23}, {"decode", 187}};
  for (const auto& [set, rows] : sets) {
    for (const char* type : {"fp16", "bf16", "fp8", "int8"}) {
      const std::string id = "h100_sxm_" + set + "_" + type;
      INFO(id);
      const DatasetEntry* e = c.find_id(id);
      REQUIRE(e != nullptr);
      const MeasuredDataset d = load_catalog_dataset(*e);
      CHECK(d.gemms.size() == (set == "prefill" && type == std::string("fp8") ? 20 : rows));
      CHECK(d.gpu_config == "h100_sxm");
      CHECK(d.gemms.front().shape.type == parse_data_type(type));
      CHECK(d.gemms.front().timing == TimingMethod::kKernelOnly);
    }
  }
}

TEST_CASE("event-timed measurements add the launch gap", "[validation]") {
  const HardwareSpec h = committed_hardware("a100_sxm4_80gb");
  MeasuredGemm m{"x", {1, 4096, 4096, 1, DataType::kFp16}, 1e-5, TimingMethod::kKernelOnly};
  const double kernel = predict_measured(h, m);
  m.timing = TimingMethod::kEvents;
  CHECK(predict_measured(h, m) == Approx(kernel + h.kernel_launch_overhead_s));
}

TEST_CASE("errors per regime and the worst points", "[validation]") {
  const HardwareSpec h = committed_hardware("a100_sxm4_80gb");
  MeasuredDataset d;
  d.name = "t";
  for (std::int64_t m : {1, 64, 4096}) {
    MeasuredGemm g{"m" + std::to_string(m),
                   {m, 8192, 8192, 1, DataType::kFp16},
                   0.0,
                   TimingMethod::kKernelOnly};
    g.measured_s = predict_measured(h, g) / (1.0 + 0.01 * static_cast<double>(d.gemms.size() + 1));
    d.gemms.push_back(g);  // errors +1%, +2%, +3%
  }
  const DatasetError e = evaluate_dataset(d, h);
  CHECK(e.group("all").mape == Approx(0.02));
  CHECK(e.group("all").max_abs == Approx(0.03));
  CHECK(e.group("gemv").count == 1);
  CHECK(e.group("small_m").mape == Approx(0.02));
  CHECK(e.group("large_m").mean_signed == Approx(0.03));
  CHECK(e.group("memory_bound").count + e.group("compute_bound").count == 3);
  const auto worst = e.worst(d, 2);
  REQUIRE(worst.size() == 2);
  CHECK(worst[0].index == 2);
  CHECK(worst[1].index == 1);
  CHECK(e.worst(d, 10).size() == 3);
  // A shape measured twice is listed once, with its worse point.
  d.gemms.push_back(d.gemms[2]);
  d.gemms.back().measured_s /= 1.5;
  const auto distinct = evaluate_dataset(d, h).worst(d, 10);
  REQUIRE(distinct.size() == 3);
  CHECK(distinct[0].index == 3);
  CHECK(distinct[1].index == 1);
}

TEST_CASE("a malformed measurement file names the file and line", "[validation]") {
  CHECK_THROWS_WITH(
      load_vidur_dataset("tests/validation/data/bad_vidur.csv", TimingMethod::kKernelOnly),
      "tests/validation/data/bad_vidur.csv:3: column 'median_ms': expected a number, got 'fast'");
}

TEST_CASE("INT8 attention-value GEMMs (N-major B) against their measured times", "[validation]") {
  // The harness's attn_value_NN rows: cuBLAS runs them on the CUDA cores
  // (241-255 MAC/clk/SM measured), which the tensor-core kernel predicted
  // 76-84% too fast; the CUDA-core kernel gives +2.1% to +5.9%.
  const DatasetCatalog c = load_dataset_catalog("validation/datasets.yaml");
  for (const char* id : {"h100_sxm_prefill_int8", "h200_prefill_int8"}) {
    INFO(id);
    const MeasuredDataset d = load_catalog_dataset(*c.find_id(id));
    const DatasetError e = evaluate_dataset(d, committed_hardware(d.gpu_config));
    int n_major = 0;
    for (const PointError& p : e.points) {
      if (d.gemms[p.index].shape.b_major != OperandMajor::kN) continue;
      INFO(d.gemms[p.index].label);
      ++n_major;
      CHECK(p.estimate.actions.tensor_core_macs.empty());
      CHECK(std::abs(p.error) < 0.07);
    }
    CHECK(n_major == 3);
  }
}
