#pragma once
// A Liberty Boolean expression (`function`, `when`): "!(A1 & A2)", "(A * B) + C'", "IQ",
// with ! and postfix ' for NOT, & * or juxtaposition for AND, ^ for XOR, | + for OR, 0 and 1.
// Evaluated by enumeration over its variables (cells have a handful of pins).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace lutsim::ppa {

class BooleanFunction {
 public:
  BooleanFunction() = default;
  // Throws LibertyError naming `context` (e.g. "lib:123") on a syntax error.
  static BooleanFunction parse(const std::string& text, const std::string& context);

  bool empty() const { return nodes_.empty(); }
  const std::string& text() const { return text_; }
  // Distinct variable names, in order of first appearance.
  const std::vector<std::string>& variables() const { return variables_; }
  bool uses(const std::string& variable) const;

  // Value with variable i set to bit i of `assignment`.
  bool evaluate(std::uint64_t assignment) const;

  // Probability that the function is 1 when each variable is independently 1 with
  // probability one_probability(name) (what OpenSTA's BDD evaluation computes).
  double probability(const std::function<double(const std::string&)>& one_probability) const;
  // Probability that the function is sensitive to `variable` (its Boolean difference is 1),
  // under the same independence assumption; 0 when it does not use the variable.
  double sensitivity(const std::string& variable,
                     const std::function<double(const std::string&)>& one_probability) const;

 private:
  enum class Op : std::uint8_t { kVar, kConst, kNot, kAnd, kOr, kXor };
  struct Node {
    Op op;
    int a = -1, b = -1;  // operand node indices; variable index or constant value for leaves
  };
  friend class BooleanParser;
  bool eval_node(int node, std::uint64_t assignment) const;

  std::string text_;
  std::vector<std::string> variables_;
  std::vector<Node> nodes_;  // the root is the last node
};

}  // namespace lutsim::ppa
