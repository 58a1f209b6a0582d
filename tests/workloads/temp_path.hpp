#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace lutsim::test {

// A path in the system's temporary folder that no other test process uses at
// the same time (other build trees may run these tests concurrently).
inline std::filesystem::path unique_temp_path(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("lutsim_test_" + std::to_string(::getpid()) + "_" + name);
}

}  // namespace lutsim::test
