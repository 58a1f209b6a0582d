#include "ppa/flow/liberty_cells.hpp"

#include <mutex>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include "core/io/text_file.hpp"

namespace lutsim::ppa {
namespace {

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return "";
  const auto last = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(first, last - first + 1));
}

// "keyword (name)" -> {keyword, name}; name may be empty or quoted.
std::pair<std::string, std::string> group_header(const std::string& header) {
  const auto open = header.find('(');
  if (open == std::string::npos) return {trim(header), ""};
  const auto close = header.rfind(')');
  std::string name = trim(
      header.substr(open + 1, close == std::string::npos ? std::string::npos : close - open - 1));
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
    name = name.substr(1, name.size() - 2);
  }
  return {trim(header.substr(0, open)), name};
}

// "key : value" -> {key, value}, value without quotes; {"", ""} if not a simple attribute.
std::pair<std::string, std::string> simple_attribute(const std::string& statement) {
  const auto colon = statement.find(':');
  if (colon == std::string::npos) return {"", ""};
  std::string value = trim(statement.substr(colon + 1));
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
    value = value.substr(1, value.size() - 2);
  }
  return {trim(statement.substr(0, colon)), value};
}

bool is_state_group(const std::string& keyword) {
  return keyword == "ff" || keyword == "latch" || keyword == "ff_bank" || keyword == "latch_bank" ||
         keyword == "statetable";
}

// Walks the group structure and fills the cells. Depth 0: file, 1: library,
// 2: cell, 3: pin (or ff, ...).
class CellScanner {
 public:
  explicit CellScanner(std::string where) : where_(std::move(where)) {}

  void open_group(const std::string& header) {
    const auto [keyword, name] = group_header(header);
    if (depth_ == 1 && keyword == "cell") {
      cell_ = &cells_[name];
    } else if (depth_ == 2 && cell_ != nullptr) {
      if (is_state_group(keyword)) cell_->sequential = true;
      pin_ = keyword == "pin" ? name : "";
    }
    ++depth_;
  }

  void close_group() {
    if (depth_ == 0) throw std::runtime_error(where_ + ": unbalanced '}'");
    --depth_;
    if (depth_ == 1) cell_ = nullptr;
    if (depth_ == 2) pin_.clear();
  }

  void attribute(const std::string& statement) {
    if (cell_ == nullptr) return;
    const auto [key, value] = simple_attribute(statement);
    if (depth_ == 2 && key == "area") {
      cell_->area_um2 = std::stod(value);
    } else if (depth_ == 3 && !pin_.empty() && key == "direction" && value == "output") {
      cell_->output_pins.push_back(pin_);
    } else if (depth_ == 3 && !pin_.empty() && key == "capacitance") {
      cell_->pin_capacitance[pin_] = std::stod(value);
    }
  }

  LibertyCells finish() {
    if (depth_ != 0) throw std::runtime_error(where_ + ": unterminated group at end of file");
    if (cells_.empty()) throw std::runtime_error(where_ + ": no cells");
    return std::move(cells_);
  }

 private:
  std::string where_;
  LibertyCells cells_;
  LibertyCell* cell_ = nullptr;
  std::string pin_;
  int depth_ = 0;
};

}  // namespace

LibertyCells parse_liberty_cells(const std::string& text, const std::string& where) {
  CellScanner scanner(where);
  std::string statement;  // text since the last ';', '{' or '}'
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n; ++i) {
    const char c = text[i];
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      const auto end = text.find("*/", i + 2);
      if (end == std::string::npos) throw std::runtime_error(where + ": unterminated comment");
      i = end + 1;
    } else if (c == '"') {
      const auto start = i;
      for (++i; i < n && text[i] != '"'; ++i) {
        if (text[i] == '\\') ++i;
      }
      if (i >= n) throw std::runtime_error(where + ": unterminated string");
      statement.append(text, start, i - start + 1);
    } else if (c == '\\' && i + 1 < n && (text[i + 1] == '\n' || text[i + 1] == '\r')) {
      ++i;  // line continuation
    } else if (c == '{') {
      scanner.open_group(statement);
      statement.clear();
    } else if (c == '}') {
      scanner.close_group();
      statement.clear();
    } else if (c == ';' || (c == '\n' && statement.find(':') != std::string::npos)) {
      // A statement ends at ';' or, for a simple attribute, at the end of its line.
      scanner.attribute(statement);
      statement.clear();
    } else {
      statement.push_back(c);
    }
  }
  return scanner.finish();
}

std::shared_ptr<const LibertyCells> liberty_cells(const std::filesystem::path& liberty) {
  using Key = std::tuple<std::string, std::uintmax_t, std::filesystem::file_time_type>;
  static std::mutex mutex;
  static std::map<Key, std::shared_ptr<const LibertyCells>> scanned;
  std::error_code ec;
  const Key key{std::filesystem::absolute(liberty).string(),
                std::filesystem::file_size(liberty, ec),
                std::filesystem::last_write_time(liberty, ec)};
  if (ec) throw std::runtime_error("cannot read liberty file " + liberty.string());
  std::lock_guard<std::mutex> lock(mutex);
  auto& cells = scanned[key];
  if (!cells) {
    cells = std::make_shared<const LibertyCells>(
        parse_liberty_cells(read_text_file(liberty), liberty.string()));
  }
  return cells;
}

}  // namespace lutsim::ppa
