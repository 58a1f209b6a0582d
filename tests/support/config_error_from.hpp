#pragma once

#include <catch2/catch.hpp>

#include <stdexcept>

#include "core/config/config_error.hpp"

namespace lutsim::test {

// Runs `action` and returns the ConfigError it must throw; fails the test
// case when it throws none.
template <class F>
config::ConfigError config_error_from(F&& action) {
  try {
    action();
  } catch (const config::ConfigError& error) {
    return error;
  }
  FAIL("no ConfigError was thrown");
  throw std::logic_error("unreachable");
}

}  // namespace lutsim::test
