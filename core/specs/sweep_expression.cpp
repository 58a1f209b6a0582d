#include "core/specs/sweep_expression.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

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
    skip_space();
    if (pos_ < text_.size()) fail("expected an operator (+ - * /) or the end");
  }

 private:
  using Kind = SweepExpression::Step::Kind;

  void sum() {
    product();
    while (true) {
      if (take('+')) {
        product();
        emit(Kind::kAdd);
      } else if (take('-')) {
        product();
        emit(Kind::kSubtract);
      } else {
        return;
      }
    }
  }

  void product() {
    factor();
    while (true) {
      if (take('*')) {
        factor();
        emit(Kind::kMultiply);
      } else if (take('/')) {
        factor();
        emit(Kind::kDivide);
      } else {
        return;
      }
    }
  }

  void factor() {
    if (take('-')) {
      factor();
      emit(Kind::kNegate);
      return;
    }
    if (take('(')) {
      sum();
      if (!take(')')) fail("expected ')'");
      return;
    }
    skip_space();
    if (pos_ < text_.size() &&
        (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.')) {
      number();
      return;
    }
    if (pos_ < text_.size() &&
        (std::islower(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
      name();
      return;
    }
    fail("expected a number, a column name, '-' or '('");
  }

  void number() {
    double value = 0.0;
    const char* first = text_.data() + pos_;
    const auto [end, error] = std::from_chars(first, text_.data() + text_.size(), value);
    if (error != std::errc()) fail("expected a number");
    pos_ += static_cast<std::size_t>(end - first);
    out_.steps_.push_back({Kind::kNumber, value, 0});
  }

  void name() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && (std::islower(static_cast<unsigned char>(text_[pos_])) ||
                                   std::isdigit(static_cast<unsigned char>(text_[pos_])) ||
                                   text_[pos_] == '_' || text_[pos_] == '.')) {
      ++pos_;
    }
    const std::string_view name = text_.substr(start, pos_ - start);
    const auto found = std::find(names_.begin(), names_.end(), name);
    if (found == names_.end()) {
      std::string known;
      for (const std::string& n : names_) known += (known.empty() ? "" : ", ") + n;
      throw std::invalid_argument(
          "'" + std::string(text_) + "': no column '" + std::string(name) +
          "' to use (the columns of the axes before it: " + (known.empty() ? "none" : known) + ")");
    }
    const auto index = static_cast<std::size_t>(found - names_.begin());
    if (std::find(out_.inputs_.begin(), out_.inputs_.end(), index) == out_.inputs_.end()) {
      out_.inputs_.push_back(index);
    }
    out_.steps_.push_back({Kind::kName, 0.0, index});
  }

  void emit(Kind kind) { out_.steps_.push_back({kind, 0.0, 0}); }

  void skip_space() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }

  bool take(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("'" + std::string(text_) + "' at character " +
                                std::to_string(pos_ + 1) + ": " + what);
  }

  std::string_view text_;
  std::span<const std::string> names_;
  SweepExpression& out_;
  std::size_t pos_ = 0;
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
