#include "ppa/power/liberty_syntax.hpp"

#include <cctype>

namespace lutsim::ppa {
namespace {

enum class TokenKind { kWord, kString, kPunct, kNewline, kEnd };

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string_view text;
  int line = 0;
};

bool is_punct(char c) {
  return c == '(' || c == ')' || c == '{' || c == '}' || c == ':' || c == ';' || c == ',';
}

// Splits the text into words, quoted strings and punctuation. Newlines are reported
// because a simple attribute may end at the end of its line without a ';'.
class Lexer {
 public:
  Lexer(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  Token next() {
    skip_blanks();
    Token t;
    t.line = line_;
    if (pos_ >= text_.size()) return t;
    const char c = text_[pos_];
    if (c == '\n') {
      ++pos_;
      ++line_;
      t.kind = TokenKind::kNewline;
      return t;
    }
    if (is_punct(c)) {
      t.kind = TokenKind::kPunct;
      t.text = text_.substr(pos_++, 1);
      return t;
    }
    if (c == '"') return quoted(t);
    const std::size_t start = pos_;
    while (pos_ < text_.size()) {
      const char d = text_[pos_];
      if (std::isspace(static_cast<unsigned char>(d)) || is_punct(d) || d == '"') break;
      if (d == '\\' && continuation_at(pos_)) break;
      ++pos_;
    }
    t.kind = TokenKind::kWord;
    t.text = text_.substr(start, pos_ - start);
    return t;
  }

  [[noreturn]] void fail(int line, const std::string& what) const {
    throw LibertyError(source_ + ":" + std::to_string(line) + ": " + what);
  }

 private:
  // A backslash followed by optional blanks and a newline joins two lines.
  bool continuation_at(std::size_t p) const {
    ++p;
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t' || text_[p] == '\r')) ++p;
    return p < text_.size() && text_[p] == '\n';
  }

  void skip_blanks() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (c == '\\' && continuation_at(pos_)) {
        pos_ = text_.find('\n', pos_) + 1;
        ++line_;
      } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '*') {
        const std::size_t end = text_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) fail(line_, "unterminated comment");
        for (std::size_t i = pos_; i < end; ++i) line_ += text_[i] == '\n';
        pos_ = end + 2;
      } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
        pos_ = text_.find('\n', pos_);
        if (pos_ == std::string_view::npos) pos_ = text_.size();
      } else {
        return;
      }
    }
  }

  Token quoted(Token t) {
    const std::size_t start = ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      if (text_[pos_] == '\n') ++line_;
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
      ++pos_;
    }
    if (pos_ >= text_.size()) fail(t.line, "unterminated string");
    t.kind = TokenKind::kString;
    t.text = text_.substr(start, pos_ - start);
    ++pos_;
    return t;
  }

  std::string_view text_;
  const std::string& source_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

// Recursive-descent parser over the lexer with one token of lookahead.
class Parser {
 public:
  Parser(std::string_view text, const std::string& source) : lexer_(text, source) { advance(); }

  LibertyGroup parse_file() {
    skip_newlines();
    if (tok_.kind != TokenKind::kWord) fail("expected a group such as 'library (name) {'");
    LibertyGroup root;
    root.type = std::string(tok_.text);
    root.line = tok_.line;
    advance();
    root.args = parse_parenthesized();
    skip_newlines();
    if (!is_punct('{')) fail("expected '{' after " + root.type + " (...)");
    advance();
    parse_body(root);
    return root;
  }

 private:
  void advance() { tok_ = lexer_.next(); }
  bool is_punct(char c) const { return tok_.kind == TokenKind::kPunct && tok_.text[0] == c; }
  void skip_newlines() {
    while (tok_.kind == TokenKind::kNewline) advance();
  }
  [[noreturn]] void fail(const std::string& what) const {
    const std::string found = tok_.kind == TokenKind::kEnd ? "end of file"
                              : tok_.kind == TokenKind::kNewline
                                  ? "end of line"
                                  : "'" + std::string(tok_.text) + "'";
    lexer_.fail(tok_.line, what + ", found " + found);
  }

  // `( a, "b c", d )` -> {a, b c, d}; the opening '(' is the current token.
  std::vector<std::string> parse_parenthesized() {
    if (!is_punct('(')) fail("expected '('");
    advance();
    std::vector<std::string> args;
    std::string current;
    bool have = false;
    while (true) {
      skip_newlines();
      if (tok_.kind == TokenKind::kEnd) fail("expected ')'");
      if (is_punct(')')) break;
      if (is_punct(',')) {
        args.push_back(std::move(current));
        current.clear();
        have = false;
      } else if (tok_.kind == TokenKind::kPunct && tok_.text[0] != ':') {
        fail("unexpected punctuation inside (...)");
      } else {
        if (have) current += ' ';
        current += tok_.text;
        have = true;
      }
      advance();
    }
    if (have || !args.empty()) args.push_back(std::move(current));
    advance();
    return args;
  }

  // Statements up to and including the closing '}'.
  void parse_body(LibertyGroup& group) {
    while (true) {
      skip_newlines();
      if (is_punct('}')) {
        advance();
        return;
      }
      if (tok_.kind == TokenKind::kEnd) {
        lexer_.fail(group.line, "group '" + group.type + "' is not closed by '}'");
      }
      if (tok_.kind != TokenKind::kWord) fail("expected an attribute or group name");
      parse_statement(group);
    }
  }

  void parse_statement(LibertyGroup& parent) {
    const std::string name(tok_.text);
    const int line = tok_.line;
    advance();
    if (is_punct(':')) {
      advance();
      parent.attributes.push_back({name, {parse_simple_value(name)}, false, line});
      return;
    }
    if (!is_punct('(')) fail("expected ':' or '(' after '" + name + "'");
    std::vector<std::string> args = parse_parenthesized();
    if (is_punct('{')) {
      advance();
      LibertyGroup child;
      child.type = name;
      child.args = std::move(args);
      child.line = line;
      parse_body(child);
      parent.groups.push_back(std::move(child));
      return;
    }
    end_statement(name);
    parent.attributes.push_back({name, std::move(args), true, line});
  }

  // The value runs to ';' or the end of the line (words joined by one space).
  std::string parse_simple_value(const std::string& name) {
    std::string value;
    bool have = false;
    while (tok_.kind == TokenKind::kWord || tok_.kind == TokenKind::kString) {
      if (have) value += ' ';
      value += tok_.text;
      have = true;
      advance();
    }
    if (!have) fail("expected a value for '" + name + "'");
    end_statement(name);
    return value;
  }

  void end_statement(const std::string& name) {
    if (is_punct(';')) {
      advance();
    } else if (tok_.kind != TokenKind::kNewline && !is_punct('}')) {
      fail("expected ';' after '" + name + "'");
    }
  }

  Lexer lexer_;
  Token tok_;
};

}  // namespace

const LibertyAttribute* LibertyGroup::find_attribute(std::string_view name) const {
  for (const LibertyAttribute& a : attributes) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

std::string LibertyGroup::attribute_or(std::string_view name, const std::string& fallback) const {
  const LibertyAttribute* a = find_attribute(name);
  return a && !a->values.empty() ? a->values.front() : fallback;
}

LibertyGroup parse_liberty_syntax(std::string_view text, const std::string& source_name) {
  return Parser(text, source_name).parse_file();
}

}  // namespace lutsim::ppa
