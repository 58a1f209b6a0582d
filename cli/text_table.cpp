#include "cli/text_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace lutsim::cli {
namespace {

std::string cell_text(const ResultTable::Cell& cell) {
  if (const auto* s = std::get_if<std::string>(&cell)) return *s;
  if (const auto* i = std::get_if<std::int64_t>(&cell)) return std::to_string(*i);
  const double value = std::get<double>(cell);
  if (std::isnan(value)) return "-";  // no such figure for this row (core/io/result_table.hpp)
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", value);
  return buf;
}

std::string header_text(const ResultTable::Column& c) {
  if (c.unit.empty() || c.unit == "1") return c.name;
  return c.name + " [" + c.unit + "]";
}

}  // namespace

std::string format_text_table(const ResultTable& table) {
  std::vector<std::vector<std::string>> lines;
  std::vector<std::string> header;
  for (const auto& c : table.columns()) header.push_back(header_text(c));
  lines.push_back(header);
  for (const auto& row : table.rows()) {
    std::vector<std::string> line;
    for (const auto& cell : row) line.push_back(cell_text(cell));
    lines.push_back(std::move(line));
  }
  std::vector<std::size_t> width(header.size(), 0);
  for (const auto& line : lines) {
    for (std::size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
  }
  std::string out;
  for (const auto& line : lines) {
    for (std::size_t i = 0; i < line.size(); ++i) {
      out += line[i];
      if (i + 1 < line.size()) out += std::string(width[i] - line[i].size() + 2, ' ');
    }
    out += "\n";
  }
  return out;
}

}  // namespace lutsim::cli
