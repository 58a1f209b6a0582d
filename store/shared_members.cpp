#include "store/shared_members.hpp"

#include <stdexcept>

#include "core/io/text_cursor.hpp"

namespace lutsim::store {
namespace {

// Reads JSON text left to right, value by value, without building values:
// the parts of one object (a member's name, where its value ends).
class JsonScanner : public TextCursor {
 public:
  using TextCursor::TextCursor;

  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }

  // A string's contents, escapes left as written.
  std::string_view string() {
    skip_space();
    if (peek() != '"' || at_end()) fail("expected a string");
    advance();
    const std::size_t start = position();
    while (!at_end() && peek() != '"') advance(peek() == '\\' ? 2 : 1);
    if (at_end()) fail("a string does not end");
    const std::string_view contents = text().substr(start, position() - start);
    advance();
    return contents;
  }

  // Moves past one value: a string, an object or array (by nesting depth,
  // strings skipped whole) or a scalar (up to the next ',', '}' or ']').
  void skip_value() {
    skip_space();
    if (at_end()) fail("expected a value");
    if (peek() == '"') {
      string();
      return;
    }
    int depth = 0;
    while (!at_end()) {
      const char c = peek();
      if (c == '"') {
        string();
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']' || c == ',') {
        if (depth == 0) return;
        if (c != ',') --depth;
      }
      advance();
      if (depth == 0 && (c == '}' || c == ']')) return;
    }
    if (depth != 0) fail("a value does not end");
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("not a JSON object's text: " + what + " at character " +
                                std::to_string(position()));
  }
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
