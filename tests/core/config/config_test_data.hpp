#pragma once
// Where the config reader tests keep their YAML inputs, relative to the
// repository root (the tests' working directory).
#include <string>

namespace lutsim::test {

inline const std::string kConfigTestData = "tests/core/config/data/";

}  // namespace lutsim::test
