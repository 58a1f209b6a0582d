#include "ppa/power/boolean_function.hpp"

#include <algorithm>
#include <cctype>

#include "ppa/power/liberty_syntax.hpp"

namespace lutsim::ppa {

// Precedence, lowest first: OR (| +), XOR (^), AND (& * juxtaposition), NOT (! prefix, ' postfix).
class BooleanParser {
 public:
  BooleanParser(BooleanFunction& f, const std::string& context) : f_(f), context_(context) {}

  void parse() {
    const int root = parse_or();
    skip_space();
    if (pos_ != f_.text_.size()) fail("unexpected '" + std::string(1, f_.text_[pos_]) + "'");
    if (root != static_cast<int>(f_.nodes_.size()) - 1) {
      f_.nodes_.push_back(f_.nodes_[root]);
    }
  }

 private:
  using Op = BooleanFunction::Op;
  [[noreturn]] void fail(const std::string& what) const {
    throw LibertyError(context_ + ": in Boolean expression \"" + f_.text_ + "\": " + what);
  }
  void skip_space() {
    while (pos_ < f_.text_.size() && std::isspace(static_cast<unsigned char>(f_.text_[pos_]))) {
      ++pos_;
    }
  }
  char peek() {
    skip_space();
    return pos_ < f_.text_.size() ? f_.text_[pos_] : '\0';
  }
  int add(Op op, int a, int b = -1) {
    f_.nodes_.push_back({op, a, b});
    return static_cast<int>(f_.nodes_.size()) - 1;
  }
  int parse_or() {
    int left = parse_xor();
    while (peek() == '|' || peek() == '+') {
      ++pos_;
      left = add(Op::kOr, left, parse_xor());
    }
    return left;
  }
  int parse_xor() {
    int left = parse_and();
    while (peek() == '^') {
      ++pos_;
      left = add(Op::kXor, left, parse_and());
    }
    return left;
  }
  static bool starts_operand(char c) {
    return c == '!' || c == '(' || std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           c == '\\';
  }
  int parse_and() {
    int left = parse_unary();
    while (true) {
      const char c = peek();
      if (c == '&' || c == '*') {
        ++pos_;
      } else if (!starts_operand(c)) {
        return left;
      }
      left = add(Op::kAnd, left, parse_unary());
    }
  }
  int parse_unary() {
    if (peek() == '!') {
      ++pos_;
      return add(Op::kNot, parse_unary());
    }
    int operand = parse_primary();
    while (peek() == '\'') {
      ++pos_;
      operand = add(Op::kNot, operand);
    }
    return operand;
  }
  int parse_primary() {
    const char c = peek();
    if (c == '(') {
      ++pos_;
      const int inner = parse_or();
      if (peek() != ')') fail("expected ')'");
      ++pos_;
      return inner;
    }
    const std::size_t start = pos_;
    while (pos_ < f_.text_.size()) {
      const char d = f_.text_[pos_];
      if (!(std::isalnum(static_cast<unsigned char>(d)) || d == '_' || d == '[' || d == ']' ||
            d == '.' || d == '\\')) {
        break;
      }
      ++pos_;
    }
    if (start == pos_) fail(c ? "unexpected '" + std::string(1, c) + "'" : "unexpected end");
    const std::string name = f_.text_.substr(start, pos_ - start);
    if (name == "0" || name == "1") return add(Op::kConst, name == "1");
    auto it = std::find(f_.variables_.begin(), f_.variables_.end(), name);
    if (it == f_.variables_.end()) {
      f_.variables_.push_back(name);
      it = f_.variables_.end() - 1;
    }
    if (f_.variables_.size() > 20) fail("more than 20 variables");
    return add(Op::kVar, static_cast<int>(it - f_.variables_.begin()));
  }

  BooleanFunction& f_;
  const std::string& context_;
  std::size_t pos_ = 0;
};

BooleanFunction BooleanFunction::parse(const std::string& text, const std::string& context) {
  BooleanFunction f;
  f.text_ = text;
  BooleanParser(f, context).parse();
  return f;
}

bool BooleanFunction::uses(const std::string& variable) const {
  return std::find(variables_.begin(), variables_.end(), variable) != variables_.end();
}

bool BooleanFunction::eval_node(int node, std::uint64_t assignment) const {
  const Node& n = nodes_[node];
  switch (n.op) {
    case Op::kVar:
      return (assignment >> n.a) & 1U;
    case Op::kConst:
      return n.a != 0;
    case Op::kNot:
      return !eval_node(n.a, assignment);
    case Op::kAnd:
      return eval_node(n.a, assignment) && eval_node(n.b, assignment);
    case Op::kOr:
      return eval_node(n.a, assignment) || eval_node(n.b, assignment);
    case Op::kXor:
      return eval_node(n.a, assignment) != eval_node(n.b, assignment);
  }
  return false;
}

bool BooleanFunction::evaluate(std::uint64_t assignment) const {
  return !nodes_.empty() && eval_node(static_cast<int>(nodes_.size()) - 1, assignment);
}

namespace {

// Sum of the probabilities of the assignments (over every variable but `skip`) for which
// `predicate` holds.
template <typename Predicate>
double weighted_count(const std::vector<double>& p, int skip, Predicate predicate) {
  const int n = static_cast<int>(p.size());
  double total = 0;
  for (std::uint64_t a = 0; a < (std::uint64_t{1} << n); ++a) {
    if (skip >= 0 && ((a >> skip) & 1U)) continue;
    double weight = 1;
    for (int i = 0; i < n; ++i) {
      if (i != skip) weight *= ((a >> i) & 1U) ? p[i] : 1 - p[i];
    }
    if (weight > 0 && predicate(a)) total += weight;
  }
  return total;
}

}  // namespace

double BooleanFunction::probability(
    const std::function<double(const std::string&)>& one_probability) const {
  std::vector<double> p;
  for (const std::string& v : variables_) p.push_back(one_probability(v));
  return weighted_count(p, -1, [&](std::uint64_t a) { return evaluate(a); });
}

double BooleanFunction::sensitivity(
    const std::string& variable,
    const std::function<double(const std::string&)>& one_probability) const {
  const auto it = std::find(variables_.begin(), variables_.end(), variable);
  if (it == variables_.end()) return 0;
  const int index = static_cast<int>(it - variables_.begin());
  std::vector<double> p;
  for (const std::string& v : variables_) p.push_back(v == variable ? 0 : one_probability(v));
  const std::uint64_t bit = std::uint64_t{1} << index;
  return weighted_count(p, index,
                        [&](std::uint64_t a) { return evaluate(a) != evaluate(a | bit); });
}

}  // namespace lutsim::ppa
