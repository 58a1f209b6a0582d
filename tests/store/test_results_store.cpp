#include "store/results_store.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include "store/store_merge.hpp"
#include "store/sweep_tables.hpp"

namespace lutsim::store {
namespace {

namespace fs = std::filesystem;

const std::vector<StoredAxis> kAxes{{"m", "m"}, {"bits", "weight_bits"}};

ResultTable study_table(std::int64_t m, double time_us) {
  ResultTable t({{"kernel", "", "kernel family"},
                 {"m", "1", "rows"},
                 {"time", "us", "GEMM time"},
                 {"share", "%", "of peak"}});
  t.add_row({std::string("lut \"int8\", ü"), m, time_us, 0.1});
  t.add_row({std::string("dense"), m + 1, std::numeric_limits<double>::quiet_NaN(), -1e300});
  return t;
}

StoredPoint point(std::int64_t index, std::int64_t m, double time_us) {
  return {"key" + std::to_string(index),
          "rev1",
          index,
          "m=" + std::to_string(m) + ", weight_bits=2",
          {std::to_string(m), "2"},
          {{"m", m}, {"hw", {{"freq_hz", 1.41e9}}}},
          {{"gemm", study_table(m, time_us)}}};
}

// A fresh store file in the temporary folder.
fs::path fresh_store_file(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "lutsim_test_store";
  fs::create_directories(dir);
  const fs::path file = dir / (name + ".sqlite");
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(file.string() + suffix);
  return file;
}

}  // namespace

TEST_CASE("a stored point reads back cell for cell, with units in its column names", "[store]") {
  const fs::path file = fresh_store_file("roundtrip");
  {
    auto s = ResultsStore::open_for_writing(file, kAxes);
    CHECK(s.put(point(1, 16, 12.5)));
    CHECK(s.put(point(0, 1, 3.25)));
    CHECK_FALSE(s.put(point(1, 16, 99.0)));  // the key is stored: nothing written
    CHECK(s.size() == 2);
  }
  auto s = ResultsStore::open_existing(file);
  CHECK(s.axes() == kAxes);
  CHECK(s.keys() == std::vector<std::string>{"key0", "key1"});  // sweep order
  const auto p = s.get("key1");
  REQUIRE(p);
  const StoredPoint expected = point(1, 16, 12.5);
  CHECK(same_results(*p, expected));
  CHECK(p->label == expected.label);
  CHECK(p->axis_values == expected.axis_values);
  CHECK(p->git_revision == "rev1");
  CHECK(p->index == 1);
  const auto& rows = p->tables.at(0).table.rows();
  REQUIRE(rows.size() == 2);
  CHECK(std::get<std::string>(rows[0][0]) == "lut \"int8\", ü");
  CHECK(std::get<std::int64_t>(rows[0][1]) == 16);
  CHECK(std::get<double>(rows[0][2]) == 12.5);
  CHECK(std::get<double>(rows[0][3]) == 0.1);
  CHECK(std::isnan(std::get<double>(rows[1][2])));
  CHECK(std::get<double>(rows[1][3]) == -1e300);
  CHECK(p->tables.at(0).table.columns()[2].description == "GEMM time");
  CHECK_FALSE(s.get("key9"));

  SqliteDatabase db(file, SqliteDatabase::Access::kExisting);
  SqliteStatement names(db, "SELECT * FROM rows_gemm");
  std::vector<std::string> columns;
  for (int c = 0; c < names.columns(); ++c) columns.push_back(names.column_name(c));
  CHECK(columns ==
        std::vector<std::string>{"point_key", "row_index", "kernel", "m", "time_us",
                                 "share_percent"});
}

TEST_CASE("a store refuses points and sweeps that do not fit it, naming the file", "[store]") {
  const fs::path file = fresh_store_file("refusals");
  {
    auto s = ResultsStore::open_for_writing(file, kAxes);
    s.put(point(0, 1, 1.0));
    StoredPoint other = point(1, 2, 2.0);
    other.tables[0].table = ResultTable({{"kernel", "", ""}});
    CHECK_THROWS_WITH(s.put(other), Catch::StartsWith(file.string() + ": point m=2") &&
                                        Catch::Contains("differ in names or columns"));
    CHECK(s.size() == 1);  // the refused point's transaction rolled back
  }
  CHECK_THROWS_WITH(ResultsStore::open_for_writing(file, {{"m", "m"}}),
                    Catch::StartsWith(file.string() + ": holds a sweep over the axes [m (m), "
                                                      "bits (weight_bits)], not [m (m)]"));
}

TEST_CASE("a file that is no store is refused with its name", "[store]") {
  const fs::path text = fresh_store_file("not_a_store");
  std::ofstream(text) << "point_key,time_us\nabc,1.5\n";
  CHECK_THROWS_WITH(ResultsStore::open_existing(text),
                    Catch::StartsWith(text.string() + ": ") &&
                        Catch::Contains("file is not a database"));
  const fs::path empty = fresh_store_file("empty");
  std::ofstream{empty};
  CHECK_THROWS_WITH(ResultsStore::open_existing(empty),
                    text.parent_path().string() + "/empty.sqlite: not a lutsim sweep store (no "
                                                  "lutsim_store table)");
  CHECK_THROWS_WITH(ResultsStore::open_existing(fresh_store_file("absent")),
                    Catch::EndsWith("absent.sqlite: no such store file"));
  {
    SqliteDatabase other(empty, SqliteDatabase::Access::kExisting);
    other.exec("CREATE TABLE t (x)");
  }
  CHECK_THROWS_WITH(ResultsStore::open_for_writing(empty, kAxes),
                    Catch::Contains("empty.sqlite: not a lutsim sweep store (it has tables"));
  const fs::path damaged = fresh_store_file("damaged");
  {
    auto s = ResultsStore::open_for_writing(damaged, kAxes);
    s.put(point(0, 1, 1.0));
  }
  {
    SqliteDatabase db(damaged, SqliteDatabase::Access::kExisting);
    db.exec("UPDATE points SET config_json = '{oops'");
  }
  auto s = ResultsStore::open_existing(damaged);
  CHECK_THROWS_WITH(s.get("key0"), damaged.string() +
                                       ": point m=1, weight_bits=2: config_json: expected JSON text");
}

TEST_CASE("merging stores takes the union and refuses conflicting points", "[store]") {
  const fs::path a = fresh_store_file("merge_a");
  const fs::path b = fresh_store_file("merge_b");
  const fs::path c = fresh_store_file("merge_c");
  const fs::path out = fresh_store_file("merge_out");
  {
    auto sa = ResultsStore::open_for_writing(a, kAxes);
    sa.put(point(0, 1, 1.0));
    sa.put(point(2, 4, 3.0));
    auto sb = ResultsStore::open_for_writing(b, kAxes);
    StoredPoint other_revision = point(1, 2, 2.0);
    other_revision.git_revision = "rev2";
    sb.put(other_revision);
    sb.put(point(2, 4, 3.0));  // in both: equal results merge
    auto sc = ResultsStore::open_for_writing(c, kAxes);
    sc.put(point(0, 1, 1.5));  // key0 with another time
  }
  auto into = ResultsStore::open_for_writing(out, kAxes);
  auto sa = ResultsStore::open_existing(a);
  auto sb = ResultsStore::open_existing(b);
  const MergeCounts ca = merge_store(into, sa);
  CHECK(ca.added == 2);
  CHECK(ca.present == 0);
  const MergeCounts cb = merge_store(into, sb);
  CHECK(cb.added == 1);
  CHECK(cb.present == 1);
  CHECK(cb.git_revisions == std::set<std::string>{"rev1", "rev2"});
  CHECK(into.keys() == std::vector<std::string>{"key0", "key1", "key2"});
  CHECK(into.get("key1")->git_revision == "rev2");
  auto sc = ResultsStore::open_existing(c);
  CHECK_THROWS_WITH(merge_store(into, sc),
                    c.string() + ": point m=1, weight_bits=2 (key key0) has other results than "
                                 "the same point in " +
                        out.string());
  CHECK(into.size() == 3);
}

TEST_CASE("a sweep table has the point, its axes, then the study's columns", "[store]") {
  const auto tables = sweep_tables(kAxes, {point(0, 1, 1.0), point(1, 16, 2.0)});
  REQUIRE(tables.size() == 1);
  const ResultTable& t = tables[0].table;
  CHECK(tables[0].stem == "gemm");
  REQUIRE(t.columns().size() == 3 + 4);
  CHECK(t.columns()[0].name == "sweep_point");
  CHECK(t.columns()[2].name == "bits");
  CHECK(t.columns()[2].description == "axis weight_bits");
  CHECK(t.columns()[5].name == "time");
  REQUIRE(t.rows().size() == 4);
  CHECK(std::get<std::string>(t.rows()[2][0]) == "m=16, weight_bits=2");
  CHECK(std::get<std::string>(t.rows()[2][1]) == "16");
  CHECK(std::get<double>(t.rows()[2][5]) == 2.0);
  CHECK(sweep_tables(kAxes, {}).empty());
}

}  // namespace lutsim::store

namespace lutsim::store {

TEST_CASE("a random axis's sampling and seed are kept with the store's axes", "[store]") {
  const fs::path file = fresh_store_file("sampling");
  const std::vector<StoredAxis> axes{
      {"m", "m", ""}, {"seed", "problem.seed", "random: 3 samples, seed 7, uniform [1, 9]"}};
  { (void)ResultsStore::open_for_writing(file, axes); }
  CHECK(ResultsStore::open_existing(file).axes() == axes);
  std::vector<StoredAxis> reseeded = axes;
  reseeded[1].sampling = "random: 3 samples, seed 8, uniform [1, 9]";
  CHECK_THROWS_WITH(ResultsStore::open_for_writing(file, reseeded),
                    Catch::Contains("seed (problem.seed; random: 3 samples, seed 7, uniform [1, 9])"));
}

}  // namespace lutsim::store

namespace lutsim::store {

TEST_CASE("a store keeps each long member of the points' configs once and reads them back whole",
          "[store]") {
  const fs::path file = fresh_store_file("shared_members");
  const nlohmann::json hw = {{"name", "a100_lut_4x"}, {"notes", std::string(300, 'x')}};
  const nlohmann::json other_hw = {{"name", "h100_lut_4x"}, {"notes", std::string(300, 'y')}};
  std::vector<StoredPoint> points;
  for (std::int64_t i = 0; i < 4; ++i) {
    StoredPoint p = point(i, 16 * (i + 1), 1.0 + i);
    p.config["hw"] = i == 3 ? other_hw : hw;
    if (i % 2 == 0) {  // as a sweep stores it: as text, without the JSON
      p.config_json = p.config.dump();
      p.config = nullptr;
    }
    points.push_back(p);
  }
  {
    auto s = ResultsStore::open_for_writing(file, kAxes);
    CHECK(s.put_all(points) == 4);
  }
  SqliteDatabase db(file, SqliteDatabase::Access::kExisting);
  SqliteStatement members(db, "SELECT count(*), sum(length(text)) FROM config_members");
  REQUIRE(members.step());
  CHECK(members.integer(0) == 2);  // the two hardware configs, once each
  CHECK(members.integer(1) == static_cast<std::int64_t>(hw.dump().size() + other_hw.dump().size()));
  SqliteStatement rows(db, "SELECT max(length(config_json)) FROM points");
  REQUIRE(rows.step());
  CHECK(rows.integer(0) < 200);  // the rest: m and a short hw-less config
  auto s = ResultsStore::open_existing(file);
  for (const StoredPoint& p : points) {
    const auto got = s.get(p.key);
    REQUIRE(got);
    CHECK(config_text(*got) == config_text(p));
    CHECK(same_results(*got, p));
  }
}

TEST_CASE("a store of the first format (each config whole) is read and written as before",
          "[store]") {
  const fs::path file = fresh_store_file("format1");
  {
    SqliteDatabase db(file, SqliteDatabase::Access::kCreate);
    db.exec("CREATE TABLE lutsim_store (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    db.exec(
        "CREATE TABLE points (point_key TEXT PRIMARY KEY, git_revision TEXT NOT NULL, "
        "point_index INTEGER NOT NULL, label TEXT NOT NULL, axis_values_json TEXT NOT NULL, "
        "config_json TEXT NOT NULL)");
    db.exec(
        "CREATE TABLE merges (source TEXT NOT NULL, git_revisions_json TEXT NOT NULL, "
        "points_added INTEGER NOT NULL)");
    db.exec(
        "INSERT INTO lutsim_store VALUES ('format', 'lutsim sweep store 1'), "
        "('axes', '[{\"column\": \"m\", \"key\": \"m\"}, {\"column\": \"bits\", \"key\": "
        "\"weight_bits\"}]'), ('tables', '[]')");
  }
  StoredPoint p = point(0, 16, 2.5);
  p.config["hw"] = {{"notes", std::string(300, 'x')}};
  {
    auto s = ResultsStore::open_for_writing(file, kAxes);
    CHECK(s.put(p));
  }
  SqliteDatabase db(file, SqliteDatabase::Access::kExisting);
  SqliteStatement row(db, "SELECT config_json FROM points");
  REQUIRE(row.step());
  CHECK(row.text(0) == p.config.dump());  // whole, as the first format keeps it
  CHECK_FALSE(db.has_table("config_members"));
  auto s = ResultsStore::open_existing(file);
  const auto got = s.get(p.key);
  REQUIRE(got);
  CHECK(same_results(*got, p));
}

}  // namespace lutsim::store
