#pragma once
// Stimulus of the power calculator's reference designs (ppa/reference/README.md): random
// operands with the control rates the reference values were measured with, reset during
// the warm-up cycles (left out of the activity window).

#include <cstdint>

#include "ppa/power/stimulus.hpp"

namespace lutsim::ppa {

// ref_int8_mac: rst for `warmup` cycles, then en true 7/8 of cycles, clr 1/64, random a, b.
Stimulus ref_int8_mac_stimulus(int cycles, int warmup, std::uint32_t seed);

// ref_reg_table: rst for `warmup` cycles, then a write 1/4 of cycles (random waddr and
// wdata, held between writes) and a random raddr every cycle.
Stimulus ref_reg_table_stimulus(int cycles, int warmup, std::uint32_t seed);

}  // namespace lutsim::ppa
