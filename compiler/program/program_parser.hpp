#pragma once
// The LMMA program text (docs/lmma.md) -> Program.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "compiler/program/lmma_program.hpp"

namespace lutsim::lmma {

enum class ParseErrorKind {
  kSyntax,           // a token other than the one the grammar needs there
  kUnknownOpcode,    // the first word is no instruction or keyword
  kBadSuffix,        // a shape, element type or width suffix the opcode does not take
  kBadOperand,       // a missing, extra or wrong-class operand
  kUnknownVariable,  // an address variable that is neither `lane` nor an enclosing repeat's
  kBadRepeat,        // a repeat count below 1, or a reused variable name
  kUnbalanced,       // a `}` without its repeat, or a repeat never closed
};

std::string_view to_string(ParseErrorKind kind);

// what() reads "<file>:<line>:<column>: expected <what>, found <token>"
// (or another message of that kind), 1-based.
class ProgramParseError : public std::invalid_argument {
 public:
  ProgramParseError(ParseErrorKind kind, std::string file, int line, int column,
                    const std::string& message);

  ParseErrorKind kind() const { return kind_; }
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  ParseErrorKind kind_;
  std::string file_;
  int line_;
  int column_;
};

// `file` is the name errors show.
Program parse_program(std::string_view text, const std::string& file);

// Reads and parses a file; a file that cannot be read throws std::runtime_error naming it.
Program load_program(const std::filesystem::path& path);

}  // namespace lutsim::lmma
