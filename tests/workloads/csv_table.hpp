#pragma once

#include <catch2/catch.hpp>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/csv_text.hpp"
#include "core/io/text_file.hpp"

namespace lutsim::test {

// The rows of a small CSV file with a header row, as column -> cell maps.
// Lines may end in "\r\n" (the shared validation CSVs do).
inline std::vector<std::map<std::string, std::string>> read_csv_table(const std::string& file) {
  std::istringstream in(read_text_file(file));
  std::string line;
  const auto next_line = [&] {
    if (!std::getline(in, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  };
  REQUIRE(next_line());
  const auto header = split_csv_record(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (next_line()) {
    if (line.empty()) continue;
    const auto cells = split_csv_record(line);
    REQUIRE(cells.size() == header.size());
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < cells.size(); ++i) row[header[i]] = cells[i];
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace lutsim::test
