#pragma once
// Program -> the LMMA program text (docs/lmma.md): parse_program(print_program(p)) == p.

#include <string>

#include "compiler/program/lmma_program.hpp"

namespace lutsim::lmma {

// One instruction as written, without indentation or newline.
std::string print_instruction(const Instruction& in);

// The whole program, repeat bodies indented by two spaces per level.
std::string print_program(const Program& p);

}  // namespace lutsim::lmma
