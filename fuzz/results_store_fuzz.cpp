// libFuzzer target: a sweep's results store (SQLite), as `lutsim sweep export`
// and `lutsim sweep merge` read it.
#include <filesystem>

#include "fuzz/fuzz_reader.hpp"
#include "store/results_store.hpp"
#include "store/sweep_tables.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const lutsim::fuzz::InputFile input("store.sqlite");
  // A write-ahead log an earlier input left would be read with this one.
  for (const char* suffix : {"-wal", "-shm", "-journal"}) {
    std::error_code ignored;
    std::filesystem::remove(input.name() + suffix, ignored);
  }
  const auto& path = input.write(lutsim::fuzz::as_text(data, size));
  lutsim::fuzz::expect_named_errors(input.name(), [&] {
    auto store = lutsim::store::ResultsStore::open_existing(path);
    std::vector<lutsim::store::StoredPoint> points;
    for (const std::string& key : store.keys()) {
      if (auto p = store.get(key)) points.push_back(std::move(*p));
    }
    (void)lutsim::store::sweep_tables(store.axes(), points);
  });
  return 0;
}
