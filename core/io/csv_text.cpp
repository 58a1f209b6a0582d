#include "core/io/csv_text.hpp"

#include <algorithm>
#include <stdexcept>

namespace lutsim {
namespace {

// Reads the quoted field starting at line[pos] == '"'; returns the position
// after its closing quote.
std::size_t read_quoted(std::string_view line, std::size_t pos, std::string& field) {
  for (++pos; pos < line.size(); ++pos) {
    if (line[pos] != '"') {
      field += line[pos];
    } else if (pos + 1 < line.size() && line[pos + 1] == '"') {
      field += '"';
      ++pos;
    } else {
      return pos + 1;
    }
  }
  throw std::invalid_argument("unterminated quoted field");
}

}  // namespace

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::vector<std::string> split_csv_record(std::string_view line) {
  std::vector<std::string> fields;
  std::size_t pos = 0;
  while (true) {
    std::string field;
    if (pos < line.size() && line[pos] == '"') {
      pos = read_quoted(line, pos, field);
      if (pos < line.size() && line[pos] != ',') {
        throw std::invalid_argument("text after a closing quote in field " +
                                    std::to_string(fields.size() + 1));
      }
    } else {
      const std::size_t end = std::min(line.find(',', pos), line.size());
      field = std::string(line.substr(pos, end - pos));
      pos = end;
    }
    fields.push_back(std::move(field));
    if (pos >= line.size()) return fields;
    ++pos;  // the comma
  }
}

}  // namespace lutsim
