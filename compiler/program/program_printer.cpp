#include "compiler/program/program_printer.hpp"

namespace lutsim::lmma {
namespace {

std::string shape_text(const MatrixShape& s) {
  std::string t = "m" + std::to_string(s.m);
  if (s.n > 0) t += "n" + std::to_string(s.n);
  return t + "k" + std::to_string(s.k);
}

std::string register_text(const Register& r) {
  return letter(r.cls) + std::to_string(r.index);
}

std::string address_text(const Address& a) {
  std::string t = "[";
  for (std::size_t i = 0; i < a.terms.size(); ++i) {
    const AddressTerm& term = a.terms[i];
    if (i > 0) t += " + ";
    if (term.variable.empty()) {
      t += std::to_string(term.coefficient);
    } else if (term.coefficient == 1) {
      t += term.variable;
    } else {
      t += term.variable + "*" + std::to_string(term.coefficient);
    }
  }
  return t + "]";
}

std::string type_suffixes(const Instruction& in) {
  struct Visitor {
    std::string operator()(std::monostate) const { return ""; }
    std::string operator()(const LmmaTypes& t) const {
      return "." + std::string(type_name(t.table)) + ".i" + std::to_string(t.weight_bits) + "." +
             std::string(type_name(t.accumulator)) + "." + std::string(type_name(t.output));
    }
    std::string operator()(const MmaTypes& t) const {
      return "." + std::string(type_name(t.a)) + "." + std::string(type_name(t.b)) + "." +
             std::string(type_name(t.accumulator)) + "." + std::string(type_name(t.output));
    }
    std::string operator()(const LutpreTypes& t) const {
      return "." + std::string(type_name(t.activation)) + "." + std::string(type_name(t.table));
    }
  };
  return std::visit(Visitor{}, in.types);
}

std::string opcode_text(const Instruction& in) {
  std::string t(mnemonic(in.opcode));
  switch (in.opcode) {
    case Opcode::kLmma:
    case Opcode::kMma:
    case Opcode::kLutpre:
      return t + "." + shape_text(in.shape) + type_suffixes(in);
    case Opcode::kLdShared:
    case Opcode::kStShared:
      return t + ".b" + std::to_string(8 * in.access_bytes);
    case Opcode::kLdmatrix:
      return t + ".x" + std::to_string(in.matrices);
    case Opcode::kBarSync:
      return t;
  }
  return t;
}

void print_body(const std::vector<Statement>& body, int depth, std::string& out) {
  const std::string indent(2 * static_cast<std::size_t>(depth), ' ');
  for (const Statement& s : body) {
    if (const auto* r = std::get_if<Repeat>(&s)) {
      out += indent + "repeat " + std::to_string(r->count);
      if (!r->variable.empty()) out += " as " + r->variable;
      out += " {\n";
      print_body(r->body, depth + 1, out);
      out += indent + "}\n";
    } else {
      out += indent + print_instruction(std::get<Instruction>(s)) + "\n";
    }
  }
}

}  // namespace

std::string print_instruction(const Instruction& in) {
  std::string t = opcode_text(in);
  std::vector<std::string> operands;
  for (const Register& r : in.registers) operands.push_back(register_text(r));
  if (in.address) {
    const auto at = in.opcode == Opcode::kStShared ? operands.begin() : operands.end();
    operands.insert(at, address_text(*in.address));
  }
  for (std::size_t i = 0; i < operands.size(); ++i) t += (i == 0 ? " " : ", ") + operands[i];
  return t;
}

std::string print_program(const Program& p) {
  std::string out;
  print_body(p.body, 0, out);
  return out;
}

}  // namespace lutsim::lmma
