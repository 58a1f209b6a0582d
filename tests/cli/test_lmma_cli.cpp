// lutsim lmma end to end: a hand-written program with a hand-computed cycle
// count, a generated GEMM warp program, --help, and bad input.
#include <catch2/catch.hpp>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "core/io/text_file.hpp"
#include "tests/support/run_lutsim.hpp"

namespace {

using lutsim::test::Run;

using lutsim::test::run_lutsim;

nlohmann::json row_of(const nlohmann::json& doc) {
  REQUIRE(doc["rows"].size() == 1);
  return doc["rows"][0];
}

}  // namespace

// a100_lut_4x, ld.shared.b128 t0 then three dependent lmma.m2n256k16 (w2):
// the load (4 wavefronts) is written at 23 + 3 + 1 = 27; each lmma collects
// 13 bank-0 registers in 7 cycles, runs 4 groups x 2 planes = 8 cycles on
// one of the four arrays (latency 7 + 1), and writes 16 registers in 4
// cycles: issues at 27, 46, 65, done at 84; 26 + 18 + 18 dependency stalls.
TEST_CASE("lutsim lmma runs a program file and reports cycles with units", "[cli][systemc]") {
  const Run r = run_lutsim("lmma --hw a100_lut_4x --program tests/cli/data/lmma_chain.lmma --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  const nlohmann::json row = row_of(doc);
  CHECK(row["cycles"] == 84);
  CHECK(row["instructions"] == 4);
  CHECK(row["stall_dependency_cycles"] == 62);
  CHECK(row["drain_cycles"] == 18);
  CHECK(row["lut_lookups"] == 3 * 2 * 256 * 4 * 2);
  CHECK(doc["units"]["cycles"] == "cycles");
  CHECK(doc["units"]["smem_read_bytes"] == "bytes");
  CHECK(doc["config"]["hardware"]["name"] == "A100-LUT-4X");
  CHECK(doc["config"]["hardware"]["sub_core"]["register_banks"] == 2);
  CHECK(doc["command"] == "lmma");
  CHECK(doc.contains("git_revision"));

  const Run text = run_lutsim("lmma --hw a100_lut_4x --program tests/cli/data/lmma_chain.lmma");
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("A100-LUT-4X sub-core") && Catch::Contains("cycles"));
}

TEST_CASE("lutsim lmma generates the warp program of a GEMM", "[cli][systemc]") {
  // Small K: every K step resident, so the values are checked against lut_mpgemm.
  const Run small = run_lutsim("lmma --hw a100_lut_4x --m 16 --n 4096 --k 256 --wbits 2 --json");
  INFO(small.out);
  REQUIRE(small.status == 0);
  const nlohmann::json doc = nlohmann::json::parse(small.out);
  CHECK(doc["gemm"]["values_checked_against_lut_mpgemm"] == true);
  // The tile model picks a 16 x 64 x 64 CTA tile, so a 16 x 64 warp tile of
  // m8n64k64 lmmas; 4 K steps, so fill and drain cost a third (docs/systemc.md).
  CHECK(doc["gemm"]["warp_tile"]["m"] == 16);
  CHECK(doc["gemm"]["warp_tile"]["n"] == 64);
  CHECK(doc["gemm"]["k_steps"] == 4);
  CHECK(doc["gemm"]["sub_core_over_tile_model"].get<double>() == Approx(0.684).epsilon(0.01));
  CHECK(doc["config"]["lmma"]["gemm"]["wbits"] == 2);

  const Run large = run_lutsim("lmma --hw a100_lut_4x --m 2048 --n 8192 --k 8192 --wbits 2");
  INFO(large.out);
  REQUIRE(large.status == 0);
  CHECK_THAT(large.out, Catch::Contains("values: not computed") &&
                            Catch::Contains("tile model's choice") &&
                            Catch::Contains("ratio 0.99"));
}

// The MAC design a LUT design replaces, on the same GEMM and the same
// hardware config: mma.sync m16n8k16 in the dense kernel's 64 x 64 warp tile
// (CTA 256 x 128 x 32, split-K 4: 64 K steps of 32). On A100-LUT-4X the MMA
// tensor core is the A100's, so the warp tile runs at 0.993 of the dense rate
// (docs/systemc.md, "MMA baseline programs").
TEST_CASE("lutsim lmma --kernel mma runs the MMA baseline of the same GEMM", "[cli][systemc]") {
  const Run r = run_lutsim("lmma --hw a100_lut_4x --kernel mma --m 2048 --n 8192 --k 8192 --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  const nlohmann::json& g = doc["gemm"];
  CHECK(g["kernel"] == "mma");
  CHECK(g["warp_tile"]["m"] == 64);
  CHECK(g["warp_tile"]["n"] == 64);
  CHECK(g["k_steps"] == 64);
  CHECK(g["k_step"] == 32);
  CHECK(g["split_k"] == 4);
  CHECK(g["tile_model_macs_per_cycle_per_sm"] == 1024.0);
  CHECK(g["sub_core_over_tile_model"].get<double>() == Approx(0.9927).epsilon(0.001));
  CHECK(g["values_checked_against_lut_mpgemm"] == false);
  CHECK_FALSE(g.contains("weight_bits"));
  const nlohmann::json row = row_of(doc);
  CHECK(row["cycles"] == 33008);
  CHECK(row["mma_macs"] == 64 * 64 * 32 * 64);
  CHECK(row["lut_lookups"] == 0);
  CHECK(doc["config"]["lmma"]["gemm"]["kernel"] == "mma");
  CHECK_FALSE(doc["config"]["lmma"]["gemm"].contains("wbits"));

  const Run text = run_lutsim("lmma --hw a100_sxm4_80gb --kernel mma --m 2048 --n 8192 --k 8192");
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("mma GEMM 2048 x 8192 x 8192 fp16") &&
                           Catch::Contains("MMA baseline runs timing only"));
}

// --vcd runs the core in its SystemC shell: the same figures, a waveform
// beside them, and nothing but the JSON on stdout.
TEST_CASE("lutsim lmma --vcd writes the run's waveform", "[cli][systemc]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "lutsim_lmma_vcd";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string vcd = (dir / "chain.vcd").string();
  const Run r = run_lutsim(
      "lmma --hw a100_lut_4x --program tests/cli/data/lmma_chain.lmma --json --vcd " + vcd);
  INFO(r.out);
  REQUIRE(r.status == 0);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  CHECK(row_of(doc)["cycles"] == 84);
  CHECK(doc["config"]["lmma"]["vcd"] == vcd);
  const std::string wave = lutsim::read_text_file(vcd);
  CHECK_THAT(wave, Catch::Contains("$timescale") && Catch::Contains("busy_lut_tensor_core") &&
                       Catch::Contains("stall_reason"));
  // One file: no temporary left beside it.
  CHECK(std::distance(std::filesystem::directory_iterator(dir), {}) == 1);

  const Run gemm = run_lutsim("lmma --hw a100_lut_4x --m 16 --n 256 --k 64 --vcd " +
                              (dir / "gemm.vcd").string());
  CHECK(gemm.status == 0);
  CHECK(std::filesystem::file_size(dir / "gemm.vcd") > 0);

  const Run folder = run_lutsim(
      "lmma --hw a100_lut_4x --program tests/cli/data/lmma_chain.lmma --vcd " + dir.string());
  CHECK(folder.status == 2);
  CHECK_THAT(folder.out, Catch::Contains("--vcd"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("lutsim lmma --help and bad input", "[cli][systemc]") {
  const Run help = run_lutsim("lmma --help");
  CHECK(help.status == 0);
  CHECK_THAT(help.out, Catch::Contains("--program") && Catch::Contains("--wbits") &&
                           Catch::Contains("sub_core") && Catch::Contains("--kernel") &&
                           Catch::Contains("mma.sync m16n8k16"));
  for (const char* args :
       {"lmma --hw a100_lut_4x", "lmma --hw a100_lut_4x --m 16 --n 256",
        "lmma --hw a100_lut_4x --program tests/cli/data/lmma_chain.lmma --m 1 --n 1 --k 1",
        "lmma --hw a100_lut_4x --program tests/cli/data/lmma_chain.lmma --wbits 3",
        "lmma --hw a100_lut_4x --m 16 --n 256 --k 64 --wbits 9",
        "lmma --hw a100_lut_4x --program no/such/file.lmma",
        "lmma --hw a100_lut_4x --program tests/cli/data/lmma_chain.lmma --kernel mma",
        "lmma --hw a100_lut_4x --m 16 --n 256 --k 64 --kernel dequant"}) {
    const Run r = run_lutsim(args);
    INFO(args << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::StartsWith("lutsim: error: "));
  }
  const Run parse =
      run_lutsim("lmma --hw a100_lut_4x --program tests/cli/data/lmma_bad_operand.lmma");
  CHECK(parse.status == 1);
  CHECK(parse.out ==
        "lutsim: error: tests/cli/data/lmma_bad_operand.lmma:1:41: expected ',', found end of "
        "line\n");
  // Issue 16 probe set: what the sub-core cannot run named the line but not the program file.
  const Run address = run_lutsim("lmma --hw a100_lut_4x --program tests/cli/data/lmma_bad_address.lmma");
  CHECK(address.status == 1);
  CHECK_THAT(address.out, Catch::StartsWith("lutsim: error: tests/cli/data/lmma_bad_address.lmma: "
                                            "line 2: ld.shared.b128 t0, [lane*65537]: lane 1 "
                                            "address 65537: expected a multiple of 16"));
  // Issue 16 (--m 0 printed DBL_MAX in 309 digits): lmma's sizes too say so in one short line.
  const Run zero = run_lutsim("lmma --hw a100_lut_4x --m 16 --n 256 --k 0");
  CHECK(zero.status == 2);
  CHECK(zero.out == "lutsim: error: --k: expected an integer >= 1, got '0' (see lutsim --help)\n");
  // Combinations the MMA baseline does not model are refused by name.
  const Run wbits =
      run_lutsim("lmma --hw a100_sxm4_80gb --kernel mma --m 16 --n 256 --k 64 --wbits 2");
  CHECK(wbits.status == 2);
  CHECK_THAT(wbits.out, Catch::StartsWith("lutsim: error: --wbits: applies to --kernel lut only"));
  const Run fp8 = run_lutsim("lmma --hw h100_sxm --kernel mma --m 16 --n 256 --k 64 --act fp8");
  CHECK(fp8.status == 2);
  CHECK_THAT(fp8.out, Catch::StartsWith("lutsim: error: --act: fp8 with --kernel mma is not "
                                        "modelled"));
  const Run no_lut = run_lutsim("lmma --hw a100_sxm4_80gb --m 16 --n 256 --k 64");
  CHECK(no_lut.status == 1);
  CHECK_THAT(no_lut.out, Catch::Contains("has no LUT tensor cores"));
  const Run no_sub_core =
      run_lutsim("lmma --hw tests/core/specs/data/lut_4x.yaml --m 16 --n 256 --k 64");
  CHECK(no_sub_core.status == 1);
  CHECK_THAT(no_sub_core.out, Catch::Contains("no sub_core section"));
}
