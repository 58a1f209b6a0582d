#pragma once
// A command-line check that a path option is not given as "" (an empty output
// path would silently mean the current directory or the default).

#include <CLI/CLI.hpp>
#include <string>

namespace lutsim::cli {

inline CLI::Validator non_empty() {
  return CLI::Validator(
      [](std::string& value) { return value.empty() ? std::string("must not be empty") : ""; },
      "NON-EMPTY");
}

}  // namespace lutsim::cli
