#include "store/shared_members.hpp"

#include <stdexcept>

namespace lutsim::store {
namespace {

// Reads JSON text left to right, value by value, without building values:
// the parts of one object (a member's name, where its value ends).
class JsonScanner {
 public:
  explicit JsonScanner(std::string_view text) : text_(text) {}

  std::size_t position() const { return pos_; }
  bool at_end() const { return pos_ >= text_.size(); }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\t' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  // Whether the next character (after space) is `c`; consumed when it is.
  bool take(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }

  // A string's contents, escapes left as written.
  std::string_view string() {
    skip_space();
    if (pos_ >= text_.size() || text_[pos_] != '"') fail("expected a string");
    const std::size_t start = ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
    if (pos_ >= text_.size()) fail("a string does not end");
    return text_.substr(start, pos_++ - start);
  }

  // Moves past one value: a string, an object or array (by nesting depth,
  // strings skipped whole) or a scalar (up to the next ',', '}' or ']').
  void skip_value() {
    skip_space();
    if (pos_ >= text_.size()) fail("expected a value");
    if (text_[pos_] == '"') {
      string();
      return;
    }
    int depth = 0;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '"') {
        string();
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']' || c == ',') {
        if (depth == 0) return;
        if (c != ',') --depth;
      }
      ++pos_;
      if (depth == 0 && (c == '}' || c == ']')) return;
    }
    if (depth != 0) fail("a value does not end");
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("not a JSON object's text: " + what + " at character " +
                                std::to_string(pos_));
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

SplitConfig split_shared_members(std::string_view object_text, std::size_t min_bytes) {
  JsonScanner scan(object_text);
  SplitConfig out;
  out.rest.reserve(object_text.size());
  out.rest += '{';
  scan.expect('{');
  if (!scan.take('}')) {
    do {
      scan.skip_space();
      const std::size_t member_start = scan.position();
      const std::string_view name = scan.string();
      scan.expect(':');
      scan.skip_space();
      const std::size_t value_start = scan.position();
      scan.skip_value();
      const std::size_t value_end = scan.position();
      if (value_end - value_start >= min_bytes && name.find('\\') == std::string_view::npos) {
        out.shared.emplace_back(std::string(name),
                                object_text.substr(value_start, value_end - value_start));
      } else {
        if (out.rest.size() > 1) out.rest += ',';
        out.rest += object_text.substr(member_start, value_end - member_start);
      }
    } while (scan.take(','));
    scan.expect('}');
  }
  scan.skip_space();
  if (!scan.at_end()) scan.fail("text after the object");
  out.rest += '}';
  return out;
}

}  // namespace lutsim::store
