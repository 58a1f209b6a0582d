// lutsim model --engine systemc: every linear's compute term from one warp
// tile on the sub-core, the same warp tile `lutsim lmma` runs; lutsim compare
// --engine systemc: every forward pass of the comparison under both engines.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/run_lutsim.hpp"

namespace {

using lutsim::test::Run;

using lutsim::test::run_lutsim;

// A result folder of its own per caller: ctest runs the test cases of this
// file in parallel, and each empties its folder first.
std::string out_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("lutsim_test_model_engine_" + name);
  std::filesystem::remove_all(dir);
  return dir.string();
}

// The warp tile's cycles as `lutsim lmma` gives them for this GEMM.
std::int64_t lmma_cycles(const std::string& hw, const nlohmann::json& op,
                         const std::string& kernel) {
  const std::string gemm = " --m " + std::to_string(op["m"].get<std::int64_t>()) + " --n " +
                           std::to_string(op["n"].get<std::int64_t>()) + " --k " +
                           std::to_string(op["k"].get<std::int64_t>());
  const Run r = run_lutsim("lmma --hw " + hw + gemm + kernel + " --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out)["rows"][0]["cycles"].get<std::int64_t>();
}

}  // namespace

// BitNet-b1.58-700M prefill of 128 tokens with 2-bit weights on A100-LUT-4X:
// the low-bit linears run lmma, the 16-bit LM head mma.sync.
TEST_CASE("lutsim model --engine systemc times each linear's warp tile as lutsim lmma does",
          "[cli][systemc]") {
  const Run r = run_lutsim(
      "model --hw a100_lut_4x --model BitNet-b1.58-700M --seq 128 --wbits 2 "
      "--engine systemc --json --out " +
      out_dir("bitnet"));
  INFO(r.out);
  REQUIRE(r.status == 0);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  const nlohmann::json& e = doc["systemc_engine"];
  CHECK(e["forward_pass_ms"]["tile"].get<double>() ==
        Approx(doc["totals"]["forward_pass_ms"].get<double>()));
  double delta_ms = 0.0;
  int lut = 0, mma = 0;
  for (const nlohmann::json& op : e["ops"]) {
    INFO(op.dump());
    REQUIRE(op["not_simulated"] == "");
    const std::string kernel = op["kernel"].get<std::string>();
    const bool is_lut = kernel.rfind("lut ", 0) == 0;
    (is_lut ? lut : mma) += 1;
    const std::int64_t cycles = op["warp_tile_cycles"].get<std::int64_t>();
    CHECK(cycles == lmma_cycles("a100_lut_4x", op, is_lut ? " --wbits 2" : " --kernel mma"));
    // compute = warp tiles per partition x cycles at 1.41 GHz
    CHECK(op["systemc_compute_us"].get<double>() ==
          Approx(op["warp_tiles_per_partition"].get<double>() * cycles / 1.41e9 * 1e6));
    delta_ms += op["systemc_time_ms"].get<double>() - op["tile_time_ms"].get<double>();
  }
  CHECK(lut >= 4);
  CHECK(mma == 1);  // lm_head
  CHECK(e["distinct_gemms_simulated"].get<int>() >= 4);
  CHECK(e["forward_pass_ms"]["systemc"].get<double>() ==
        Approx(e["forward_pass_ms"]["tile"].get<double>() + delta_ms));

  const Run text = run_lutsim(
      "model --hw a100_lut_4x --model BitNet-b1.58-700M --seq 128 --wbits 2 "
      "--engine systemc --out " +
      out_dir("bitnet_text"));
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("systemc engine: the compute term of each linear") &&
                           Catch::Contains("forward pass: tile model "));
}

// --set reaches the systemc engine: an SM clock set on the command line gives
// what a config file with that clock gives, and the warp tiles' cycles at it.
TEST_CASE("lutsim model --engine systemc times the hardware with its --set overrides",
          "[cli][systemc]") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "lutsim_test_model_engine_set";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  {
    std::ofstream hw(dir / "lut_4x_1200mhz.yaml");
    hw << "extends: " << std::filesystem::absolute("configs/hw/a100_lut_4x.yaml").string()
       << "\nsm:\n  clock_hz: 1.2e9\n";
  }
  const std::string run =
      "model --model BitNet-b1.58-700M --seq 128 --wbits 2 --engine systemc "
      "--json --out " +
      (dir / "out").string();
  const Run set = run_lutsim(run + " --hw a100_lut_4x --set hw.a100_lut_4x.sm.clock_hz=1.2e9");
  const Run file = run_lutsim(run + " --hw " + (dir / "lut_4x_1200mhz.yaml").string());
  INFO(set.out << "\n" << file.out);
  REQUIRE(set.status == 0);
  REQUIRE(file.status == 0);
  const nlohmann::json by_set = nlohmann::json::parse(set.out)["systemc_engine"];
  const nlohmann::json by_file = nlohmann::json::parse(file.out)["systemc_engine"];
  CHECK(by_set == by_file);
  int simulated = 0;
  for (const nlohmann::json& op : by_set["ops"]) {
    if (op["not_simulated"] != "") continue;
    ++simulated;
    CHECK(op["systemc_compute_us"].get<double>() ==
          Approx(op["warp_tiles_per_partition"].get<double>() *
                 op["warp_tile_cycles"].get<double>() / 1.2e9 * 1e6));
  }
  CHECK(simulated >= 5);
  std::filesystem::remove_all(dir);
}

TEST_CASE("lutsim model --engine systemc refuses what it cannot run", "[cli][systemc]") {
  const std::string args = "--hw tests/core/specs/data/lut_4x.yaml --attention unfused";
  const Run r =
      run_lutsim("model --model Llama-2-7B --engine systemc --out " + out_dir("llama") + " " +
                 args);
  INFO(args << "\n" << r.out);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("no sub_core section"));
  const Run bad = run_lutsim("model --hw a100_sxm4_80gb --model Llama-2-7B --engine rtl");
  CHECK(bad.status == 2);
  const Run help = run_lutsim("model --help");
  CHECK_THAT(help.out, Catch::Contains("--engine") && Catch::Contains("sub-core"));
}

namespace {

nlohmann::json read_json(const std::filesystem::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

}  // namespace

// One model and scenario, 2-bit weights and FP16 activations on A100 and
// A100-LUT-4X: FP16 TC, INT8 TC, dequant W2A16, LUT W2A16.
TEST_CASE("lutsim compare --engine systemc: both engines for every forward pass",
          "[cli][systemc]") {
  const std::filesystem::path dir = out_dir("compare");
  const Run r = run_lutsim(
      "compare --set models=[BitNet-b1.58-700M] --set weight_bits=[2] --set activations=[fp16] "
      "--set lut_gpus=[a100_lut_4x] "
      "--set 'scenarios=[{name: prefill_seq128, phase: prefill, batch: 1, seq_len: 128}]' "
      "--engine systemc --out " +
      dir.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("systemc engine: each forward pass again"));
  const nlohmann::json rows = read_json(dir / "compare.json")["rows"];
  const nlohmann::json engines = read_json(dir / "compare_systemc_engine.json");
  CHECK(engines["units"]["systemc_latency"] == "ms");
  REQUIRE(rows.size() == 4);
  REQUIRE(engines["rows"].size() == 4);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const nlohmann::json& row = rows[i];
    const nlohmann::json& e = engines["rows"][i];
    INFO(e.dump());
    CHECK(e["method"] == row["method"]);
    CHECK(e["gpu"] == row["gpu"]);
    CHECK(e["precision"] == row["precision"]);
    CHECK(e["tile_latency"].get<double>() == Approx(row["latency"].get<double>()));
    CHECK(e["tile_speedup_vs_fp16"].get<double>() ==
          Approx(row["speedup_vs_fp16"].get<double>()));
    const std::int64_t simulated = e["linears_simulated"].get<std::int64_t>();
    if (row["method"] == "dequant") {
      CHECK(simulated == 1);  // the 16-bit LM head on mma.sync; dequant kernels stay the tile's
    } else {
      CHECK(simulated == e["linears"].get<std::int64_t>());
    }
    if (row["method"] == "fp16_tensor_core") {
      CHECK(e["systemc_speedup_vs_fp16"].get<double>() == 1.0);
    }
  }

  // The LUT row is lutsim model's forward pass under the systemc engine.
  const Run model = run_lutsim(
      "model --hw a100_lut_4x --model BitNet-b1.58-700M --seq 128 --wbits 2 --engine systemc "
      "--json --out " +
      out_dir("compare_model"));
  REQUIRE(model.status == 0);
  const nlohmann::json m = nlohmann::json::parse(model.out)["systemc_engine"]["forward_pass_ms"];
  CHECK(engines["rows"][3]["systemc_latency"].get<double>() ==
        Approx(m["systemc"].get<double>()));
  CHECK(engines["rows"][3]["tile_latency"].get<double>() == Approx(m["tile"].get<double>()));
}

