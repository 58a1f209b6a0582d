#include "validation/csv_table.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "core/io/csv_text.hpp"
#include "core/io/text_file.hpp"
#include "core/io/utf8_text.hpp"

namespace lutsim {
namespace {

// The file's text without a byte-order mark; an error at the line of the
// first byte that is not UTF-8.
std::istringstream open_csv(const std::filesystem::path& path) {
  const std::string bytes = read_text_file(path);
  const std::string_view text = without_utf8_bom(bytes);
  if (const std::size_t bad = invalid_utf8_offset(text); bad != std::string_view::npos) {
    throw std::runtime_error(path.string() + ":" + std::to_string(position_of(text, bad).line) +
                             ": " + invalid_utf8_message(static_cast<unsigned char>(text[bad])));
  }
  return std::istringstream(std::string(text));
}

// The next record that is neither blank nor a comment; false at the end.
bool next_record(std::istream& in, std::string& line, int& number) {
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line[0] != '#') return true;
  }
  return false;
}

std::vector<std::string> split_at(const std::filesystem::path& path, int number,
                                  const std::string& line) {
  try {
    return split_csv_record(line);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(path.string() + ":" + std::to_string(number) + ": " + e.what());
  }
}

}  // namespace

CsvTable::CsvTable(const std::filesystem::path& path) : path_(path) {
  std::istringstream in = open_csv(path);
  std::string line;
  int number = 0;
  if (!next_record(in, line, number)) fail_at(number, "no header row");
  header_ = split_at(path, number, line);
  header_line_ = number;
  while (next_record(in, line, number)) {
    auto fields = split_at(path, number, line);
    if (fields.size() != header_.size()) {
      fail_at(number, "expected " + std::to_string(header_.size()) +
                          " fields (the header's), got " + std::to_string(fields.size()));
    }
    rows_.push_back({number, std::move(fields)});
  }
}

bool CsvTable::has_column(const std::string& column) const {
  for (const auto& h : header_) {
    if (h == column) return true;
  }
  return false;
}

const std::string& CsvTable::text(std::size_t row, const std::string& column) const {
  return rows_[row].fields[index(column)];
}

double CsvTable::number(std::size_t row, const std::string& column) const {
  const std::string& t = text(row, column);
  try {
    std::size_t used = 0;
    const double v = std::stod(t, &used);
    if (used == t.size() && std::isfinite(v)) return v;
  } catch (const std::exception&) {
  }
  fail(row, "column '" + column + "': expected a number, got '" + t + "'");
}

std::int64_t CsvTable::count(std::size_t row, const std::string& column) const {
  const double v = number(row, column);
  if (v < 1 || v != std::floor(v) || v > 9e15) {
    fail(row, "column '" + column + "': expected a positive whole number, got '" +
                  text(row, column) + "'");
  }
  return static_cast<std::int64_t>(v);
}

void CsvTable::fail(std::size_t row, const std::string& what) const {
  fail_at(rows_[row].line, what);
}

std::size_t CsvTable::index(const std::string& column) const {
  for (std::size_t i = 0; i < header_.size(); ++i) {
    if (header_[i] == column) return i;
  }
  fail_at(header_line_, "missing column '" + column + "'");
}

void CsvTable::fail_at(int line, const std::string& what) const {
  throw std::runtime_error(path_.string() + ":" + std::to_string(line) + ": " + what);
}

std::vector<std::string> read_csv_header(const std::filesystem::path& path) {
  std::istringstream in = open_csv(path);
  std::string line;
  int number = 0;
  if (!next_record(in, line, number)) return {};
  return split_at(path, number, line);
}

}  // namespace lutsim
