// `lutsim ppa` end to end: a small study through yosys, OpenSTA, iverilog and
// the power calculator, its CSV and plot, and the errors users see.
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/text_file.hpp"
#include "tests/support/run_lutsim.hpp"

namespace {

using lutsim::test::Run;
Run run(const std::string& args) {
  return lutsim::test::run_lutsim(args);
}

const std::string kData = "tests/ppa/studies/data/";
const std::filesystem::path kWork = PPA_TEST_WORK_DIR;

// The cells of `csv`'s rows (comment lines skipped), the header first.
std::vector<std::vector<std::string>> csv_rows(const std::string& csv) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(csv);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line.front() == '#') continue;
    std::vector<std::string> cells;
    std::istringstream fields(line);
    for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace

TEST_CASE("lutsim ppa runs a study and writes CSV, JSON and a plot", "[ppa][cli]") {
  const std::filesystem::path out = kWork / "cli_out";
  std::filesystem::remove_all(out);
  const Run r = run("ppa " + kData + "tiny_dot_units.yaml -o " + out.string() + " --cache " +
                    (kWork / "cache").string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("W_INT1 x A_int8 K2: LUT"));
  CHECK_THAT(r.out, Catch::Contains(" less area per MAC/cycle, density x"));
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
  // Area per component, each item naming its module; the items sum to the design's area.
  const auto components = csv_rows(
      lutsim::read_text_file(out / "tiny_dot_units" / "tiny_dot_units_components.csv"));
  const auto table =
      csv_rows(lutsim::read_text_file(out / "tiny_dot_units" / "tiny_dot_units.csv"));
  std::vector<double> areas;
  for (const std::string design :
       {"lut_dot_unit K2 W1 int8 half neg-in-acc", "mac_dot_unit K2 W1 int8"}) {
    double sum = 0, power_sum = 0;
    std::vector<std::string> items;
    std::map<std::string, double> item_power;
    for (const auto& row : components) {
      if (row[0] != design) continue;
      items.push_back(row[1] + " " + row[2]);
      sum += std::stod(row[4]);
      power_sum += std::stod(row[6]);  // mW
      item_power[row[1] + " " + row[2]] = std::stod(row[6]);
    }
    double area = 0, power = 0;
    const auto& header = table.front();
    const auto power_column = std::find(header.begin(), header.end(), "power") - header.begin();
    for (const auto& row : table) {
      const auto at = std::find(row.begin(), row.end(), design);
      // design_label, rtl, pipeline_stages, area
      if (at != row.end()) {
        area = std::stod(*(at + 3));
        power = std::stod(row[static_cast<std::size_t>(power_column)]);
      }
    }
    INFO(design);
    CHECK(area > 0);
    areas.push_back(area);
    CHECK(sum == Approx(area).epsilon(1e-9));
    // Power itemized the same way: every cell's power counted once, the input ports' too.
    CHECK(power > 0);
    CHECK(power_sum == Approx(power).epsilon(1e-9));
    CHECK(item_power["other (input ports)"] > 0);
    const auto has = [&](const std::string& item) {
      return std::find(items.begin(), items.end(), item) != items.end();
    };
    if (design.starts_with("lut")) {
      CHECK(item_power["tables lut_table_reg"] > 0);
      CHECK(item_power["accumulators lut_pe"] > 0);
      CHECK(item_power["lookup muxes lut_lookup"] > 0);
      CHECK(has("tables lut_table_reg"));
      CHECK(has("lookup muxes lut_lookup"));
      CHECK(has("accumulators lut_pe"));
      CHECK(has("control lut_ctrl"));
    } else {
      CHECK(has("mac datapath mac_pe"));
    }
  }
  // Both do K2 = 2 MACs per cycle at W_INT1: the area ratio is the MAC's over the LUT's.
  REQUIRE(areas.size() == 2);
  char ratio[96];
  std::snprintf(ratio, sizeof ratio, "vs mac: x%.2f less area per MAC/cycle", areas[1] / areas[0]);
  CHECK_THAT(r.out, Catch::Contains(ratio));
}

TEST_CASE("lutsim ppa says by how much a design misses the clock and which clock it meets",
          "[ppa][cli]") {
  const std::filesystem::path out = kWork / "cli_out_fast_clock";
  std::filesystem::remove_all(out);
  const Run r = run("ppa " + kData + "tiny_dot_units_fast_clock.yaml -o " + out.string() +
                    " --cache " + (kWork / "cache").string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("2 of 2 designs miss the study clock (they have no "
                                    "compute_density or energy_efficiency: empty, '-' in the "
                                    "table; "));
  const auto rows = csv_rows(
      lutsim::read_text_file(out / "tiny_dot_units_fast_clock" / "tiny_dot_units_fast_clock.csv"));
  REQUIRE(rows.size() == 3);
  const auto column = [&](const std::string& name) {
    const auto it = std::find(rows[0].begin(), rows[0].end(), name);
    REQUIRE(it != rows[0].end());
    return static_cast<std::size_t>(it - rows[0].begin());
  };
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const double path_ns = std::stod(rows[i][column("critical_path")]);
    const double slack_ns = std::stod(rows[i][column("clock_slack")]);
    CHECK(rows[i][column("meets_clock")] == "no");
    CHECK(slack_ns == Approx(1000.0 / 5000.0 - path_ns).margin(1e-3));
    CHECK(slack_ns < 0);
    CHECK(std::stod(rows[i][column("max_clock")]) == Approx(1000.0 / path_ns).epsilon(1e-3));
    // Not priced as if it ran at the study clock: no such figure, an empty field (issue 16:
    // no figure is NaN).
    CHECK(rows[i][column("compute_density")].empty());
    CHECK(rows[i][column("energy_efficiency")].empty());
    CHECK(rows[i][column("pipeline_stages")] == "0");
    // The note names each design with its miss and the clock it meets.
    CHECK_THAT(r.out, Catch::Contains(rows[i][column("design_label")] + " misses by "));
  }
  // Neither design has a density or an efficiency, so neither has a ratio: '-', never 0.
  CHECK_THAT(r.out, Catch::Contains(": LUT - TOPS/mm^2, - TOPS/W; vs mac: x"));
  CHECK_THAT(r.out, Catch::Contains(" less area per MAC/cycle, density x-, efficiency x-"));
  CHECK_THAT(r.out, !Catch::Contains("x0.00"));
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
