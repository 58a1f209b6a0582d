#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace lutsim {

// A measurement CSV with one header row, read as rows of column -> text.
// Blank lines and lines starting with '#' are skipped; a trailing '\r' is
// dropped. Every error names the file and line: a row with the wrong number of
// fields, bad quoting, a missing column, a field that is not a number.
class CsvTable {
 public:
  // Throws std::runtime_error when the file cannot be read or is malformed.
  explicit CsvTable(const std::filesystem::path& path);

  const std::filesystem::path& path() const { return path_; }
  const std::vector<std::string>& header() const { return header_; }
  int header_line() const { return header_line_; }
  bool has_column(const std::string& column) const;

  std::size_t size() const { return rows_.size(); }
  int line(std::size_t row) const { return rows_[row].line; }
  const std::string& text(std::size_t row, const std::string& column) const;
  double number(std::size_t row, const std::string& column) const;
  // A number that must be a positive whole number (a GEMM dimension, a count).
  std::int64_t count(std::size_t row, const std::string& column) const;

  // Throws "<file>:<line of row>: <what>".
  [[noreturn]] void fail(std::size_t row, const std::string& what) const;

 private:
  struct Row {
    int line;
    std::vector<std::string> fields;
  };
  std::size_t index(const std::string& column) const;
  [[noreturn]] void fail_at(int line, const std::string& what) const;

  std::filesystem::path path_;
  std::vector<std::string> header_;
  int header_line_ = 0;
  std::vector<Row> rows_;
};

// The header row of a CSV file (the first line that is neither blank nor a
// '#' comment), split into fields; empty when the file has none. Throws
// std::runtime_error naming the file when it cannot be read.
std::vector<std::string> read_csv_header(const std::filesystem::path& path);

}  // namespace lutsim
