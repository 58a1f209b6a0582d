// Which datasets lutsim validate evaluates, with which hardware config and
// name, and how their bars are held (validation/validation_run).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "validation/validation_run.hpp"

using namespace lutsim;

namespace {

const std::string kTiny = "validation/data/h100-sxm-20261126/tiny.csv";

DatasetCatalog committed_catalog() {
  return load_dataset_catalog("validation/datasets.yaml");
}

std::vector<std::string> gemm_names(const ValidationJobs& jobs) {
  std::vector<std::string> names;
  for (const auto& j : jobs.gemm) names.push_back(j.data.name + " on " + j.hw.name);
  return names;
}

}  // namespace

TEST_CASE("a declared file is evaluated once per catalog entry, as declared", "[validation]") {
  const ValidationJobs jobs = data_jobs({kTiny, "", "", {}}, committed_catalog(), "configs");
  CHECK(jobs.attention.empty());
  CHECK(gemm_names(jobs) ==
        std::vector<std::string>{"h100_sxm_tiny_fp16 on H100-SXM",
                                 "h100_sxm_tiny_bf16 on H100-SXM",
                                 "h100_sxm_tiny_fp8 on H100-SXM",
                                 "h100_sxm_tiny_int8 on H100-SXM"});
  for (const auto& j : jobs.gemm) CHECK(j.data.gemms.size() == 12);
}

TEST_CASE("a prediction other than the declared one gets a name of its own", "[validation]") {
  const ValidationJobs on_h200 = data_jobs({kTiny, "h200", "", {}}, committed_catalog(), "configs");
  REQUIRE(on_h200.gemm.size() == 4);
  CHECK(on_h200.gemm[0].data.name == "h100_sxm_tiny_fp16_on_h200");
  CHECK(on_h200.gemm[0].hw.name == "H200");

  const ValidationJobs both = data_jobs({kTiny, "", "", {DataType::kFp16, DataType::kBf16}},
                                        committed_catalog(), "configs");
  CHECK(gemm_names(both) == std::vector<std::string>{"tiny_fp16_bf16 on H100-SXM"});
  CHECK(both.gemm[0].data.gemms.size() == 24);
}

TEST_CASE("an undeclared file needs the hardware it was measured on", "[validation]") {
  CHECK_THROWS_WITH(data_jobs({"tests/validation/data/cublas_format_sample.csv", "", "", {}},
                              committed_catalog(), "configs"),
                    Catch::Contains("is not declared in validation/datasets.yaml: give the "
                                    "hardware config it was measured on with --hw"));
}

TEST_CASE("an open bar that is missed is reported but is not a failure", "[validation]") {
  const DatasetCatalog c = committed_catalog();
  const ValidationJobs jobs = data_jobs({kTiny, "", "", {DataType::kFp16}}, c, "configs");
  const AccuracyBars bars = load_accuracy_bars("validation/bars.yaml");
  const ValidationOutcome out = run_validation(jobs, c, bars);
  REQUIRE(out.gemm.size() == 1);
  REQUIRE(out.gemm[0].bar != nullptr);
  CHECK_FALSE(out.gemm[0].bar->open.empty());
  CHECK_THAT(out.gemm[0].missed, Catch::Contains("h100_sxm_tiny_fp16"));
  CHECK(out.failures.empty());
  CHECK(out.resolved["datasets"].size() == 1);
  CHECK(out.resolved["datasets"][0]["id"] == "h100_sxm_tiny_fp16");
  CHECK(out.report.points.rows().size() == 12);
}
