#pragma once
// Shared by the flow tests: the test designs and a private cache directory.

#include <filesystem>
#include <random>
#include <string>

namespace lutsim::ppa::test {

inline std::filesystem::path flow_data(const std::string& file) {
  return std::filesystem::path(LUTSIM_TEST_FLOW_DATA) / file;
}

// A synthesis cache shared by the tests that do not check caching itself: in the
// build tree, one per build of the test binary (a rebuilt flow library starts
// afresh), shared by its concurrent test processes.
inline std::filesystem::path shared_cache() {
  const auto built = std::filesystem::last_write_time("/proc/self/exe");
  return std::filesystem::path(LUTSIM_TEST_FLOW_CACHE) /
         std::to_string(built.time_since_epoch().count());
}

// A fresh directory under the system temp directory, removed at scope exit.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name) {
    path_ = std::filesystem::temp_directory_path() /
            ("lutsim_test_ppa_flow_" + name + "_" + std::to_string(std::random_device{}()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace lutsim::ppa::test
