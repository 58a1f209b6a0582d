// ConfigFiles: each file parsed once, every load an independent unread document.

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/config/config_files.hpp"
#include "tests/core/config/config_test_data.hpp"
#include "tests/support/config_error_from.hpp"

namespace {

using lutsim::config::ConfigDocument;
using lutsim::config::ConfigFiles;
using lutsim::test::config_error_from;

using lutsim::test::kConfigTestData;

std::int64_t sm_count(ConfigDocument& doc) {
  auto root = doc.root();
  (void)root.get<std::string>("name", {.default_value = ""});
  auto gpu = root.section("gpu", "GPU parameters");
  const auto count = gpu.get<std::int64_t>("sm_count", {.default_value = 1});
  (void)gpu.get<double>("freq_hz", {.default_value = 1.0});
  (void)gpu.get<bool>("ecc", {.default_value = false});
  auto memory = root.section("memory", "DRAM");
  (void)memory.get<double>("dram_bw_bytes_per_s", {.default_value = 1.0});
  (void)memory.get<std::vector<std::int64_t>>("channels", {});
  doc.check_all_consumed();
  return count;
}

std::int64_t only_sm_count(ConfigDocument doc) {
  return doc.root().section("gpu", "").get<std::int64_t>("sm_count", {});
}

void write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

}  // namespace

TEST_CASE("ConfigFiles: each load is an unread copy that overrides and reads on its own",
          "[config][files]") {
  ConfigFiles files;
  ConfigDocument first = files.load(kConfigTestData + "gpu_valid.yaml");
  first.apply_override("gpu.sm_count=54");
  CHECK(sm_count(first) == 54);
  ConfigDocument second = files.load(kConfigTestData + "gpu_valid.yaml");
  CHECK(sm_count(second) == 108);
  CHECK(second.resolved()["gpu"]["sm_count"] == 108);
}

TEST_CASE("ConfigFiles: an unknown key is reported at its file:line:column in every copy",
          "[config][files]") {
  ConfigFiles files;
  for (int i = 0; i < 2; ++i) {
    ConfigDocument doc = files.load(kConfigTestData + "unknown_key.yaml");
    auto root = doc.root();
    (void)root.get<std::string>("name", {});
    auto gpu = root.section("gpu", "GPU parameters");
    (void)gpu.get<std::int64_t>("sm_count", {.default_value = 1});
    (void)gpu.get<double>("freq_hz", {.default_value = 1.0});
    (void)gpu.get<bool>("ecc", {.default_value = false});
    CHECK(std::string(config_error_from([&] { doc.check_all_consumed(); }).what()) ==
          "tests/core/config/data/unknown_key.yaml:5:3: gpu.dtpye: unknown key 'dtpye' "
          "(allowed keys: ecc, freq_hz, sm_count)");
  }
}

TEST_CASE("ConfigFiles: a file is parsed once; one that failed to load is tried again",
          "[config][files]") {
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_config_files";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto path = dir / "gpu.yaml";
  ConfigFiles files;
  CHECK(std::string(config_error_from([&] { files.load(path); }).what()).find(path.string()) == 0);

  write(path, "gpu:\n  sm_count: 7\n");
  CHECK(only_sm_count(files.load(path)) == 7);
  write(path, "gpu:\n  sm_count: 9\n");
  CHECK(only_sm_count(files.load(path)) == 7);
  CHECK(only_sm_count(ConfigFiles().load(path)) == 9);
  std::filesystem::remove_all(dir);
}

TEST_CASE("ConfigDocument::copy refuses a document being read", "[config][files]") {
  ConfigDocument doc = ConfigDocument::load_file(kConfigTestData + "gpu_valid.yaml");
  ConfigDocument copy = doc.copy();
  (void)doc.root();
  CHECK_THROWS_AS(doc.copy(), std::logic_error);
  CHECK(sm_count(copy) == 108);
}

TEST_CASE("ConfigFiles::parsed makes one object per file and type", "[config][files]") {
  ConfigFiles files;
  int calls = 0;
  const auto length = [&](const std::filesystem::path& p) {
    ++calls;
    return p.string().size();
  };
  const auto a = files.parsed<std::size_t>("dir/a.yaml", length);
  const auto again = files.parsed<std::size_t>("dir/a.yaml", length);
  CHECK(*a == 10);
  CHECK(again == a);
  CHECK(*files.parsed<std::size_t>("b.yaml", length) == 6);
  CHECK(calls == 2);
  // Another type of the same file is another object.
  CHECK(*files.parsed<int>("dir/a.yaml", [](const std::filesystem::path&) { return 7; }) == 7);
  CHECK(calls == 2);
}
