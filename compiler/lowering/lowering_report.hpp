#pragma once
// What the lowering of a graph says, as data and text: per lut_linear its
// kernel descriptor (tile, precompute fused or not, registers and shared
// memory) or why it was not lowered, and the warp program as the printer
// writes it, headed by comments that say what it computes.

#include <nlohmann/json.hpp>
#include <string>

#include "compiler/lowering/lower_gemm.hpp"

namespace lutsim::compiler {

// The descriptor of a lowered GEMM with "lowered": true, or
// {"gemm", "lowered": false, "reason"}.
nlohmann::json to_json(const GemmLowering& l);

// The warp program in the printer's text format, after "#" lines naming the
// GEMM, its tiles, where the tables come from and the operands' layout.
std::string program_text(const LoweredGemm& l);

// One line: the tile chosen, fused or not, registers and shared memory; or
// the refusal.
std::string summary_line(const GemmLowering& l);

}  // namespace lutsim::compiler
