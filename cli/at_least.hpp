#pragma once
// Command-line checks that an integer option is at least `min` (or within
// [min, max]), saying so in plain words (CLI11's PositiveNumber printed its
// upper bound, DBL_MAX, in 309 digits).

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

namespace lutsim::cli {

inline CLI::Validator int_in_range(std::int64_t min, std::int64_t max, std::string expected,
                                   std::string type) {
  return CLI::Validator(
      [min, max, expected](std::string& value) {
        std::int64_t v = 0;
        const char* end = value.data() + value.size();
        const auto [stop, error] = std::from_chars(value.data(), end, v);
        if (error == std::errc() && stop == end && v >= min && v <= max) return std::string();
        return "expected an integer " + expected + ", got '" + value + "'";
      },
      std::move(type));
}

inline CLI::Validator at_least(std::int64_t min) {
  return int_in_range(min, std::numeric_limits<std::int64_t>::max(), ">= " + std::to_string(min),
                      "INT>=" + std::to_string(min));
}

inline CLI::Validator in_range(std::int64_t min, std::int64_t max) {
  const std::string range = "[" + std::to_string(min) + ", " + std::to_string(max) + "]";
  return int_in_range(min, max, "in " + range, "INT in " + range);
}

}  // namespace lutsim::cli
