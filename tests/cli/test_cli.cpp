// End-to-end tests of the lutsim binary: exit codes, one-line errors, outputs.
#include <sys/stat.h>
#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/run_lutsim.hpp"

namespace {

using lutsim::test::Run;
using lutsim::test::run_lutsim;

int lines(const std::string &s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

const std::string kData = "tests/core/specs/data/";

// Each command fails with one line of output that holds its message.
void check_refused(const std::vector<std::pair<std::string, std::string>> &cases) {
  for (const auto &[args, message] : cases) {
    const Run r = run_lutsim(args);
    INFO(args << "\n" << r.out);
    CHECK(r.status != 0);
    CHECK(lines(r.out) == 1);
    CHECK_THAT(r.out, Catch::Contains(message));
  }
}

} // namespace

TEST_CASE("help tells every command", "[cli]") {
  const Run r = run_lutsim("--help");
  CHECK(r.status == 0);
  for (const char *c : {"accuracy", "config", "sweep"})
    CHECK_THAT(r.out, Catch::Contains(c));
  CHECK_THAT(run_lutsim("accuracy --help").out, Catch::Contains("--set"));
}

TEST_CASE("bad command lines give one line and exit status 2", "[cli]") {
  for (const char *args :
       {"", "frobnicate", "accuracy --bogus", "config",
        "config x.yaml --kind hw",
        "config configs/studies/numerics_accuracy.yaml --kind gpu"}) {
    const Run r = run_lutsim(args);
    INFO("args: " << args << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(lines(r.out) == 1);
    CHECK_THAT(r.out, Catch::StartsWith("lutsim: error: "));
  }
}

TEST_CASE("malformed configs give one line naming file line and key and exit "
          "status 1",
          "[cli]") {
  const Run unknown = run_lutsim("config --kind hw " + kData + "bad_unknown_key.yaml");
  CHECK(unknown.status == 1);
  CHECK(unknown.out ==
        "lutsim: error: " + kData +
            "bad_unknown_key.yaml:14:3: memory.hbm_generation: unknown key "
            "'hbm_generation' (allowed keys: dram_bw_bytes_per_s, dram_bytes, dram_latency_s, "
            "l2_bw_bytes_per_cycle)\n");
  const Run type = run_lutsim("config --kind hw " + kData + "bad_wrong_type.yaml");
  CHECK(type.status == 1);
  CHECK_THAT(type.out,
             Catch::Contains(
                 "bad_wrong_type.yaml:4:13: sm.clock_hz: expected a number"));
  const Run missing = run_lutsim("config --kind hw " + kData + "bad_missing_key.yaml");
  CHECK(missing.status == 1);
  CHECK_THAT(missing.out,
             Catch::Contains("bad_missing_key.yaml:9:3: "
                             "tensor_core.fp16_fma_per_cycle_per_sm: missing"));
  const Run set = run_lutsim("accuracy --set problem.q=1");
  CHECK(set.status == 1);
  CHECK_THAT(set.out, Catch::Contains("--set problem.q=1") &&
                          Catch::Contains("allowed keys"));
}

TEST_CASE("config prints the resolved config with defaults and overrides",
          "[cli]") {
  const Run r = run_lutsim("config --kind hw " + kData + "lut_4x.yaml --set sm.count=132");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["sm"]["count"] == 132);
  CHECK(j["lut_tensor_core"]["table_form"] == "symmetric_half"); // a default
}

TEST_CASE("accuracy writes CSV and JSON with config and revision and units",
          "[cli]") {
  const auto dir =
      std::filesystem::temp_directory_path() / "lutsim_test_cli_accuracy";
  std::filesystem::remove_all(dir);
  const Run r = run_lutsim("accuracy --set problem.k=256 --set problem.n=32 --out " + dir.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::ifstream in(dir / "accuracy.json");
  const auto j = nlohmann::json::parse(in);
  CHECK(j["config"]["problem"]["k"] == 256);
  CHECK(j["units"]["host_time"] == "ms");
  CHECK_FALSE(j["git_revision"].get<std::string>().empty());
  REQUIRE(j["rows"].size() == 45);
  for (const auto &row : j["rows"]) {
    CHECK(row["max_error_to_bound"].get<double>() <= 1.0);
    // Integer tables into an INT32 accumulator are exact; only the double
    // epilogue rounds.
    if (row["accumulator"] == "int32")
      CHECK(row["max_abs_error"].get<double>() < 1e-9);
  }
  CHECK(std::filesystem::exists(dir / "accuracy.csv"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("sweep runs every point and records each point's config", "[cli]") {
  const auto dir =
      std::filesystem::temp_directory_path() / "lutsim_test_cli_sweep";
  std::filesystem::remove_all(dir);
  const Run r = run_lutsim("sweep tests/cli/data/tiny_sweep.yaml --out " + dir.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::ifstream in(dir / "sweep.json");
  const auto j = nlohmann::json::parse(in);
  REQUIRE(j["config"]["points"].size() == 2);
  // The second point's config: a patch from the first's.
  const auto& points = j["config"]["points"];
  CHECK(points[0]["config"].patch(points[1]["config_patch"])["datapaths"]["weight_bits"] ==
        nlohmann::json{2});
  CHECK(j["rows"].size() == 2 * 15); // 15 valid datapaths per bit width
  std::filesystem::remove_all(dir);
}

TEST_CASE("a bad sweep value is reported before any point runs", "[cli]") {
  const auto dir =
      std::filesystem::temp_directory_path() / "lutsim_test_cli_bad_sweep";
  std::filesystem::remove_all(dir);
  const Run r = run_lutsim("sweep tests/cli/data/bad_axis_sweep.yaml --out " + dir.string());
  CHECK(r.status == 1);
  CHECK(lines(r.out) == 1);
  CHECK_THAT(r.out, Catch::Contains("--set problem.m=0") &&
                        Catch::Contains("out of range") &&
                        Catch::Contains("sweep point: problem.m=0"));
  CHECK_FALSE(std::filesystem::exists(dir));
}

TEST_CASE("compare writes every system's latency with speedups and assumptions",
          "[cli]") {
  const auto dir =
      std::filesystem::temp_directory_path() / "lutsim_test_cli_compare";
  std::filesystem::remove_all(dir);
  const Run r = run_lutsim(
      "compare --set models=[Llama-2-7B] --set weight_bits=[2] "
      "--set activations=[fp16] --out " +
      dir.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::ifstream in(dir / "compare.json");
  const auto j = nlohmann::json::parse(in);
  // 2 scenarios x (FP16 TC, INT8 TC, dequant W2A16, LUT-4X, LUT-8X).
  REQUIRE(j["rows"].size() == 10);
  CHECK(j["units"]["latency"] == "ms");
  CHECK(j["config"]["models"] == nlohmann::json{"Llama-2-7B"});
  CHECK(j["config"]["assumptions"].size() == 4);
  CHECK(j["config"]["assumptions"][1] ==
        "attention: fused (one FlashAttention-style kernel per layer over all sequences and "
        "heads)");
  CHECK(j["config"]["attention"] == "fused");
  CHECK(j["units"]["energy_per_token"] == "mJ/token");
  CHECK_THAT(j["config"]["energy_pricing"]["file"].get<std::string>(),
             Catch::EndsWith("configs/energy/nangate45_hbm2.yaml"));
  CHECK(j["config"]["energy_pricing"]["prices"].size() == 11);
  for (const auto& row : j["rows"]) {
    CHECK(row["latency"].get<double>() > 0.0);
    CHECK(row["energy_per_token"].get<double>() > 0.0);
    if (row["method"] == "fp16_tensor_core") CHECK(row["speedup_vs_fp16"] == 1.0);
    if (row["method"] == "lut") CHECK(row["speedup_vs_dequant"].get<double>() > 1.0);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("compare keeps the latency of a system whose actions have no price",
          "[cli]") {
  // nangate45_hbm2 has no price for lookups of int8-quantized tables: the
  // LUT-4X rows keep their latencies, their energy cells and the record name
  // the missing price, every other row is priced.
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_cli_compare_unpriced";
  std::filesystem::remove_all(dir);
  const Run r = run_lutsim(
      "compare --set models=[Llama-2-7B] --set weight_bits=[2] --set "
      "activations=[fp16] --set "
      "hw.a100_lut_4x.lut_tensor_core.table_format=int8_quantized --out " +
      dir.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::ifstream in(dir / "compare.json");
  const auto j = nlohmann::json::parse(in);
  const std::string missing = "has no price for int8_quantized LUT lookups";
  REQUIRE(j["config"]["energy_not_priced"].size() == 1);
  CHECK_THAT(j["config"]["energy_not_priced"][0].get<std::string>(), Catch::EndsWith(missing));
  int unpriced = 0;
  for (const auto& row : j["rows"]) {
    CHECK(row["latency"].get<double>() > 0.0);
    if (row["gpu"] == "A100-LUT-4X") {
      ++unpriced;
      CHECK_THAT(row["energy_per_token"].get<std::string>(),
                 Catch::StartsWith("not priced: ") && Catch::EndsWith(missing));
    } else {
      CHECK(row["energy_per_token"].get<double>() > 0.0);
    }
  }
  CHECK(unpriced == 2);  // prefill and decode
  std::filesystem::remove_all(dir);
}

TEST_CASE(
    "compare --set reaches hardware keys and records the hardware configs",
    "[cli]") {
  const auto dir =
      std::filesystem::temp_directory_path() / "lutsim_test_cli_compare_hw";
  std::filesystem::remove_all(dir);
  const Run r = run_lutsim(
      "compare --set models=[Llama-2-7B] --set weight_bits=[2] --set "
      "activations=[fp16] "
      "--set hw.a100_lut_4x.lut_tensor_core.throughput_scale=8 --out " +
      dir.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::ifstream in(dir / "compare.json");
  const auto j = nlohmann::json::parse(in);
  CHECK(
      j["config"]["hw"]["a100_lut_4x"]["lut_tensor_core"]["throughput_scale"] ==
      8);
  CHECK(
      j["config"]["hw"]["a100_lut_8x"]["lut_tensor_core"]["throughput_scale"] ==
      8);
  CHECK(j["config"]["hw"]["a100_sxm4_80gb"]["sm"]["count"] == 108);
  // With 8 arrays per tensor core the 4X config is the 8X one under another
  // name.
  std::map<std::string, double> lut_ms;
  for (const auto &row : j["rows"]) {
    if (row["method"] == "lut")
      lut_ms[row["scenario"].get<std::string>() +
             row["gpu"].get<std::string>()] = row["latency"];
  }
  REQUIRE(lut_ms.size() == 4);
  for (const char *sc : {"prefill_bs1_seq2048", "decode_bs1024_seq1"}) {
    CHECK(lut_ms.at(std::string(sc) + "A100-LUT-4X") ==
          lut_ms.at(std::string(sc) + "A100-LUT-8X"));
  }
  std::filesystem::remove_all(dir);

  const Run bad = run_lutsim("compare --set hw.a100_lut_4x.lut_tensor_core.array_nn=128");
  CHECK(bad.status == 1);
  CHECK(lines(bad.out) == 1);
  CHECK_THAT(
      bad.out,
      Catch::Contains("--set hw.a100_lut_4x.lut_tensor_core.array_nn=128:1:") &&
          Catch::Contains("unknown key 'array_nn'"));
}

TEST_CASE(
    "sweep runs a hardware design sweep and records each point's hardware",
    "[cli]") {
  const auto dir =
      std::filesystem::temp_directory_path() / "lutsim_test_cli_hw_sweep";
  std::filesystem::remove_all(dir);
  const Run r = run_lutsim("sweep tests/cli/data/lut_array_shape_sweep.yaml --out " + dir.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::ifstream in(dir / "sweep.json");
  const auto j = nlohmann::json::parse(in);
  // 3 arrays x 2 weight widths, each point: FP16 TC, INT8 TC, dequant,
  // A100-LUT-4X.
  REQUIRE(j["config"]["points"].size() == 6);
  REQUIRE(j["rows"].size() == 6 * 4);
  const std::vector<std::array<int, 3>> arrays{
      {2, 64, 4}, {4, 32, 4}, {4, 64, 2}};
  const auto& first = j["config"]["points"][0]["config"];
  for (std::size_t p = 0; p < 6; ++p) {
    const auto& record = j["config"]["points"][p];
    const auto config = p == 0 ? first : first.patch(record["config_patch"]);
    const auto& lut = config["hw"]["a100_lut_4x"]["lut_tensor_core"];
    CHECK(lut["array_m"] == arrays[p / 2][0]);
    CHECK(lut["array_n"] == arrays[p / 2][1]);
    CHECK(lut["array_k"] == arrays[p / 2][2]);
    CHECK(lut["throughput_scale"] ==
          4); // the axis value merges into the config
  }
  std::map<std::string, double> lut_ms, fp16_ms;
  for (const auto &row : j["rows"]) {
    const std::string key = row["lut_array"].get<std::string>() + " W" +
                            row["weight_bits"].get<std::string>();
    if (row["method"] == "lut")
      lut_ms[key] = row["latency"];
    if (row["method"] == "fp16_tensor_core")
      fp16_ms[key] = row["latency"];
  }
  REQUIRE(lut_ms.size() == 6);
  const std::string m2n64k4 = "{array_m: 2, array_n: 64, array_k: 4}";
  const std::string m4n32k4 = "{array_m: 4, array_n: 32, array_k: 4}";
  const std::string m4n64k2 = "{array_m: 4, array_n: 64, array_k: 2}";
  for (const char *w : {" W[2]", " W[4]"}) {
    // The baselines do not use the LUT array.
    CHECK(fp16_ms.at(m2n64k4 + w) == fp16_ms.at(m4n64k2 + w));
    // The tile model sees an array by its lookups per cycle and its K: equal
    // here.
    CHECK(lut_ms.at(m2n64k4 + w) == lut_ms.at(m4n32k4 + w));
    // K = 2 halves the table bytes per activation.
    CHECK(lut_ms.at(m2n64k4 + w) != lut_ms.at(m4n64k2 + w));
  }
  CHECK(lut_ms.at(m2n64k4 + " W[2]") <
        lut_ms.at(m2n64k4 + " W[4]")); // bit-serial passes
  std::filesystem::remove_all(dir);
}

TEST_CASE("gemm prints the estimate and rejects an unknown GPU in one line",
          "[cli]") {
  const Run ok = run_lutsim("gemm --hw a100_lut_4x --m 16 --n 4096 --k 4096 --wbits 2");
  CHECK(ok.status == 0);
  CHECK_THAT(ok.out, Catch::StartsWith(
                         "lut w2 fp16 on A100-LUT-4X: M=16 N=4096 K=4096") &&
                         Catch::Contains("bound") && Catch::Contains("tiling"));
  const Run bad = run_lutsim("gemm --hw no_such_gpu --m 1 --n 1 --k 1");
  CHECK(bad.status == 1);
  CHECK(lines(bad.out) == 1);
  CHECK_THAT(bad.out, Catch::Contains("no_such_gpu.yaml"));
}

TEST_CASE("gemm runs the activation type it is given, or names the one it cannot", "[cli]") {
  // Issue 16 item 1: FP8 activations on a LUT GPU used to print an FP16 kernel.
  const Run fp8 = run_lutsim("gemm --hw a100_lut_4x --m 16 --n 4096 --k 4096 --act fp8 --wbits 2");
  CHECK(fp8.status == 0);
  CHECK_THAT(fp8.out, Catch::StartsWith("lut w2 fp8_e4m3 on A100-LUT-4X"));
  const Run bf16 =
      run_lutsim("gemm --hw a100_lut_4x --m 16 --n 4096 --k 4096 --act bf16 --wbits 2");
  CHECK(bf16.status == 1);
  CHECK(lines(bf16.out) == 1);
  CHECK_THAT(bf16.out, Catch::Contains("bf16 is not modelled"));
}

TEST_CASE("a dense kernel runs the weight bits it is given, or names the pairing", "[cli]") {
  // Issue 16 item 1: --kernel dense ignored --wbits, and W16 with int8 activations ran as W8A8.
  const Run low_bit =
      run_lutsim("gemm --hw a100_sxm4_80gb --m 16 --n 4096 --k 4096 --kernel dense --wbits 2");
  CHECK(low_bit.status == 1);
  CHECK(lines(low_bit.out) == 1);
  CHECK_THAT(low_bit.out, Catch::Contains("with fp16 activations the weights are 16-bit, got 2-bit"));
  const Run w16a8 = run_lutsim("gemm --hw a100_sxm4_80gb --m 16 --n 4096 --k 4096 --act int8");
  CHECK(w16a8.status == 1);
  CHECK(lines(w16a8.out) == 1);
  CHECK_THAT(w16a8.out, Catch::Contains("with int8 activations the weights are 8-bit, got 16-bit"));
  const Run w8a8 =
      run_lutsim("gemm --hw a100_sxm4_80gb --m 16 --n 4096 --k 4096 --act int8 --wbits 8");
  CHECK(w8a8.status == 0);
  CHECK_THAT(w8a8.out, Catch::StartsWith("dense int8 on A100-SXM4-80GB"));
  const Run model = run_lutsim("model --hw a100_sxm4_80gb --model Llama-2-7B --act int8");
  CHECK(model.status == 1);
  CHECK_THAT(model.out, Catch::Contains("got 16-bit weights"));
}

TEST_CASE("output that cannot be written is a failure", "[cli]") {
  // Issue 16 item 10: '> /dev/full' exited 0 with its only output lost.
  for (const char* args : {"gemm --hw a100_lut_4x --m 16 --n 4096 --k 4096 --wbits 2",
                           "config configs/studies/numerics_accuracy.yaml --kind study",
                           "--help"}) {
    INFO(args);
    CHECK(run_lutsim(std::string(args) + " > /dev/full").status == 1);
    CHECK(run_lutsim(std::string(args) + " > /dev/null").status == 0);
  }
}

TEST_CASE("sizes past the 64-bit limit are refused, not wrapped around", "[cli]") {
  // Issue 16 item 4: this GEMM printed -6.5e23 us; a huge model batch gave negative times.
  const Run gemm = run_lutsim(
      "gemm --hw a100_lut_4x --m 99999999999 --n 99999999999 --k 99999999999 "
      "--wbits 2");
  CHECK(gemm.status == 1);
  CHECK(lines(gemm.out) == 1);
  CHECK_THAT(gemm.out, Catch::Contains("exceeds the modelled limit of 2^56"));
  const Run model =
      run_lutsim("model --hw a100_sxm4_80gb --model Llama-2-7B --batch 1048576 --seq 1048576");
  CHECK(model.status == 1);
  CHECK_THAT(model.out, Catch::Contains("exceeds the modelled limit of 2^56"));
}

TEST_CASE("an option that does not apply to the run is refused, not ignored", "[cli]") {
  // Issue 16 item 8.
  const std::string llama = "model --hw a100_lut_4x --model Llama-2-7B ";
  const std::vector<std::pair<std::string, std::string>> cases{
      {llama + "--phase prefill --kv-len 100", "--kv-len applies to decode only"},
      {llama + "--phase decode --seq 100", "--seq applies to prefill only"},
      {"trace --model Llama-2-7B --phase decode --seq 5 -o x.csv", "--seq applies to prefill only"},
      {llama + "--set workload.kv_len=100", "workload.kv_len: applies to decode only"},
      {"model --hw a100_sxm4_80gb --model Llama-2-7B --wbits 4 --precompute separate",
       "precompute applies to LUT kernels only; the linears of this run use dequant"},
      {llama + "--method lut", "method lut: every linear of the trace has 16-bit weights"},
      {llama + "--wbits 2 -o ''", "--out: must not be empty"}};
  check_refused(cases);
}

TEST_CASE("model writes the per-operator breakdown", "[cli]") {
  const auto dir =
      std::filesystem::temp_directory_path() / "lutsim_test_cli_model";
  std::filesystem::remove_all(dir);
  const Run r = run_lutsim(
      "model --hw a100_sxm4_80gb --model Llama-2-7B --phase "
      "decode --batch 4 --wbits 4 --out " +
      dir.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::ifstream in(dir / "model.json");
  const auto j = nlohmann::json::parse(in);
  CHECK(j["config"]["linear_method"] == "dequant");
  CHECK(j["config"]["tokens_per_forward"] == 4);  // decode: one token per sequence
  CHECK(j["config"]["energy_pricing"]["name"] == "nangate45_hbm2");
  CHECK(j["units"]["energy_per_token"] == "mJ/token");
  double share = 0.0, energy = 0.0;
  for (const auto& row : j["rows"]) {
    share += row["share"].get<double>();
    energy += row["energy_per_token"].get<double>();
  }
  CHECK(share == Approx(100.0));
  CHECK_THAT(r.out, Catch::Contains(" mJ per token (4 tokens, nangate45_hbm2 energies)"));
  CHECK(energy > 0.0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("model times a run whose actions have no price and says the energy is not priced",
          "[cli]") {
  // nangate45_hbm2 has no price for bf16 tensor-core MACs: the latencies are
  // reported, the energy column is left out and the reason named, not guessed.
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_cli_model_bf16";
  std::filesystem::remove_all(dir);
  const Run r = run_lutsim(
      "model --hw a100_sxm4_80gb --model Llama-2-7B --phase decode --batch 4 --act "
      "bf16 --out " +
      dir.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("ms per forward pass (fused attention), energy per token not "
                                    "priced: ") &&
                        Catch::Contains("no price for bf16 tensor-core MACs"));
  std::ifstream in(dir / "model.json");
  const auto j = nlohmann::json::parse(in);
  CHECK_THAT(j["config"]["energy_not_priced"].get<std::string>(),
             Catch::Contains("no price for bf16 tensor-core MACs"));
  CHECK_FALSE(j["units"].contains("energy_per_token"));
  for (const auto& row : j["rows"]) CHECK(row["time"].get<double>() > 0.0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("an exported trace simulates exactly like the generated one",
          "[cli]") {
  const auto dir =
      std::filesystem::temp_directory_path() / "lutsim_test_cli_trace";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string req =
      "--model Llama-2-7B --phase decode --batch 4 --kv-len 128 --wbits 2";
  REQUIRE(run_lutsim("trace " + req + " -o " + (dir / "t.csv").string()).status == 0);
  REQUIRE(run_lutsim("model --hw a100_lut_4x " + req + " --out " + (dir / "gen").string()).status ==
          0);
  REQUIRE(run_lutsim("model --hw a100_lut_4x --trace " + (dir / "t.csv").string() + " --out " +
                     (dir / "csv").string())
              .status == 0);
  auto total = [](const std::filesystem::path &p) {
    std::ifstream in(p / "model.json");
    double ms = 0.0;
    for (const auto &row : nlohmann::json::parse(in)["rows"])
      ms += row["time"].get<double>();
    return ms;
  };
  CHECK(total(dir / "csv") == total(dir / "gen"));
  CHECK(run_lutsim("model --hw a100_lut_4x").status == 2);  // neither --model nor --trace
  std::filesystem::remove_all(dir);
}

TEST_CASE(
    "trace compare accepts a matching captured trace and names differing ops",
    "[cli]") {
  const std::string req =
      "trace --model OPT-6.7B --phase decode --batch 1 --kv-len 127 ";
  const std::string captured =
      " --compare tests/validation/data/opt_6_7b_hf_decode_bs1.csv";
  const Run same = run_lutsim(req + "--fusion separate" + captured);
  CHECK(same.status == 0);
  CHECK(same.out == "linear ops match\n");
  const Run fused = run_lutsim(req + "--fusion framework" + captured);
  CHECK(fused.status == 1);
  CHECK_THAT(
      fused.out,
      Catch::Contains(
          "qkv_proj: expected M=1 N=12288 K=4096 count=32, captured (none)") &&
          Catch::Contains("lutsim: error: 4 linear op(s)"));
}

TEST_CASE("gemm --json gives the time, bound and tiling with units in the keys", "[cli]") {
  const Run r = run_lutsim("gemm --hw a100_sxm4_80gb --m 1 --n 16384 --k 16384 --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["tool"] == "lutsim");
  CHECK(j["command"] == "gemm");
  CHECK(!j["git_revision"].get<std::string>().empty());
  CHECK(j["config"]["m"] == 1);
  CHECK(j["config"]["k"] == 16384);
  REQUIRE(j["tables"]["gemm"].size() == 1);
  const auto& g = j["tables"]["gemm"][0];
  CHECK(g["kernel"] == "dense fp16");
  CHECK(g["bound"] == "dram");
  // X 1 x 16384, W 16384 x 16384 and Y 1 x 16384, FP16.
  CHECK(g["dram_bytes_MB"].get<double>() == Approx((32768.0 + 536870912.0 + 32768.0) / 1e6));
  CHECK(g["time_us"].get<double>() >= g["dram_time_us"].get<double>());
  CHECK(g.contains("compute_time_us"));
  CHECK(g.contains("l2_time_us"));
  CHECK(g.contains("throughput_TFLOP_per_s"));
}

TEST_CASE("gemm says when it times unaligned rows as aligned rows", "[cli]") {
  // The A100 configs have no measured fallback rates: odd K is timed as aligned, and said so.
  const Run a100 = run_lutsim("gemm --hw a100_sxm4_80gb --m 4096 --n 4096 --k 4097");
  INFO(a100.out);
  REQUIRE(a100.status == 0);
  CHECK_THAT(a100.out,
             Catch::Contains("2-byte aligned (K or N), timed as aligned: a lower bound") &&
                 Catch::Contains("A100-SXM4-80GB's config has no unaligned_fallback"));
  const auto gemm_row = [](const std::string& hw) {
    const Run r = run_lutsim("gemm --hw " + hw + " --m 4096 --n 4096 --k 4097 --json");
    REQUIRE(r.status == 0);
    return nlohmann::json::parse(r.out)["tables"]["gemm"][0];
  };
  const nlohmann::json a = gemm_row("a100_sxm4_80gb");
  CHECK(a["rows_timed_aligned_bytes"] == 2);
  CHECK(a["row_alignment_bytes"] == 0);
  // The H100's fallback rates time it: nothing is timed as aligned.
  const nlohmann::json h = gemm_row("h100_sxm");
  CHECK(h["rows_timed_aligned_bytes"] == 0);
  CHECK(h["row_alignment_bytes"] == 2);
  // Aligned rows: no such line.
  const Run aligned = run_lutsim("gemm --hw a100_sxm4_80gb --m 4096 --n 4096 --k 4096");
  REQUIRE(aligned.status == 0);
  CHECK_THAT(aligned.out, !Catch::Contains("unaligned rows"));
}

TEST_CASE("model says which operators it times as aligned though their rows are not", "[cli]") {
  // BitNet's vocabulary of 32002: the LM head's FP16 output rows are 4-byte aligned, and the
  // A100 configs have no measured fallback rates.
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_cli_model_unaligned";
  std::filesystem::remove_all(dir);
  const std::string args = "model --model BitNet-b1.58-3B --phase decode --batch 1 --kv-len 16 ";
  const Run a100 = run_lutsim(args + "--hw a100_sxm4_80gb --out " + dir.string());
  INFO(a100.out);
  REQUIRE(a100.status == 0);
  CHECK_THAT(a100.out, Catch::Contains("note: lm_head (4-byte rows) timed as aligned: "
                                       "A100-SXM4-80GB's config has no unaligned_fallback rates"));
  const Run json = run_lutsim(args + "--hw a100_sxm4_80gb --json --out " + dir.string());
  REQUIRE(json.status == 0);
  const auto doc = nlohmann::json::parse(json.out);
  int flagged = 0;
  for (const auto& op : doc["tables"]["model"]) {
    const int bytes = op["rows_timed_aligned_bytes"];
    CHECK(bytes == (op["op"] == "lm_head" ? 4 : 0));
    flagged += bytes != 0;
  }
  CHECK(flagged == 1);
  // The H100 times the LM head with its measured fallback rates: no note.
  const Run h100 = run_lutsim(args + "--hw h100_sxm --out " + dir.string());
  REQUIRE(h100.status == 0);
  CHECK_THAT(h100.out, !Catch::Contains("timed as aligned"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("model --json gives every operator, the totals and the attention mode", "[cli]") {
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_cli_model_json";
  std::filesystem::remove_all(dir);
  const std::string args =
      "model --hw h100_sxm --model Llama-2-7B --phase decode --batch 4 --kv-len 127 --json --out " +
      dir.string();
  const Run fused = run_lutsim(args);
  INFO(fused.out);
  REQUIRE(fused.status == 0);
  const auto j = nlohmann::json::parse(fused.out);
  CHECK(j["command"] == "model");
  CHECK(j["config"]["attention"] == "fused");
  CHECK(j["totals"]["attention"] == "fused");
  CHECK(j["totals"]["tokens_per_forward"] == 4);
  double total_ms = 0.0;
  int attention_rows = 0;
  for (const auto& op : j["tables"]["model"]) {
    total_ms += op["time_ms"].get<double>();
    CHECK(op["time_ms"].get<double>() == Approx(op["time_each_us"].get<double>() *
                                                op["count"].get<int>() / 1e3));
    CHECK(op.contains("share_percent"));
    CHECK(op.contains("energy_per_token_mJ_per_token"));
    if (op["op"] == "attention") {
      ++attention_rows;
      CHECK(op["count"] == 32);
      CHECK(op["kernel"].get<std::string>().starts_with("flash "));
      CHECK(op["bound"] == "dram");
    }
    CHECK(op["op"] != "attn_softmax");
  }
  CHECK(attention_rows == 1);
  CHECK(j["totals"]["forward_pass_ms"].get<double>() == Approx(total_ms));
  CHECK(std::filesystem::exists(dir / "model.json"));  // the files are still written

  const Run unfused = run_lutsim(args + " --attention unfused");
  REQUIRE(unfused.status == 0);
  const auto u = nlohmann::json::parse(unfused.out);
  CHECK(u["totals"]["attention"] == "unfused");
  int softmax = 0;
  for (const auto& op : u["tables"]["model"]) softmax += op["op"] == "attn_softmax";
  CHECK(softmax == 1);
  const Run text =
      run_lutsim("model --hw h100_sxm --model Llama-2-7B --phase decode --out " + dir.string());
  CHECK_THAT(text.out, Catch::Contains("ms per forward pass (fused attention)"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("output names cannot climb out of the output folder", "[cli]") {
  // Issue 16 item 6: a PPA study named ../../x wrote outside --out (a study's name too).
  const auto out = std::filesystem::temp_directory_path() / "lutsim_test_cli_names";
  std::filesystem::remove_all(out);
  const std::string expected = "' names an output folder: expected 1 to 100 letters, digits, "
                               "'_', '-' or '.', not starting with '.'";
  const std::vector<std::pair<std::string, std::string>> cases{
      {"ppa configs/ppa/dot_units.yaml --set name=../../escaped_ppa --no-plots --out " +
           out.string(),
       "name: '../../escaped_ppa" + expected},
      {"accuracy --set name=../../escaped_accuracy", "name: '../../escaped_accuracy" + expected},
      {"accuracy --set name=/tmp/escaped_accuracy", "name: '/tmp/escaped_accuracy" + expected},
      {"accuracy --set name=.hidden", "name: '.hidden" + expected},
      {"sweep tests/cli/data/escaping_name_sweep.yaml --out " + out.string(),
       "escaping_name_sweep.yaml:1:7: name: '../../escaped_sweep" + expected}};
  check_refused(cases);
  CHECK_FALSE(std::filesystem::exists(out));
  for (const char *escaped : {"../escaped_ppa", "../escaped_accuracy", "../escaped_sweep",
                              "/tmp/escaped_accuracy", "results/.hidden"})
    CHECK_FALSE(std::filesystem::exists(escaped));
}

TEST_CASE("a run's result folder appears whole, and never over files it did not write", "[cli]") {
  // Issue 16 item 5: JSON of one run beside CSV of another; a kill between the writes.
  const auto out = std::filesystem::temp_directory_path() / "lutsim_test_cli_result_folder";
  std::filesystem::remove_all(out);
  const std::string gemm = "gemm --hw a100_lut_4x --m 16 --n 4096 --k 4096 --wbits 2 --out ";
  REQUIRE(run_lutsim(gemm + out.string()).status == 0);
  std::ifstream manifest_in(out / "lutsim_run.json");
  const auto manifest = nlohmann::json::parse(manifest_in);
  CHECK(manifest["command"] == "gemm");
  REQUIRE(manifest["files"].size() == 2);
  CHECK(manifest["files"][0]["name"] == "gemm.csv");
  CHECK(manifest["files"][1]["name"] == "gemm.json");
  CHECK(manifest["files"][1]["bytes"] == std::filesystem::file_size(out / "gemm.json"));
  REQUIRE(run_lutsim(gemm + out.string()).status ==
          0);  // a second run of the same command replaces it
  { std::ofstream(out / "notes.txt") << "mine"; }
  const Run refused = run_lutsim(gemm + out.string());
  CHECK(refused.status == 1);
  CHECK(lines(refused.out) == 1);
  CHECK_THAT(refused.out, Catch::Contains("it holds notes.txt, which this run does not write"));
  CHECK(std::filesystem::exists(out / "notes.txt"));
  std::filesystem::remove_all(out);
}

TEST_CASE("empty and repeated inputs are errors, not empty or repeated rows", "[cli]") {
  // Issue 16 item 9.
  const std::vector<std::pair<std::string, std::string>> cases{
      {"compare --set 'models=[]'", "models: an empty list: expected at least one value"},
      {"accuracy --set 'datapaths.weight_bits=[]'",
       "datapaths.weight_bits: an empty list: expected at least one value"},
      {"accuracy --set 'datapaths.weight_bits=[2,2,2]'",
       "datapaths.weight_bits[1]: '2' repeats datapaths.weight_bits[0]: a list names distinct "
       "values"},
      {"ppa configs/ppa/dot_units.yaml --no-plots --set 'designs=[]'",
       "designs: an empty list: expected at least one value"},
      {"sweep tests/cli/data/duplicate_key_sweep.yaml",
       "duplicate_key_sweep.yaml:6:10: axes[1].key: 'problem.k' is already swept by the axis at "
       "line 4"}};
  check_refused(cases);
}

TEST_CASE("compare measures a LUT design against the GPU it is built on", "[cli]") {
  // Issue 16 item 2: an H100 LUT design against the A100 baseline was sold as a 5x speedup.
  const Run mixed = run_lutsim("compare --set 'lut_gpus=[h100_lut_4x]'");
  CHECK(mixed.status == 1);
  CHECK(lines(mixed.out) == 1);
  CHECK_THAT(mixed.out, Catch::Contains("lut_gpus: H100-LUT-4X (h100_lut_4x.yaml -> h100_sxm.yaml) "
                                        "is not built on the baseline_gpu A100-SXM4-80GB "
                                        "(a100_sxm4_80gb.yaml): compare LUT designs with the GPU "
                                        "they extend"));
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_cli_compare_h100";
  std::filesystem::remove_all(dir);
  const Run own = run_lutsim(
      "compare --set baseline_gpu=h100_sxm --set 'lut_gpus=[h100_lut_4x]' "
      "--set models=[Llama-2-7B] --set weight_bits=[2] --set activations=[fp16] "
      "--out " +
      dir.string());
  INFO(own.out);
  REQUIRE(own.status == 0);
  std::ifstream in(dir / "compare.json");
  const auto j = nlohmann::json::parse(in);
  REQUIRE(j["rows"].size() == 8);  // 2 scenarios x (FP16 TC, INT8 TC, dequant W2A16, LUT-4X)
  for (const auto &row : j["rows"])
    CHECK(row["gpu"] == (row["method"] == "lut" ? "H100-LUT-4X" : "H100-SXM"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a GEMM no tile fits is diagnosed as that, not as missing tensor cores", "[cli]") {
  // Issue 16 item 7: smem_bytes 16384 gave "has no fp16 tensor cores"; an oversized register
  // file overflowed into "no support for lut w2 fp16".
  const std::string gemm = "gemm --m 16 --n 4096 --k 4096 ";
  check_refused(
      {{gemm + "--hw a100_sxm4_80gb --set hw.a100_sxm4_80gb.sm.smem_bytes=16384",
        "A100-SXM4-80GB: no threadblock tile of dense fp16 fits in one SM (16384 bytes of shared "
        "memory, 262144 bytes of registers); the smallest tiles need "},
       {gemm + "--wbits 2 --hw a100_lut_4x "
               "--set hw.a100_lut_4x.sm.register_file_bytes=4611686018427387904",
        "sm.register_file_bytes: value 4611686018427387904 is out of range: must be in [1024, "
        "1073741824]"}});
}

TEST_CASE("an L2 capacity, which no figure depends on, is not accepted", "[cli]") {
  // Issue 16 item 3: memory.l2_bytes was required but never read (0, 40 MB and 2^63-1 gave
  // identical results); the model reads every operand byte from DRAM once, so it is no key.
  check_refused({{"gemm --hw a100_sxm4_80gb --m 16 --n 4096 --k 4096 "
                  "--set hw.a100_sxm4_80gb.memory.l2_bytes=0",
                  "memory.l2_bytes: unknown key 'l2_bytes'"}});
}

TEST_CASE("count options below their minimum say so in one line", "[cli]") {
  // Issue 16: --m 0 printed DBL_MAX in 309 digits.
  const std::string gemm = "gemm --hw a100_lut_4x --n 4096 --k 4096 --wbits 2 ";
  check_refused({{gemm + "--m 0", "--m: expected an integer >= 1, got '0'"},
                 {gemm + "--m 99999999999999999999",
                  "--m: expected an integer >= 1, got '99999999999999999999'"}});
  CHECK(run_lutsim(gemm + "--m 0").out.size() < 200);
}

TEST_CASE("trace options past their documented maximum are refused at the option", "[cli]") {
  // Issue 16 probe set: trace and compile took --batch 2^32 and failed inside make_trace, where
  // lutsim model refused it at workload.batch; every command now checks the same limits.
  const std::string llama = "--model Llama-2-7B --phase decode ";
  check_refused(
      {{"trace " + llama + "--batch 4294967296 -o x.csv",
        "--batch: expected an integer in [1, 1048576], got '4294967296'"},
       {"compile --hw a100_lut_4x " + llama + "--wbits 2 --batch 4294967296 -o x",
        "--batch: expected an integer in [1, 1048576], got '4294967296'"},
       {"model --hw a100_lut_4x " + llama + "--kv-len 16777217",
        "--kv-len: expected an integer in [0, 16777216], got '16777217'"},
       {"trace --model Llama-2-7B --seq 1048577 -o x.csv",
        "--seq: expected an integer in [1, 1048576], got '1048577'"},
       {"trace " + llama + "--tp 65 -o x.csv", "--tp: expected an integer in [1, 64], got '65'"}});
  CHECK_FALSE(std::filesystem::exists("x.csv"));
}

TEST_CASE("a FIFO or a device as a config is refused, not read", "[cli]") {
  // Issue 16: a FIFO as a config blocked, /dev/zero ate memory.
  const Run zero = run_lutsim("config --kind hw /dev/zero");
  CHECK(zero.status == 1);
  CHECK_THAT(zero.out, Catch::Contains("/dev/zero") &&
                          Catch::Contains("not a regular file (a FIFO, device or socket)"));
}

TEST_CASE("an output path that is a FIFO or a device is refused, not replaced", "[cli]") {
  // Issue 16 probe set: `trace -o /dev/null`, run as root, replaced /dev/null by a regular file.
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_cli_fifo_out";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto fifo = dir / "trace.csv";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  check_refused({{"trace --model Llama-2-7B -o " + fifo.string(),
                  "cannot write " + fifo.string() + ": not a regular file (a FIFO, device or "
                  "socket)"}});
  CHECK(std::filesystem::is_fifo(fifo));
  std::filesystem::remove_all(dir);
}

TEST_CASE("what a model run refuses in the model's own dimensions names the model file", "[cli]") {
  // Issue 16 probe set: 'head_dim above 256 has no fused kernel' and 'K = 11009 is not a
  // multiple of the table group size 4' named a dimension but not the model file it came from.
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_cli_model_dims";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ifstream in("configs/models/llama2_7b.yaml");
  const std::string llama((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto variant = [&](const std::string& file, const std::string& from, const std::string& to) {
    std::string text = llama;
    REQUIRE(text.find(from) != std::string::npos);
    text.replace(text.find(from), from.size(), to);
    std::ofstream(dir / file) << text;
    return (dir / file).string();
  };
  const std::string wide_heads = variant("wide_heads.yaml", "head_dim: 128", "head_dim: 512");
  const std::string odd_ffn =
      variant("odd_ffn.yaml", "ffn_intermediate_size: 11008", "ffn_intermediate_size: 11009");
  check_refused({{"model --hw a100_lut_4x --model " + wide_heads + " --phase decode --wbits 2",
                  wide_heads + ": attention batch=32 q_heads=1 kv_heads=1 q_len=1 kv_len=1 "
                               "head_dim=512: head_dim above 256 has no fused kernel"},
                 {"model --hw a100_lut_4x --model " + odd_ffn + " --phase decode --wbits 2",
                  odd_ffn + ": split_precompute: linear 'ffn_down': K = 11009 is not a multiple "
                  "of the table group size 4"}});
  std::filesystem::remove_all(dir);
}
