// lutsim validate end to end: one dataset with its config, plots, errors.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/run_lutsim.hpp"

namespace {

namespace fs = std::filesystem;

using lutsim::test::Run;
using lutsim::test::run_lutsim;

// A fresh output folder for one test case, removed afterwards.
struct TempDir {
  explicit TempDir(const std::string& name)
      : path(fs::temp_directory_path() /
             ("lutsim_validate_" + name + "_" + std::to_string(getpid()))) {
    fs::remove_all(path);
  }
  ~TempDir() { fs::remove_all(path); }
  fs::path path;
};

bool non_empty_png(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::array<char, 8> magic{};
  in.read(magic.data(), magic.size());
  return in && fs::file_size(p) > 1000 && std::string(magic.data() + 1, 3) == "PNG";
}

const std::string kBitblas = "validation/data/bitblas/a100_gemv_gemm_latency_ms.csv";

}  // namespace

TEST_CASE("validate --data --hw: tables, outputs and two PNG plots", "[validation][cli]") {
  TempDir out("bitblas");
  const Run r = run_lutsim("validate --data " + kBitblas +
                           " --hw configs/hw/a100_sxm4_80gb.yaml -o " + out.path.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("== bitblas_a100_sxm: "));
  CHECK_THAT(r.out, Catch::Contains("26 points from " + kBitblas +
                                    " (bitblas format, events "
                                    "timing), predicted with "
                                    "configs/hw/a100_sxm4_80gb.yaml"));
  for (const char* regime : {"all", "gemv", "large_m", "memory_bound", "compute_bound"}) {
    CHECK_THAT(r.out, Catch::Contains(std::string("\n") + regime + " "));
  }
  CHECK_THAT(r.out, Catch::Contains("bar (") && Catch::Contains(": within\n"));
  CHECK_THAT(r.out, Catch::Contains("ten worst shapes:\nlabel") &&
                        Catch::Contains("measured [us]  predicted [us]  error [%]"));
  CHECK_THAT(r.out, Catch::Contains("every shape:\n"));  // 26 <= 50 points
  for (const char* png : {"bitblas_a100_sxm_pred_vs_meas.png", "bitblas_a100_sxm_error_vs_m.png"}) {
    INFO(png);
    CHECK(non_empty_png(out.path / png));
    CHECK_THAT(r.out, Catch::Contains((out.path / png).string()));
  }
  std::ifstream summary(out.path / "summary.json");
  const auto j = nlohmann::json::parse(summary);
  CHECK(j["units"]["mape"] == "%");
  CHECK(j["config"]["datasets"][0]["hw_config"]["name"] == "A100-SXM4-80GB");
  CHECK(j["config"]["datasets"][0]["timing"] == "events");
  CHECK(j["rows"][0]["regime"] == "all");
  CHECK(j["rows"][0]["points"] == 26);
  CHECK(j["rows"][0]["bar"] == 6.0);
  CHECK(fs::exists(out.path / "points.csv"));
  std::ifstream worst(out.path / "worst.json");
  CHECK(nlohmann::json::parse(worst)["rows"].size() == 10);
}

TEST_CASE("validate --data takes a lutsim_cublas_bench CSV", "[validation][cli]") {
  TempDir out("cublas");
  const Run r = run_lutsim(
      "validate --data tests/validation/data/cublas_format_sample.csv --hw h100_sxm "
      "--no-plots -o " +
      out.path.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("== cublas_format_sample: "));
  CHECK_THAT(r.out, Catch::Contains("measured on NVIDIA H100 80GB HBM3, 132 SMs"));
  CHECK_THAT(r.out, Catch::Contains("note: left out 1 int8 rows (type not evaluated)"));
  CHECK_THAT(r.out, Catch::Contains("bar: none for 'cublas_format_sample'"));
  CHECK_FALSE(fs::exists(out.path / "cublas_format_sample_pred_vs_meas.png"));
}

TEST_CASE("validate --data on a file declared once per type: one set per entry", "[validation][cli]") {
  TempDir out("per_type");
  const std::string prefill = "validation/data/h100-sxm-20261125/prefill.csv";
  auto validate = [&](const std::string& dtypes) {
    Run r =
        run_lutsim("validate --data " + prefill + dtypes + " --no-plots -o " + out.path.string());
    INFO(r.out);
    REQUIRE(r.status == 0);
    return r;
  };
  const Run all = validate("");
  for (const char* t : {"fp16", "bf16", "fp8", "int8"}) {
    CHECK_THAT(all.out, Catch::Contains(std::string("== h100_sxm_prefill_") + t + ": "));
  }
  // Every prefill bar is met, INT8's (10%) with its attention-value GEMMs on the CUDA cores.
  CHECK_THAT(all.out, Catch::Contains("% <= 10.00%: within"));
  CHECK_THAT(all.out, !Catch::Contains("MISSED"));
  // An open bar (INT8 decode) is reported as missed with its reason, not as a failure.
  const Run decode = run_lutsim("validate --data validation/data/h100-sxm-20261125/decode.csv "
                                "--dtypes int8 --no-plots -o " + out.path.string());
  INFO(decode.out);
  CHECK(decode.status == 0);
  CHECK_THAT(decode.out, Catch::Contains("% > 10.00%: MISSED (open: cuBLASLt's INT8 kernels"));
  const Run one = validate(" --dtypes bf16");
  CHECK_THAT(one.out, Catch::Contains("== h100_sxm_prefill_bf16: "));
  CHECK_THAT(one.out, Catch::Contains("23 points from " + prefill));
  CHECK_THAT(one.out, !Catch::Contains("== h100_sxm_prefill_fp16"));
  // Types no entry declares: a name of their own, no bar.
  const Run mixed = validate(" --dtypes fp16,int8");
  CHECK_THAT(mixed.out, Catch::Contains("== prefill_fp16_int8: "));
  CHECK_THAT(mixed.out, Catch::Contains("46 points from " + prefill));
  CHECK_THAT(mixed.out, Catch::Contains("bar: none for 'prefill_fp16_int8'"));
}

TEST_CASE("validate errors name the file, and the line or header", "[validation][cli]") {
  TempDir out("errors");
  const std::string o = " --no-plots -o " + out.path.string();
  const Run bad =
      run_lutsim("validate --data tests/validation/data/bad_vidur.csv --hw a100_pcie_80gb" + o);
  CHECK(bad.status == 1);
  CHECK(bad.out ==
        "lutsim: error: tests/validation/data/bad_vidur.csv:3: column 'median_ms': expected a "
        "number, got 'fast'\n");
  const Run unknown = run_lutsim(
      "validate --data tests/validation/data/unknown_format.csv --hw a100_pcie_80gb" + o);
  CHECK(unknown.status == 1);
  CHECK_THAT(unknown.out, Catch::StartsWith("lutsim: error: tests/validation/data/"
                                            "unknown_format.csv: unknown measurement format: "
                                            "header 'shape,time_ms'"));
  const Run no_hw =
      run_lutsim("validate --data tests/validation/data/cublas_format_sample.csv" + o);
  CHECK(no_hw.status == 1);
  CHECK_THAT(no_hw.out, Catch::Contains("give the hardware config it was measured on with --hw"));
  const Run wrong_gpu = run_lutsim(
      "validate --data tests/validation/data/cublas_format_sample.csv --hw a100_sxm4_80gb" + o);
  CHECK(wrong_gpu.status == 1);
  CHECK_THAT(wrong_gpu.out, Catch::Contains("has 108 SMs"));
  const Run python = run_lutsim("validate --data " + kBitblas +
                                " --hw a100_sxm4_80gb --python "
                                "/nonexistent/python3 -o " +
                                out.path.string());
  CHECK(python.status == 1);
  CHECK_THAT(python.out, Catch::Contains("lutsim: error: cannot plot: /nonexistent/python3 not "
                                         "found") &&
                             Catch::Contains("--no-plots"));
}

TEST_CASE("validate --configs-dir without validation/ beside it names the option",
          "[validation][cli]") {
  // Issue 16 probe: the error named only <parent>/validation/datasets.yaml.
  TempDir out("configs_dir");
  const fs::path configs = out.path / "configs";
  fs::create_directories(configs);
  const Run r = run_lutsim("validate --configs-dir " + configs.string() + " --no-plots -o " +
                           (out.path / "out").string());
  CHECK(r.status == 1);
  CHECK(r.out == "lutsim: error: --configs-dir " + configs.string() +
                     ": no validation/datasets.yaml beside it (looked for " +
                     (out.path / "validation" / "datasets.yaml").string() +
                     "); name the file with --datasets\n");
  CHECK_FALSE(fs::exists(out.path / "out"));
}

TEST_CASE("validate refuses non-physical measurements and empty sets", "[validation][cli]") {
  // Issue 16 item 9: 1e-300 ms and M = 1e14 were taken and gave MAPEs of 4.9e30%; a
  // header-only file gave a table of nothing.
  TempDir out("nonphysical");
  const std::string data = "validate --hw a100_pcie_80gb --no-plots -o " + out.path.string() +
                           " --data tests/validation/data/";
  const std::vector<std::pair<std::string, std::string>> cases{
      {"nonphysical_time_vidur.csv",
       "nonphysical_time_vidur.csv:3: column 'median_ms': expected a time from 0.0001 to 1e+07, "
       "got '1e-300'"},
      {"huge_m_vidur.csv",
       "huge_m_vidur.csv:2: GEMM M=100000000000000 N=4096 K=4096 batch=1: M x N x K x batch MACs"},
      {"header_only_vidur.csv", "header_only_vidur.csv: no measurements to evaluate"}};
  for (const auto& [file, message] : cases) {
    const Run r = run_lutsim(data + file);
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
    CHECK_THAT(r.out, Catch::StartsWith("lutsim: error: tests/validation/data/" + message));
  }
  CHECK_FALSE(fs::exists(out.path));
}

TEST_CASE("a declared set predicted with another config gets no bar", "[validation][cli]") {
  TempDir out("other_hw");
  const Run r = run_lutsim("validate --data " + kBitblas + " --hw a100_pcie_80gb --no-plots -o " +
                           out.path.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("== bitblas_a100_sxm_on_a100_pcie_80gb: "));
  CHECK_THAT(r.out, Catch::Contains("bar: none for 'bitblas_a100_sxm_on_a100_pcie_80gb'"));
}

TEST_CASE("validate options --timing and --dtypes need --data", "[validation][cli]") {
  for (const char* args : {"validate --timing kernel", "validate --dtypes int8"}) {
    const Run r = run_lutsim(args);
    INFO(args << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("requires --data"));
  }
}

TEST_CASE("validate --data takes an SDPA attention file: one set per phase", "[validation][cli]") {
  TempDir out("sdpa");
  const std::string csv = "validation/data/h200-attention/sdpa_fp16.csv";
  const Run r = run_lutsim("validate --data " + csv + " --no-plots -o " + out.path.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("== h200_sdpa_prefill_fp16: "));
  CHECK_THAT(r.out, Catch::Contains("49 prefill attention calls from " + csv));
  CHECK_THAT(r.out, Catch::Contains("== h200_sdpa_decode_fp16: "));
  CHECK_THAT(r.out, Catch::Contains("56 decode attention calls from " + csv));
  CHECK_THAT(r.out, Catch::Contains("measured on NVIDIA H200"));
  CHECK_THAT(r.out, Catch::Contains("ten worst calls:\nlabel"));
  std::ifstream points(out.path / "attention_points.json");
  const auto j = nlohmann::json::parse(points);
  CHECK(j["rows"].size() == 105);
  CHECK(j["rows"][0]["causal"] == "yes");
  CHECK(j["units"]["predicted"] == "us");
  std::ifstream summary(out.path / "summary.json");
  const auto s = nlohmann::json::parse(summary);
  REQUIRE(s["rows"].size() == 2);
  CHECK(s["rows"][0]["dataset"] == "h200_sdpa_prefill_fp16");
  CHECK(s["rows"][0]["bar"] == 10.0);
  // Predicted with another config: its own name, no bar.
  const Run other =
      run_lutsim("validate --data " + csv + " --hw h100_sxm --no-plots -o " + out.path.string());
  REQUIRE(other.status == 0);
  CHECK_THAT(other.out, Catch::Contains("== sdpa_fp16_prefill_on_h100_sxm: "));
  CHECK_THAT(other.out, Catch::Contains("bar: none for 'sdpa_fp16_decode_on_h100_sxm'"));
}
