#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lutsim {

// The arithmetic of a derived sweep axis: numbers, the names of other axes'
// columns (lower case, digits, '_' and '.'), + - * / with the usual
// precedence, unary minus and parentheses, e.g. "512 / (array_m * array_k)".
// Parsed once, evaluated at every point.
class SweepExpression {
 public:
  // Parses `text` over `names` (the columns it may use). Throws
  // std::invalid_argument naming the character and what was expected, or
  // the unknown name and the names it may use.
  SweepExpression(std::string_view text, std::span<const std::string> names);

  const std::string& text() const { return text_; }

  // Indices into `names` of the names it uses, each once, in first use order.
  const std::vector<std::size_t>& inputs() const { return inputs_; }

  // Its value when names[i] is `values[i]` (values has one per name).
  double evaluate(std::span<const double> values) const;

 private:
  // Reverse Polish: a number, a name's value, or an operation on the stack's top.
  struct Step {
    enum class Kind { kNumber, kName, kAdd, kSubtract, kMultiply, kDivide, kNegate } kind;
    double number = 0.0;
    std::size_t name = 0;
  };
  std::string text_;
  std::vector<Step> steps_;
  std::vector<std::size_t> inputs_;

  friend class SweepExpressionParser;
};

}  // namespace lutsim
