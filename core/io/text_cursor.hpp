#pragma once

#include <cstddef>
#include <string_view>

namespace lutsim {

// A position in a text read left to right: the small hand-written scanners
// (a sweep axis's arithmetic, a JSON object's top-level members) share it.
class TextCursor {
 public:
  explicit TextCursor(std::string_view text) : text_(text) {}

  std::string_view text() const { return text_; }
  std::size_t position() const { return pos_; }
  bool at_end() const { return pos_ >= text_.size(); }
  // The character at the position; '\0' at the end.
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  void advance(std::size_t n = 1) { pos_ += n; }

  // Moves past spaces, tabs and line ends.
  void skip_space() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) {
      ++pos_;
    }
  }

  // Whether the next character after space is `c`, consumed when it is.
  bool take(char c) {
    skip_space();
    if (peek() != c || at_end()) return false;
    ++pos_;
    return true;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace lutsim
