#pragma once
// A command-line check that an integer option is at least `min`, saying so in
// plain words (CLI11's PositiveNumber printed its upper bound, DBL_MAX, in 309
// digits).

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdint>
#include <string>

namespace lutsim::cli {

inline CLI::Validator at_least(std::int64_t min) {
  return CLI::Validator(
      [min](std::string& value) {
        std::int64_t v = 0;
        const char* end = value.data() + value.size();
        const auto [stop, error] = std::from_chars(value.data(), end, v);
        if (error == std::errc() && stop == end && v >= min) return std::string();
        return "expected an integer >= " + std::to_string(min) + ", got '" + value + "'";
      },
      "INT>=" + std::to_string(min));
}

}  // namespace lutsim::cli
