// lutsim sweep with its results store end to end: cache, --jobs, --shard,
// merge and export.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/run_lutsim.hpp"

namespace {

namespace fs = std::filesystem;
using lutsim::test::Run;

const std::string kSweep = "sweep tests/cli/data/gemm_small_sweep.yaml ";

fs::path fresh(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("lutsim_test_sweep_store_" + name);
  fs::remove_all(dir);
  return dir;
}

Run run_ok(const std::string& args) {
  const Run r = lutsim::test::run_lutsim(args);
  INFO(args << "\n" << r.out);
  REQUIRE(r.status == 0);
  return r;
}

// The lines of a CSV file or text that are not '#' comments (those hold the
// creation time and the command).
std::vector<std::string> rows_of(std::istream& in) {
  std::vector<std::string> rows;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("#")) rows.push_back(line);
  }
  return rows;
}

std::vector<std::string> csv_rows(const fs::path& file) {
  std::ifstream in(file);
  return rows_of(in);
}

std::vector<std::string> exported_rows(const fs::path& store) {
  std::istringstream in(run_ok("sweep export " + store.string()).out);
  return rows_of(in);
}

}  // namespace

TEST_CASE("a re-run of a sweep takes every point from its store", "[cli]") {
  const fs::path out = fresh("rerun");
  const std::string store = (out / "sweep.sqlite").string();
  const Run first = run_ok(kSweep + "--out " + out.string());
  CHECK_THAT(first.out, Catch::Contains("sweep: 8 points, 0 cached in " + store + ", 8 run in"));
  CHECK_THAT(first.out, Catch::Contains("store " + store));
  const auto rows = csv_rows(out / "sweep.csv");
  REQUIRE(rows.size() == 1 + 8);  // header, one row per GEMM
  CHECK(rows[0].starts_with("sweep_point,m,n,weight_bits,"));
  CHECK(rows[8].starts_with("\"m=16, n=8192, weight_bits=4\",16,8192,4,"));

  const Run second = run_ok(kSweep + "--out " + out.string());
  CHECK_THAT(second.out, Catch::Contains("sweep: 8 points, 8 cached in " + store + ", 0 run in"));
  CHECK(csv_rows(out / "sweep.csv") == rows);
  std::ifstream manifest(out / "lutsim_run.json");
  CHECK(nlohmann::json::parse(manifest)["files"].dump().find("sweep.sqlite") != std::string::npos);
  std::ifstream json(out / "sweep.json");
  const auto j = nlohmann::json::parse(json);
  CHECK(j["rows"].size() == 8);
  const auto& first_config = j["config"]["points"][0]["config"];
  CHECK(first_config["hw"]["a100_lut_4x"].is_object());
  const auto fifth = first_config.patch(j["config"]["points"][5]["config_patch"]);
  CHECK(fifth["m"] == 16);
  CHECK(fifth["hw"]["a100_lut_4x"] == first_config["hw"]["a100_lut_4x"]);

  // The export holds the same table; a third run with another --out reuses the store.
  CHECK(exported_rows(store) == rows);
  const fs::path elsewhere = fresh("rerun_elsewhere");
  const Run third = run_ok(kSweep + "--out " + elsewhere.string() + " --store " + store);
  CHECK_THAT(third.out, Catch::Contains("8 cached"));
  CHECK(csv_rows(elsewhere / "sweep.csv") == rows);
  CHECK_FALSE(fs::exists(elsewhere / "sweep.sqlite"));
  fs::remove_all(out);
  fs::remove_all(elsewhere);
}

TEST_CASE("sweep --jobs 3 writes what --jobs 1 writes", "[cli]") {
  const fs::path one = fresh("jobs1");
  const fs::path three = fresh("jobs3");
  run_ok(kSweep + "--jobs 1 --out " + one.string());
  const Run r = run_ok(kSweep + "-j 3 --out " + three.string());
  CHECK_THAT(r.out, Catch::Contains("8 run in"));
  CHECK(csv_rows(three / "sweep.csv") == csv_rows(one / "sweep.csv"));
  CHECK(exported_rows(three / "sweep.sqlite") == exported_rows(one / "sweep.sqlite"));
  fs::remove_all(one);
  fs::remove_all(three);
}

TEST_CASE("two shards merged equal the unsharded sweep point for point", "[cli]") {
  const fs::path whole = fresh("whole");
  const fs::path s0 = fresh("shard0");
  const fs::path s1 = fresh("shard1");
  const fs::path merged = fresh("merged");
  run_ok(kSweep + "--out " + whole.string());
  run_ok(kSweep + "--shard 0/2 --out " + s0.string());
  const Run r1 = run_ok(kSweep + "--shard 1/2 --out " + s1.string());
  CHECK_THAT(r1.out, Catch::Contains("sweep: 4 points, 0 cached"));
  const auto shard0 = csv_rows(s0 / "sweep.csv");
  REQUIRE(shard0.size() == 1 + 4);
  CHECK(shard0[2].starts_with("\"m=1, n=8192, weight_bits=2\""));  // point 2 = 0 mod 2

  const std::string m = (merged / "all.sqlite").string();
  const Run merge = run_ok("sweep merge " + m + " " + (s0 / "sweep.sqlite").string() + " " +
                           (s1 / "sweep.sqlite").string());
  CHECK_THAT(merge.out, Catch::Contains("sweep.sqlite: 4 points added, 0 already present (run by ") &&
                            Catch::Contains("store " + m + ": 8 points"));
  CHECK(exported_rows(m) == exported_rows(whole / "sweep.sqlite"));
  // Merging a shard again adds nothing; its points are equal.
  const Run again = run_ok("sweep merge " + m + " " + (s1 / "sweep.sqlite").string());
  CHECK_THAT(again.out, Catch::Contains("0 points added, 4 already present"));
  for (const auto& d : {whole, s0, s1, merged}) fs::remove_all(d);
}

TEST_CASE("sweep export writes JSON with units and every point's key and revision", "[cli]") {
  const fs::path out = fresh("export_json");
  run_ok(kSweep + "--out " + out.string());
  const fs::path file = out / "exported.json";
  run_ok("sweep export " + (out / "sweep.sqlite").string() + " --format json -o " + file.string());
  std::ifstream in(file);
  const auto j = nlohmann::json::parse(in);
  CHECK(j["command"] == "sweep export");
  REQUIRE(j["rows"].size() == 8);
  CHECK(j["rows"][3]["sweep_point"] == "m=1, n=8192, weight_bits=4");
  CHECK(j["config"]["points"][3]["point_key"].get<std::string>().size() == 64);
  CHECK(j["config"]["points"][3]["git_revision"] == j["git_revision"]);
  fs::remove_all(out);
}

TEST_CASE("bad sweep store options give one line", "[cli]") {
  const fs::path text = fresh("text_store");
  fs::create_directories(text);
  std::ofstream(text / "notes.sqlite") << "not a database\n";
  for (const auto& [args, status, message] : std::vector<std::tuple<std::string, int, std::string>>{
           {kSweep + "--shard 2/2", 2, "--shard: expected i/n with integers 0 <= i < n, got '2/2'"},
           {kSweep + "--shard 1", 2, "got '1'"},
           {kSweep + "--shard a/2", 2, "got 'a/2'"},
           {kSweep + "--jobs 0", 2, "--jobs: expected an integer >= 1, got '0'"},
           {"sweep", 2, "file is required"},
           {"sweep --jobs 2 export " + (text / "notes.sqlite").string(), 2,
            "--jobs applies to running a sweep, not to `sweep export`"},
           {"sweep export " + (text / "notes.sqlite").string(), 1,
            "lutsim: error: " + (text / "notes.sqlite").string() + ": "},
           {"sweep export " + (text / "absent.sqlite").string(), 1,
            (text / "absent.sqlite").string() + ": no such store file"},
           {"sweep merge " + (text / "m.sqlite").string() + " " + (text / "notes.sqlite").string(), 1,
            "lutsim: error: " + (text / "notes.sqlite").string() + ": "}}) {
    const Run r = lutsim::test::run_lutsim(args);
    INFO(args << "\n" << r.out);
    CHECK(r.status == status);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
    CHECK_THAT(r.out, Catch::Contains(message));
  }
  fs::remove_all(text);
}

TEST_CASE("zipped axes advance together and each point is what lutsim gemm gives", "[cli]") {
  const fs::path out = fresh("zip");
  run_ok("sweep tests/cli/data/gemm_zip_sweep.yaml --out " + out.string());
  std::ifstream in(out / "sweep.json");
  const auto rows = nlohmann::json::parse(in)["rows"];
  REQUIRE(rows.size() == 4);
  const std::vector<std::vector<std::string>> expected{
      {"4096", "2048", "2"}, {"4096", "2048", "4"}, {"8192", "1024", "2"}, {"8192", "1024", "4"}};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    const auto& e = expected[i];
    CHECK(row["sweep_point"] == "n=" + e[0] + ", k=" + e[1] + ", weight_bits=" + e[2]);
    CHECK(std::vector<std::string>{row["n"], row["k"], row["weight_bits"]} == e);
    const auto gemm = nlohmann::json::parse(
        run_ok("gemm --hw a100_lut_4x --m 16 --n " + e[0] + " --k " + e[1] + " --wbits " + e[2] +
               " --json")
            .out)["tables"]["gemm"][0];
    CHECK(row["time"] == gemm["time_us"]);
    CHECK(row["kernel"] == gemm["kernel"]);
  }
  fs::remove_all(out);
}

TEST_CASE("a zip of lists of unequal length names both axes before any point runs", "[cli]") {
  const fs::path out = fresh("zip_unequal");
  const Run r = lutsim::test::run_lutsim("sweep tests/cli/data/gemm_zip_unequal_sweep.yaml --out " +
                                         out.string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("tests/cli/data/gemm_zip_unequal_sweep.yaml:9:17: "
                                    "axes[0].zip[1].values: zipped axes need lists of equal "
                                    "length: 'k' has 3 values, 'n' (line 6) has 2"));
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("a random axis runs its drawn values, each what lutsim gemm gives", "[cli]") {
  const fs::path out = fresh("random");
  run_ok("sweep tests/cli/data/gemm_random_sweep.yaml --out " + out.string());
  std::ifstream in(out / "sweep.json");
  const auto sweep = nlohmann::json::parse(in);
  const auto& rows = sweep["rows"];
  REQUIRE(rows.size() == 3);
  for (const auto& row : rows) {
    const std::string n = row["n"];
    CHECK(std::stoll(n) >= 256);
    CHECK(std::stoll(n) <= 65536);
    const auto gemm = nlohmann::json::parse(
        run_ok("gemm --hw a100_lut_4x --m 16 --n " + n + " --k 4096 --wbits 2 --json")
            .out)["tables"]["gemm"][0];
    CHECK(row["time"] == gemm["time_us"]);
  }
  // The same seed draws the same values: a re-run takes all three from the store.
  CHECK_THAT(run_ok("sweep tests/cli/data/gemm_random_sweep.yaml --out " + out.string()).out,
             Catch::Contains("3 points, 3 cached"));
  fs::remove_all(out);
}

TEST_CASE("a PPA study sweeps like any study: one row per design point and sweep point", "[cli]") {
  const fs::path out = fresh("ppa");
  const Run r =
      run_ok("sweep configs/sweeps/ppa_dot_units_library_clock.yaml --out " + out.string());
  CHECK_THAT(r.out, Catch::Contains("sweep: 4 points, 0 cached"));
  // 40 rows printed, every row in the CSV.
  CHECK_THAT(r.out, Catch::Contains("\n... 68 more rows\n"));
  const auto rows = csv_rows(out / "sweep_ppa_dot_units.csv");
  // Header, then 3 designs x 3 weight widths x 3 activation formats per point.
  REQUIRE(rows.size() == 1 + 4 * 27);
  CHECK(rows[0].starts_with("sweep_point,method,library,clock_mhz,family,k,weight_bits,activation,"));
  CHECK(rows[1].starts_with(
      "\"method=analytic, library=nangate45, clock_mhz=500\",analytic,nangate45,500,lut,4,1,fp16,"));
  CHECK(rows[108].starts_with(
      "\"method=analytic, library=asap7, clock_mhz=1000\",analytic,asap7,1000,add,4,4,int8,"));
}

TEST_CASE("a derived axis sets its key at every point: LUT arrays of equal lookups per cycle",
          "[cli]") {
  const fs::path out = fresh("derived");
  const Run r =
      run_ok("sweep configs/sweeps/design_point_area_normalized.yaml --out " + out.string());
  CHECK_THAT(r.out, Catch::Contains("sweep: 18 points, 0 cached"));
  // The table says how array_n was derived.
  const nlohmann::json j = nlohmann::json::parse(std::ifstream(out / "sweep.json"));
  REQUIRE(j["columns"].size() > 3);
  CHECK(j["columns"][3]["name"] == "array_n");
  CHECK(j["columns"][3]["description"] ==
        "axis hw.a100_lut_4x.lut_tensor_core.array_n (derived: 512 / (array_m * array_k))");
  // Each point ran the array its derived array_n gives (the study's `array`
  // column, from the resolved hardware config): M x N x K = 512.
  const auto rows = csv_rows(out / "sweep.csv");
  REQUIRE(rows.size() == 1 + 18);
  CHECK(
      rows[0].starts_with("sweep_point,array_m,array_k,array_n,workload.weight_bits,workload,"
                          "array,"));
  for (std::size_t i = 1; i < rows.size(); ++i) {
    INFO(rows[i]);
    const std::string cells = rows[i].substr(rows[i].find("\",") + 2);
    int m = 0, k = 0, n = 0, bits = 0;
    REQUIRE(std::sscanf(cells.c_str(), "%d,%d,%d,%d,", &m, &k, &n, &bits) == 4);
    CHECK(m * n * k == 512);
    CHECK_THAT(cells, Catch::Contains(",M" + std::to_string(m) + "N" + std::to_string(n) + "K" +
                                      std::to_string(k) + ","));
  }
  CHECK(
      rows[18].starts_with("\"hw.a100_lut_4x.lut_tensor_core.array_m=8, "
                           "hw.a100_lut_4x.lut_tensor_core.array_k=4, "
                           "hw.a100_lut_4x.lut_tensor_core.array_n=16, "
                           "workload.weight_bits=4\",8,4,16,4,"));
  fs::remove_all(out);
}
