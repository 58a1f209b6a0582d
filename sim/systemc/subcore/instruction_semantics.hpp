#pragma once
// What an instruction does to the register file and shared memory
// (docs/lmma.md, "Semantics"): every value from core/'s golden numerics
// (precompute_table, lut_accumulate_group, mac_dot_*), the sub-core adding
// only the operand layouts. Timing is the sub-core's.

#include <cstdint>
#include <span>

#include "core/lut/lut_table.hpp"
#include "sim/systemc/subcore/decoded_program.hpp"
#include "sim/systemc/subcore/register_file.hpp"
#include "sim/systemc/subcore/shared_memory.hpp"

namespace lutsim::systemc {

// Executes `in` with the active lanes' byte addresses (memory instructions;
// empty otherwise). Throws SharedMemoryFault for a misaligned or
// out-of-range address, std::overflow_error for an INT32 accumulator overflow.
void execute(const DecodedInstruction& in, std::span<const std::int64_t> lane_addresses,
             RegisterFile& registers, SharedMemory& smem);

// Operand element codecs, little-endian, as the layouts of docs/lmma.md:
// the value of element i of a fragment of type `type`, and writing one
// (std::out_of_range for an int16 element that cannot hold the value).
double load_element(std::span<const std::uint8_t> bytes, std::int64_t i, DataType type);
void store_element(std::span<std::uint8_t> bytes, std::int64_t i, DataType type, double value);

// Table t of an lmma / lutpre T operand of `datapath`'s entry format, and
// writing one (layout of docs/lmma.md).
LutTable load_table(std::span<const std::uint8_t> bytes, std::int64_t t,
                    const LutGemmConfig& datapath);
void store_table(std::span<std::uint8_t> bytes, std::int64_t t, const LutTable& table,
                 const LutGemmConfig& datapath);

// Packs b-bit codes (row-major, LSB first) as an lmma W operand.
void store_weight_code(std::span<std::uint8_t> bytes, std::int64_t i, int bits, unsigned code);

}  // namespace lutsim::systemc
