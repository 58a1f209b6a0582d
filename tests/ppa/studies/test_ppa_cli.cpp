// `lutsim ppa` end to end: a small study through yosys, OpenSTA, iverilog and
// the power calculator, its CSV and plot, and the errors users see.
#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <string>

#include "core/io/text_file.hpp"
#include "tests/support/run_lutsim.hpp"

namespace {

using lutsim::test::Run;
Run run(const std::string& args) {
  return lutsim::test::run_lutsim(args);
}

const std::string kData = "tests/ppa/studies/data/";
const std::filesystem::path kWork = PPA_TEST_WORK_DIR;

}  // namespace

TEST_CASE("lutsim ppa runs a study and writes CSV, JSON and a plot", "[ppa][cli]") {
  const std::filesystem::path out = kWork / "cli_out";
  std::filesystem::remove_all(out);
  const Run r = run("ppa " + kData + "tiny_dot_units.yaml -o " + out.string() + " --cache " +
                    (kWork / "cache").string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("W_INT1 x A_int8 K2: LUT"));
  CHECK_THAT(r.out, Catch::Contains("vs mac: density x"));
  CHECK_THAT(r.out, Catch::Contains("28 nm columns: "));
  const std::string csv = lutsim::read_text_file(out / "tiny_dot_units" / "tiny_dot_units.csv");
  CHECK_THAT(csv, Catch::Contains("# git_revision"));
  CHECK_THAT(csv, Catch::Contains("lut_dot_unit K2 W1 int8 half neg-in-acc"));
  CHECK_THAT(csv, Catch::Contains("mac_dot_unit K2 W1 int8"));
  CHECK(std::filesystem::file_size(out / "tiny_dot_units" / "tiny_dot_units.png") > 10000);
  CHECK(std::filesystem::exists(out / "tiny_dot_units" / "tiny_dot_units.json"));
  // Area per module: the LUT unit's table register and lookup-accumulate element, with
  // their share of the unit; the wrapper top has no cells of its own.
  const std::string modules =
      lutsim::read_text_file(out / "tiny_dot_units" / "tiny_dot_units_modules.csv");
  CHECK_THAT(modules, Catch::Contains("# git_revision"));
  CHECK_THAT(modules, Catch::Contains("lut_dot_unit K2 W1 int8 half neg-in-acc,lut_table_reg,"));
  CHECK_THAT(modules, Catch::Contains("lut_dot_unit K2 W1 int8 half neg-in-acc,lut_pe,"));
  CHECK_THAT(modules, Catch::Contains("mac_dot_unit K2 W1 int8,mac_pe,"));
}

TEST_CASE("lutsim ppa names the file, line and key of a bad study", "[ppa][cli]") {
  const Run r = run("ppa " + kData + "bad_study_kind.yaml -o " + (kWork / "bad").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("bad_study_kind.yaml:1:"));
  CHECK_THAT(r.out, Catch::Contains("study"));
  CHECK_THAT(r.out, Catch::Contains("ppa_dot_units"));
  CHECK_FALSE(std::filesystem::exists(kWork / "bad" / "ppa_dot_unit"));
}

TEST_CASE("lutsim ppa --help lists the studies", "[ppa][cli]") {
  const Run r = run("ppa --help");
  CHECK(r.status == 0);
  for (const char* s : {"ppa_dot_units", "ppa_group_size", "ppa_array_shapes", "ppa_weight_bits",
                        "ppa_ablation", "ppa_tensor_core", "--no-plots", "--cache"}) {
    CHECK_THAT(r.out, Catch::Contains(s));
  }
}

TEST_CASE("lutsim ppa prices array shapes with the analytic model", "[ppa][cli]") {
  const std::filesystem::path out = kWork / "analytic_out";
  std::filesystem::remove_all(out);
  const Run r = run("ppa " + kData + "tiny_array_shapes_analytic.yaml -o " + out.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("W_INT2 x A_int8: smallest area x power is M"));
  const std::string csv =
      lutsim::read_text_file(out / "tiny_array_shapes" / "tiny_array_shapes.csv");
  CHECK_THAT(csv, Catch::Contains("analytic (components_nangate45.yaml)"));
  CHECK_THAT(csv, Catch::Contains("lut_array M2N64K4 W2 int8 half neg-in-acc"));
  CHECK(std::filesystem::file_size(out / "tiny_array_shapes" / "tiny_array_shapes.png") > 10000);
}
