#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "core/io/atomic_file.hpp"
#include "core/io/result_table.hpp"
#include "core/io/text_file.hpp"

using namespace lutsim;

namespace {

ResultTable sample() {
  ResultTable t({{"name", "", "a label"}, {"count", "1", "a count"}, {"time", "ms", "a time"}});
  t.add_row({std::string("a,b"), std::int64_t{3}, 0.1});
  return t;
}

RunRecord record() {
  return {"test", {{"problem", {{"k", 64}}}}, "abc123", "2026-01-01T00:00:00Z"};
}

}  // namespace

TEST_CASE("JSON results carry config and revision and units", "[io]") {
  const auto j = to_json(sample(), record());
  CHECK(j["git_revision"] == "abc123");
  CHECK(j["config"]["problem"]["k"] == 64);
  CHECK(j["units"]["time"] == "ms");
  CHECK(j["rows"][0]["count"] == 3);
  CHECK(j["rows"][0]["time"] == 0.1);
}

TEST_CASE("unit keys carry each column's unit in the key", "[io]") {
  CHECK(unit_key({"time_each", "us", ""}) == "time_each_us");
  CHECK(unit_key({"share", "%", ""}) == "share_percent");
  CHECK(unit_key({"energy_per_token", "mJ/token", ""}) == "energy_per_token_mJ_per_token");
  CHECK(unit_key({"throughput", "TFLOP/s", ""}) == "throughput_TFLOP_per_s");
  CHECK(unit_key({"count", "1", ""}) == "count");
  CHECK(unit_key({"name", "", ""}) == "name");
  const auto rows = unit_keyed_rows(sample());
  REQUIRE(rows.size() == 1);
  CHECK(rows[0]["name"] == "a,b");
  CHECK(rows[0]["count"] == 3);
  CHECK(rows[0]["time_ms"] == 0.1);
  CHECK(rows[0].size() == 3);
}

TEST_CASE("CSV results carry the same record in comment lines", "[io]") {
  const std::string csv = to_csv(sample(), record());
  CHECK(csv ==
        "# lutsim test\n"
        "# git_revision: abc123\n"
        "# created_utc: 2026-01-01T00:00:00Z\n"
        "# units: name=text count=1 time=ms\n"
        "# config: {\"problem\":{\"k\":64}}\n"
        "name,count,time\n"
        "\"a,b\",3,0.1\n");
}

TEST_CASE("rows must match the columns", "[io]") {
  ResultTable t = sample();
  CHECK_THROWS_AS(t.add_row({std::int64_t{1}}), std::invalid_argument);
}

TEST_CASE("atomic writes replace whole files and create directories", "[io]") {
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_io";
  std::filesystem::remove_all(dir);
  const auto path = dir / "sub" / "out.txt";
  write_file_atomically(path, "first");
  write_file_atomically(path, "second");
  CHECK(read_text_file(path) == "second");
  CHECK(std::distance(std::filesystem::directory_iterator(dir / "sub"),
                      std::filesystem::directory_iterator{}) == 1);  // no temporaries left
  CHECK_THROWS_WITH(write_file_atomically("/proc/lutsim/x", "y"),
                    Catch::StartsWith("cannot write /proc/lutsim/x: "));
  std::filesystem::remove_all(dir);
}

TEST_CASE("an atomic write refuses a path that is not a regular file, and leaves it", "[io]") {
  // Issue 16 probe set: `lutsim trace -o /dev/null`, run as root, renamed its
  // file over /dev/null and /dev/null became a regular file. A FIFO stands in
  // for the device here.
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_io_fifo";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "folder");
  const auto fifo = dir / "fifo";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(write_file_atomically(fifo, "x"),
                    "cannot write " + fifo.string() +
                        ": not a regular file (a FIFO, device or socket): lutsim replaces an "
                        "output file whole, so give the path of a regular file");
  CHECK(std::filesystem::is_fifo(fifo));
  CHECK_THROWS_WITH(write_file_atomically(dir / "folder", "x"),
                    "cannot write " + (dir / "folder").string() + ": it is a folder, not a file");
  CHECK(std::filesystem::is_directory(dir / "folder"));
  CHECK(std::distance(std::filesystem::directory_iterator(dir),
                      std::filesystem::directory_iterator{}) == 2);  // no temporaries left
  std::filesystem::remove_all(dir);
}
