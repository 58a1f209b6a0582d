// A store's sweep table streamed as CSV is the text to_csv gives for the
// same points held in memory.
#include "store/sweep_csv.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <limits>
#include <sstream>

#include "store/sweep_tables.hpp"

namespace lutsim::store {
namespace {

namespace fs = std::filesystem;

const std::vector<StoredAxis> kSweepAxes{{"m", "m"}, {"bits", "weight_bits"}};

// Two tables of two rows each, text with quotes and commas, a NaN.
StoredPoint point(std::int64_t index, std::int64_t m) {
  ResultTable gemm({{"kernel", "", "kernel"}, {"time", "us", "GEMM time"}});
  gemm.add_row({std::string("lut \"w2\", fp16"), 1.5 * static_cast<double>(m)});
  gemm.add_row({std::string("dense"), std::numeric_limits<double>::quiet_NaN()});
  ResultTable share({{"share", "%", "of peak"}});
  share.add_row({m});
  return {"key" + std::to_string(index),
          "rev1",
          index,
          "m=" + std::to_string(m) + ", weight_bits=2",
          {std::to_string(m), "2"},
          {{"m", m}, {"hw", {{"freq_hz", 1.41e9}, {"name", "A100 \"x\""}}}},
          {{"gemm", gemm}, {"share", share}}};
}

// A fresh store under the temp folder holding the three points of
// `points`, stored in the order `order` (not sweep order).
ResultsStore store_of(const std::string& name, const std::vector<StoredPoint>& points,
                      const std::vector<std::size_t>& order) {
  const fs::path dir = fs::temp_directory_path() / name;
  fs::create_directories(dir);
  const fs::path file = dir / "store.sqlite";
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(file.string() + suffix);
  auto store = ResultsStore::open_for_writing(file, kSweepAxes);
  for (const std::size_t i : order) REQUIRE(store.put(points[i]));
  return store;
}

nlohmann::json record_of(const StoredPoint& p) {
  return {{"label", p.label}, {"point_key", p.key}};
}

// The "points" list of the points' records as the streamed writers give it:
// each record with its config, the first whole, the rest as patches from it.
nlohmann::json point_records(const std::vector<StoredPoint>& points) {
  nlohmann::json out = nlohmann::json::array();
  for (const StoredPoint& p : points) {
    nlohmann::json r = record_of(p);
    add_point_config(r, p.config, out.empty() ? nullptr : &points.front().config);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

TEST_CASE("a sweep table streamed from the store is to_csv of the points in memory", "[store]") {
  // Stored out of sweep order: both writers give sweep order.
  const std::vector<StoredPoint> points{point(0, 1), point(1, 16), point(2, 256)};
  auto store = store_of("lutsim_test_sweep_csv", points, {2, 0, 1});

  const nlohmann::json base = {{"store", store.file().string()}, {"zeta", 1}, {"alpha", {1, 2}}};
  for (std::size_t t = 0; t < 2; ++t) {
    INFO("table " << t);
    nlohmann::json config = base;
    config["points"] = point_records(points);
    const std::string in_memory = to_csv(sweep_tables(kSweepAxes, points).at(t).table,
                                         make_run_record("sweep export", config));
    std::ostringstream streamed;
    RunRecord record = make_run_record("sweep export", base);
    record.created_utc = in_memory.substr(in_memory.find("# created_utc: ") + 15, 20);
    CHECK(write_sweep_csv(streamed, store_points(store), t, record, record_of) ==
          sweep_tables(kSweepAxes, points).at(t).table.rows().size());
    CHECK(streamed.str() == in_memory);
  }
}

TEST_CASE("a sweep table streamed as JSON is to_json of the points in memory", "[store]") {
  const std::vector<StoredPoint> points{point(0, 1), point(1, 16), point(2, 256)};
  auto store = store_of("lutsim_test_sweep_json", points, {1, 2, 0});

  const nlohmann::json base = {{"store", store.file().string()}, {"zeta", 1}, {"alpha", {1, 2}}};
  for (std::size_t t = 0; t < 2; ++t) {
    INFO("table " << t);
    const RunRecord record = make_run_record("sweep export", base);
    RunRecord with_points = record;
    with_points.resolved_config["points"] = point_records(points);
    const nlohmann::json in_memory =
        to_json(sweep_tables(kSweepAxes, points).at(t).table, with_points);
    std::ostringstream streamed;
    write_sweep_json(streamed, store_points(store), t, record, record_of);
    // Text equal too: the same members in the same order, compact.
    CHECK(streamed.str() == in_memory.dump() + "\n");
    CHECK(nlohmann::json::parse(streamed.str()) == nlohmann::json::parse(in_memory.dump()));
  }
}

TEST_CASE("a sweep table records the first point's config and the others' as patches from it",
          "[store]") {
  const std::vector<StoredPoint> points{point(0, 1), point(1, 16), point(2, 256)};
  auto store = store_of("lutsim_test_sweep_patches", points, {0, 1, 2});
  std::ostringstream streamed;
  write_sweep_json(streamed, store_points(store), 0, make_run_record("sweep export", {}),
                   record_of);
  const nlohmann::json records = nlohmann::json::parse(streamed.str())["config"]["points"];
  REQUIRE(records.size() == 3);
  const nlohmann::json& first = records[0]["config"];
  CHECK(first == points[0].config);
  CHECK_FALSE(records[0].contains("config_patch"));
  for (std::size_t i = 1; i < 3; ++i) {
    CHECK_FALSE(records[i].contains("config"));
    CHECK(first.patch(records[i]["config_patch"]) == points[i].config);
    // Only what differs: m, not the shared hardware config.
    CHECK(records[i]["config_patch"] ==
          nlohmann::json::parse(R"([{"op": "replace", "path": "/m", "value": )" +
                                std::to_string(points[i].config["m"].get<int>()) + "}]"));
  }
}

}  // namespace lutsim::store
