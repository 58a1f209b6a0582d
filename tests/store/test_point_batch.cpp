// Points written in batches: one transaction per batch, all or none.
#include "store/point_batch.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <vector>

namespace lutsim::store {
namespace {

namespace fs = std::filesystem;

const std::vector<StoredAxis> kMAxis{{"m", "m"}};

StoredPoint point(std::int64_t index, std::vector<ResultTable::Column> columns) {
  ResultTable t(std::move(columns));
  t.add_row(std::vector<ResultTable::Cell>(t.columns().size(), ResultTable::Cell(index)));
  return {"key" + std::to_string(index), "rev1",       index, "m=" + std::to_string(index),
          {std::to_string(index)},         {{"m", index}}, {{"gemm", std::move(t)}}};
}

StoredPoint point(std::int64_t index) { return point(index, {{"m", "1", "rows"}}); }

ResultsStore fresh_store(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "lutsim_test_point_batch";
  fs::create_directories(dir);
  const fs::path file = dir / (name + ".sqlite");
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(file.string() + suffix);
  return ResultsStore::open_for_writing(file, kMAxis);
}

}  // namespace

TEST_CASE("a batch is written once it holds max_points points", "[store]") {
  ResultsStore store = fresh_store("count");
  PointBatch batch(store, 3, std::chrono::hours(1));
  CHECK(batch.add(point(0)) == 0);
  CHECK(batch.add(point(1)) == 0);
  CHECK(store.size() == 0);
  CHECK(batch.add(point(2)) == 3);
  CHECK(store.size() == 3);
  CHECK(batch.add(point(3)) == 0);
  CHECK(batch.flush() == 1);
  CHECK(batch.flush() == 0);
  CHECK(store.size() == 4);
  CHECK(store.get("key3")->tables.at(0).table.rows().at(0).at(0) == ResultTable::Cell(3));
}

TEST_CASE("a point arriving max_wait after the last write is written at once", "[store]") {
  ResultsStore store = fresh_store("wait");
  PointBatch batch(store, 100, std::chrono::nanoseconds(0));
  CHECK(batch.add(point(0)) == 1);
  CHECK(batch.add(point(1)) == 1);
  CHECK(store.size() == 2);
}

TEST_CASE("put_all stores all points or none, a repeated key once", "[store]") {
  ResultsStore store = fresh_store("all_or_none");
  const std::vector<StoredPoint> twice{point(0), point(1), point(0)};
  CHECK(store.put_all(twice) == 2);
  CHECK(store.size() == 2);
  // A point whose columns differ from those stored fails the whole batch.
  const std::vector<StoredPoint> bad{point(2), point(3, {{"n", "1", "other"}})};
  CHECK_THROWS_AS(store.put_all(bad), StoreError);
  CHECK(store.size() == 2);
  CHECK_FALSE(store.contains("key2"));
  // The store stays usable: its prepared statements were reset.
  CHECK(store.put(point(4)));
  CHECK(store.size() == 3);
}

}  // namespace lutsim::store
