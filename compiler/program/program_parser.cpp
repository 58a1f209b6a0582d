#include "compiler/program/program_parser.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <limits>

#include "core/io/text_file.hpp"

namespace lutsim::lmma {
namespace {

constexpr int kMaxWeightBits = 8;
constexpr std::int64_t kMaxRepeat = std::int64_t{1} << 40;
constexpr std::int64_t kMaxConstant = std::int64_t{1} << 40;

enum class TokenKind { kWord, kInt, kPunct, kEnd };

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string_view text;
  int column = 0;  // 1-based
};

std::string describe(const Token& t) {
  return t.kind == TokenKind::kEnd ? std::string("end of line") : "'" + std::string(t.text) + "'";
}

bool word_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}
bool digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c));
}

// Splits one line (comment removed) into tokens; an unexpected character
// comes back as a one-character punctuation token for the parser to reject.
std::vector<Token> tokenize(std::string_view line) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    TokenKind kind = TokenKind::kPunct;
    if (word_start(c)) {
      while (j < line.size() && word_char(line[j])) ++j;
      kind = TokenKind::kWord;
    } else if (digit(c)) {
      while (j < line.size() && std::isalnum(static_cast<unsigned char>(line[j]))) ++j;
      kind = TokenKind::kInt;
    }
    tokens.push_back({kind, line.substr(i, j - i), static_cast<int>(i) + 1});
    i = j;
  }
  tokens.push_back({TokenKind::kEnd, {}, static_cast<int>(line.size()) + 1});
  return tokens;
}

std::optional<std::int64_t> to_int(std::string_view text) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

struct Mnemonic {
  std::string_view name;
  Opcode opcode;
};
// Longest first, so "ld.shared" wins over a shorter prefix.
constexpr std::array<Mnemonic, 7> kMnemonics{{
    {"ld.shared", Opcode::kLdShared},
    {"st.shared", Opcode::kStShared},
    {"bar.sync", Opcode::kBarSync},
    {"ldmatrix", Opcode::kLdmatrix},
    {"lutpre", Opcode::kLutpre},
    {"lmma", Opcode::kLmma},
    {"mma", Opcode::kMma},
}};

// One suffix of the opcode word and its column.
struct Suffix {
  std::string_view text;
  int column = 0;
};

class LineParser {
 public:
  LineParser(const std::string& file, int line, std::string_view text)
      : file_(file), line_(line), tokens_(tokenize(text)) {}

  [[noreturn]] void fail(ParseErrorKind kind, int column, const std::string& message) const {
    throw ProgramParseError(kind, file_, line_, column, message);
  }
  [[noreturn]] void expected(ParseErrorKind kind, const std::string& what, const Token& t) const {
    fail(kind, t.column, "expected " + what + ", found " + describe(t));
  }

  const Token& peek() const { return tokens_[pos_]; }
  const Token& next() { return tokens_[std::min(pos_++, tokens_.size() - 1)]; }
  bool at_end() const { return peek().kind == TokenKind::kEnd; }
  void expect_end(const std::string& what) {
    if (!at_end()) expected(ParseErrorKind::kSyntax, what, peek());
  }
  bool accept(std::string_view punct) {
    if (peek().kind != TokenKind::kPunct || peek().text != punct) return false;
    ++pos_;
    return true;
  }
  void expect(std::string_view punct, ParseErrorKind kind = ParseErrorKind::kSyntax) {
    if (!accept(punct)) expected(kind, "'" + std::string(punct) + "'", peek());
  }
  std::int64_t positive_int(const std::string& what, ParseErrorKind kind, std::int64_t max) {
    const Token& t = next();
    const auto v = t.kind == TokenKind::kInt ? to_int(t.text) : std::nullopt;
    if (!v) expected(kind, what, t);
    if (*v < 1 || *v > max) {
      fail(kind, t.column,
           "expected " + what + " in [1, " + std::to_string(max) + "], found " + describe(t));
    }
    return *v;
  }

  int line() const { return line_; }

 private:
  const std::string& file_;
  int line_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
};

std::vector<Suffix> split_suffixes(std::string_view word, int column) {
  std::vector<Suffix> out;
  std::size_t start = 0;
  while (start <= word.size()) {
    const std::size_t dot = std::min(word.find('.', start), word.size());
    out.push_back({word.substr(start, dot - start), column + static_cast<int>(start)});
    start = dot + 1;
  }
  return out;
}

class InstructionParser {
 public:
  InstructionParser(LineParser& p, const std::vector<std::string>& scope) : p_(p), scope_(scope) {}

  Instruction parse(const Token& word, Opcode op, std::vector<Suffix> suffixes) {
    in_.opcode = op;
    in_.line = p_.line();
    word_ = word;
    suffixes_ = std::move(suffixes);
    parse_suffixes();
    parse_operands();
    p_.expect_end("end of instruction");
    return std::move(in_);
  }

 private:
  void parse_suffixes() {
    switch (in_.opcode) {
      case Opcode::kLmma:
        require_suffixes(5, "<shape>.<table>.<weight>.<acc>.<out>");
        in_.shape = shape(0, true);
        in_.types = LmmaTypes{table(1), weight_bits(2), data_type(3), data_type(4)};
        return;
      case Opcode::kMma:
        require_suffixes(5, "<shape>.<a>.<b>.<acc>.<out>");
        in_.shape = shape(0, true);
        in_.types = MmaTypes{data_type(1), data_type(2), data_type(3), data_type(4)};
        return;
      case Opcode::kLutpre:
        require_suffixes(3, "<shape>.<activation>.<table>");
        in_.shape = shape(0, false);
        in_.types = LutpreTypes{data_type(1), table(2)};
        return;
      case Opcode::kLdShared:
      case Opcode::kStShared:
        require_suffixes(1, "b32, b64 or b128");
        in_.access_bytes = prefixed_choice(0, 'b', {32, 64, 128}, "b32, b64 or b128") / 8;
        return;
      case Opcode::kLdmatrix:
        require_suffixes(1, "x1, x2 or x4");
        in_.matrices = prefixed_choice(0, 'x', {1, 2, 4}, "x1, x2 or x4");
        return;
      case Opcode::kBarSync:
        require_suffixes(0, "no suffix");
        return;
    }
  }

  void parse_operands() {
    switch (in_.opcode) {
      case Opcode::kLmma:
        operands({RegisterClass::kD, RegisterClass::kT, RegisterClass::kW, RegisterClass::kD});
        return;
      case Opcode::kMma:
        operands({RegisterClass::kD, RegisterClass::kA, RegisterClass::kW, RegisterClass::kD});
        return;
      case Opcode::kLutpre:
        operands({RegisterClass::kT, RegisterClass::kA});
        return;
      case Opcode::kLdShared:
      case Opcode::kLdmatrix:
        in_.registers.push_back(reg(std::nullopt));
        p_.expect(",", ParseErrorKind::kBadOperand);
        in_.address = address();
        return;
      case Opcode::kStShared:
        in_.address = address();
        p_.expect(",", ParseErrorKind::kBadOperand);
        in_.registers.push_back(reg(std::nullopt));
        return;
      case Opcode::kBarSync:
        return;
    }
  }

  void require_suffixes(std::size_t n, const std::string& form) {
    if (suffixes_.size() == n + 1) return;
    const int column = suffixes_.size() > n + 1
                           ? suffixes_[n + 1].column
                           : word_.column + static_cast<int>(word_.text.size());
    p_.fail(ParseErrorKind::kBadSuffix, column,
            "expected " + std::string(mnemonic(in_.opcode)) +
                (n == 0 ? " with no suffix" : "." + form) + ", found '" + std::string(word_.text) +
                "'");
  }
  const Suffix& suffix(std::size_t i) const { return suffixes_[i + 1]; }
  [[noreturn]] void bad_suffix(std::size_t i, const std::string& what) const {
    p_.fail(ParseErrorKind::kBadSuffix, suffix(i).column,
            "expected " + what + ", found '" + std::string(suffix(i).text) + "'");
  }

  // "m<M>n<N>k<K>" (with_n) or "m<M>k<K>", each a positive integer.
  MatrixShape shape(std::size_t i, bool with_n) {
    const std::string form = with_n ? "a shape m<M>n<N>k<K>" : "a shape m<M>k<K>";
    std::string_view s = suffix(i).text;
    MatrixShape out;
    for (const auto& [letter, field] :
         {std::pair{'m', &out.m}, std::pair{'n', &out.n}, std::pair{'k', &out.k}}) {
      if (letter == 'n' && !with_n) continue;
      if (s.empty() || s.front() != letter) bad_suffix(i, form);
      std::size_t j = 1;
      while (j < s.size() && digit(s[j])) ++j;
      const auto v = to_int(s.substr(1, j - 1));
      if (!v || *v < 1 || *v > 4096) bad_suffix(i, form + " (sizes in [1, 4096])");
      *field = static_cast<int>(*v);
      s.remove_prefix(j);
    }
    if (!s.empty()) bad_suffix(i, form);
    return out;
  }
  DataType data_type(std::size_t i) {
    const auto t = parse_type_name(suffix(i).text);
    if (!t) bad_suffix(i, "an element type (f16, f32, bf16, s8, s32, e4m3, e5m2)");
    return *t;
  }
  TableEntryFormat table(std::size_t i) {
    const auto t = parse_table_name(suffix(i).text);
    if (!t) bad_suffix(i, "a table entry type (f16, q8, int)");
    return *t;
  }
  int weight_bits(std::size_t i) {
    const std::string_view s = suffix(i).text;
    const auto bits = s.size() > 1 && s.front() == 'i' ? to_int(s.substr(1)) : std::nullopt;
    if (!bits || *bits < 1 || *bits > kMaxWeightBits) bad_suffix(i, "a weight type i1 .. i8");
    return static_cast<int>(*bits);
  }
  int prefixed_choice(std::size_t i, char prefix, std::initializer_list<int> choices,
                      const std::string& what) {
    const std::string_view s = suffix(i).text;
    const auto v = s.size() > 1 && s.front() == prefix ? to_int(s.substr(1)) : std::nullopt;
    if (!v || std::find(choices.begin(), choices.end(), *v) == choices.end()) bad_suffix(i, what);
    return static_cast<int>(*v);
  }

  void operands(std::initializer_list<RegisterClass> classes) {
    bool first = true;
    for (RegisterClass c : classes) {
      if (!first) p_.expect(",", ParseErrorKind::kBadOperand);
      first = false;
      in_.registers.push_back(reg(c));
    }
  }

  // A register "<class letter><index>", of class `want` when given.
  Register reg(std::optional<RegisterClass> want) {
    const Token& t = p_.next();
    const std::string what = want ? std::string("a ") + letter(*want) + " register"
                                  : std::string("a register (r, a, t, w, d)");
    if (t.kind != TokenKind::kWord || t.text.size() < 2) {
      p_.expected(ParseErrorKind::kBadOperand, what, t);
    }
    const std::size_t cls = kRegisterClassLetters.find(t.text.front());
    const auto index = to_int(t.text.substr(1));
    if (cls == std::string_view::npos || !index || *index > std::numeric_limits<int>::max() ||
        (want && static_cast<RegisterClass>(cls) != *want)) {
      p_.expected(ParseErrorKind::kBadOperand, what, t);
    }
    return {static_cast<RegisterClass>(cls), static_cast<int>(*index)};
  }

  // "[" term ("+" term)* "]", term = INT | INT "*" VAR | VAR "*" INT | VAR.
  Address address() {
    p_.expect("[", ParseErrorKind::kBadOperand);
    Address a;
    do {
      a.terms.push_back(term());
    } while (p_.accept("+"));
    p_.expect("]");
    return a;
  }
  AddressTerm term() {
    const Token& t = p_.next();
    if (t.kind == TokenKind::kInt) {
      const std::int64_t c = int_value(t);
      if (!p_.accept("*")) return {c, ""};
      return {c, variable(p_.next())};
    }
    if (t.kind != TokenKind::kWord) {
      p_.expected(ParseErrorKind::kSyntax, "an address term (INT, INT*var, var*INT, var)", t);
    }
    std::string var = variable(t);
    if (!p_.accept("*")) return {1, var};
    const Token& c = p_.next();
    if (c.kind != TokenKind::kInt) p_.expected(ParseErrorKind::kSyntax, "an integer", c);
    return {int_value(c), var};
  }
  std::int64_t int_value(const Token& t) const {
    const auto v = to_int(t.text);
    if (!v || *v > kMaxConstant) {
      p_.expected(ParseErrorKind::kSyntax, "a decimal integer up to 2^40", t);
    }
    return *v;
  }
  std::string variable(const Token& t) const {
    if (t.kind != TokenKind::kWord) p_.expected(ParseErrorKind::kSyntax, "a variable", t);
    const std::string name(t.text);
    if (name != "lane" && std::find(scope_.begin(), scope_.end(), name) == scope_.end()) {
      p_.fail(ParseErrorKind::kUnknownVariable, t.column,
              "expected `lane` or the variable of an enclosing repeat, found '" + name + "'");
    }
    return name;
  }

  LineParser& p_;
  const std::vector<std::string>& scope_;
  Instruction in_;
  Token word_;
  std::vector<Suffix> suffixes_;
};

std::optional<std::pair<Opcode, std::vector<Suffix>>> match_opcode(const Token& word) {
  for (const Mnemonic& m : kMnemonics) {
    const std::string_view w = word.text;
    if (w.substr(0, m.name.size()) != m.name) continue;
    if (w.size() > m.name.size() && w[m.name.size()] != '.') continue;
    std::vector<Suffix> suffixes =
        split_suffixes(w.substr(m.name.size()), word.column + static_cast<int>(m.name.size()));
    // The split of "" or ".a.b" starts with an empty element standing for the mnemonic.
    suffixes.front() = {m.name, word.column};
    return std::pair{m.opcode, std::move(suffixes)};
  }
  return std::nullopt;
}

// The block structure: one open body per enclosing repeat.
class ProgramParser {
 public:
  explicit ProgramParser(std::string file) : file_(std::move(file)) {
    open_.push_back(&program_.body);
  }

  void line(int number, std::string_view text) {
    const std::size_t hash = text.find('#');
    if (hash != std::string_view::npos) text = text.substr(0, hash);
    LineParser p(file_, number, text);
    if (p.at_end()) return;
    const Token& first = p.peek();
    if (first.kind == TokenKind::kPunct && first.text == "}") return close(p);
    if (first.kind == TokenKind::kWord && first.text == "repeat") return open(p);
    if (first.kind != TokenKind::kWord) {
      p.expected(ParseErrorKind::kSyntax, "an instruction, `repeat` or `}`", first);
    }
    const Token word = p.next();
    const auto op = match_opcode(word);
    if (!op) {
      p.fail(ParseErrorKind::kUnknownOpcode, word.column,
             "expected an instruction (lmma, mma, lutpre, ld.shared, st.shared, ldmatrix, "
             "bar.sync) or `repeat`, found '" +
                 std::string(word.text) + "'");
    }
    open_.back()->push_back(InstructionParser(p, scope_).parse(word, op->first, op->second));
  }

  Program finish(int last_line) {
    if (open_.size() > 1) {
      throw ProgramParseError(ParseErrorKind::kUnbalanced, file_, last_line, 1,
                              "expected '}' closing the repeat of line " +
                                  std::to_string(open_lines_.back()) + ", found end of file");
    }
    return std::move(program_);
  }

 private:
  void open(LineParser& p) {
    p.next();
    Repeat r;
    r.line = p.line();
    r.count = p.positive_int("a repeat count", ParseErrorKind::kBadRepeat, kMaxRepeat);
    if (p.peek().kind == TokenKind::kWord && p.peek().text == "as") {
      p.next();
      const Token& name = p.next();
      if (name.kind != TokenKind::kWord || name.text.find('.') != std::string_view::npos) {
        p.expected(ParseErrorKind::kSyntax, "a variable name", name);
      }
      r.variable = std::string(name.text);
      if (r.variable == "lane" ||
          std::find(scope_.begin(), scope_.end(), r.variable) != scope_.end()) {
        p.fail(ParseErrorKind::kBadRepeat, name.column,
               "expected a variable name not in use, found '" + r.variable + "'");
      }
    }
    p.expect("{");
    p.expect_end("end of line after '{'");
    auto& body = *open_.back();
    body.push_back(std::move(r));
    Repeat& added = std::get<Repeat>(body.back());
    scope_.push_back(added.variable);
    open_.push_back(&added.body);
    open_lines_.push_back(p.line());
  }

  void close(LineParser& p) {
    const Token& brace = p.next();
    if (open_.size() == 1) {
      p.fail(ParseErrorKind::kUnbalanced, brace.column,
             "expected an instruction, found '}' without a repeat");
    }
    p.expect_end("end of line after '}'");
    open_.pop_back();
    open_lines_.pop_back();
    scope_.pop_back();
  }

  std::string file_;
  Program program_;
  // Bodies being filled: the program's, then each enclosing repeat's. The
  // pointers stay valid: only the innermost body grows.
  std::vector<std::vector<Statement>*> open_;
  std::vector<int> open_lines_;
  std::vector<std::string> scope_;  // enclosing repeats' variables ("" when unnamed)
};

}  // namespace

std::string_view to_string(ParseErrorKind kind) {
  switch (kind) {
    case ParseErrorKind::kSyntax:
      return "syntax";
    case ParseErrorKind::kUnknownOpcode:
      return "unknown opcode";
    case ParseErrorKind::kBadSuffix:
      return "bad suffix";
    case ParseErrorKind::kBadOperand:
      return "bad operand";
    case ParseErrorKind::kUnknownVariable:
      return "unknown variable";
    case ParseErrorKind::kBadRepeat:
      return "bad repeat";
    case ParseErrorKind::kUnbalanced:
      return "unbalanced braces";
  }
  return "?";
}

ProgramParseError::ProgramParseError(ParseErrorKind kind, std::string file, int line, int column,
                                     const std::string& message)
    : std::invalid_argument(file + ":" + std::to_string(line) + ":" + std::to_string(column) +
                            ": " + message),
      kind_(kind),
      file_(std::move(file)),
      line_(line),
      column_(column) {}

Program parse_program(std::string_view text, const std::string& file) {
  ProgramParser parser(file);
  int number = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    parser.line(++number, line);
    start = end + 1;
  }
  return parser.finish(std::max(number, 1));
}

Program load_program(const std::filesystem::path& path) {
  return parse_program(read_text_file(path), path.string());
}

}  // namespace lutsim::lmma
