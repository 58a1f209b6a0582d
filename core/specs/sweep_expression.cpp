#include "core/specs/sweep_expression.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "core/io/text_cursor.hpp"

namespace lutsim {

// Recursive descent over the grammar
//   sum = product { ("+" | "-") product }
//   product = factor { ("*" | "/") factor }
//   factor = "-" factor | number | name | "(" sum ")"
// emitting the steps in reverse Polish order.
class SweepExpressionParser {
 public:
  SweepExpressionParser(std::string_view text, std::span<const std::string> names,
                        SweepExpression& out)
      : text_(text), names_(names), out_(out) {}

  void parse() {
    sum();
    text_.skip_space();
    if (!text_.at_end()) fail("expected an operator (+ - * /) or the end");
  }

 private:
  using Kind = SweepExpression::Step::Kind;
  struct Operator {
    char symbol;
    Kind kind;
  };

  // One precedence level: operand { (a | b) operand }, left to right.
  void level(void (SweepExpressionParser::*operand)(), Operator a, Operator b) {
    (this->*operand)();
    while (true) {
      const bool is_a = text_.take(a.symbol);
      if (!is_a && !text_.take(b.symbol)) return;
      (this->*operand)();
      emit(is_a ? a.kind : b.kind);
    }
  }

  void sum() { level(&SweepExpressionParser::product, {'+', Kind::kAdd}, {'-', Kind::kSubtract}); }

  void product() {
    level(&SweepExpressionParser::factor, {'*', Kind::kMultiply}, {'/', Kind::kDivide});
  }

  void factor() {
    if (text_.take('-')) {
      factor();
      emit(Kind::kNegate);
      return;
    }
    if (text_.take('(')) {
      sum();
      if (!text_.take(')')) fail("expected ')'");
      return;
    }
    text_.skip_space();
    const auto c = static_cast<unsigned char>(text_.peek());
    if (!text_.at_end() && (std::isdigit(c) || c == '.')) {
      number();
      return;
    }
    if (!text_.at_end() && (std::islower(c) || c == '_')) {
      name();
      return;
    }
    fail("expected a number, a column name, '-' or '('");
  }

  void number() {
    double value = 0.0;
    const char* first = text_.text().data() + text_.position();
    const auto [end, error] =
        std::from_chars(first, text_.text().data() + text_.text().size(), value);
    if (error != std::errc()) fail("expected a number");
    text_.advance(static_cast<std::size_t>(end - first));
    out_.steps_.push_back({Kind::kNumber, value, 0});
  }

  void name() {
    const std::size_t start = text_.position();
    const auto in_name = [](unsigned char c) {
      return std::islower(c) || std::isdigit(c) || c == '_' || c == '.';
    };
    while (!text_.at_end() && in_name(static_cast<unsigned char>(text_.peek()))) text_.advance();
    const std::string_view name = text_.text().substr(start, text_.position() - start);
    const auto found = std::find(names_.begin(), names_.end(), name);
    if (found == names_.end()) {
      std::string known;
      for (const std::string& n : names_) known += (known.empty() ? "" : ", ") + n;
      throw std::invalid_argument(
          "'" + std::string(text_.text()) + "': no column '" + std::string(name) +
          "' to use (the columns of the axes before it: " + (known.empty() ? "none" : known) + ")");
    }
    const auto index = static_cast<std::size_t>(found - names_.begin());
    if (std::find(out_.inputs_.begin(), out_.inputs_.end(), index) == out_.inputs_.end()) {
      out_.inputs_.push_back(index);
    }
    out_.steps_.push_back({Kind::kName, 0.0, index});
  }

  void emit(Kind kind) { out_.steps_.push_back({kind, 0.0, 0}); }

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("'" + std::string(text_.text()) + "' at character " +
                                std::to_string(text_.position() + 1) + ": " + what);
  }

  TextCursor text_;
  std::span<const std::string> names_;
  SweepExpression& out_;
};

SweepExpression::SweepExpression(std::string_view text, std::span<const std::string> names)
    : text_(text) {
  SweepExpressionParser(text, names, *this).parse();
}

double SweepExpression::evaluate(std::span<const double> values) const {
  std::vector<double> stack;
  stack.reserve(steps_.size());
  const auto pop = [&stack] {
    const double x = stack.back();
    stack.pop_back();
    return x;
  };
  for (const Step& s : steps_) {
    switch (s.kind) {
      case Step::Kind::kNumber:
        stack.push_back(s.number);
        break;
      case Step::Kind::kName:
        stack.push_back(values[s.name]);
        break;
      case Step::Kind::kNegate:
        stack.back() = -stack.back();
        break;
      default: {
        const double b = pop();
        double& a = stack.back();
        if (s.kind == Step::Kind::kAdd) a += b;
        if (s.kind == Step::Kind::kSubtract) a -= b;
        if (s.kind == Step::Kind::kMultiply) a *= b;
        if (s.kind == Step::Kind::kDivide) a /= b;
      }
    }
  }
  return stack.back();
}

}  // namespace lutsim
