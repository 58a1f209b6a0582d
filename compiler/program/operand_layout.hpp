#pragma once
// Operand sizes of the LMMA program format (docs/lmma.md, "Registers" and
// "Operand layouts"): what the compiler allocates registers and shared memory
// by and the sub-core decodes operands with, so the two cannot disagree.

#include <cstdint>

#include "compiler/program/lmma_program.hpp"
#include "core/lut/lut_config.hpp"

namespace lutsim::lmma {

// A warp register: 32 lanes x 4 bytes.
inline constexpr int kWarpLanes = 32;
inline constexpr int kWarpRegisterBytes = kWarpLanes * 4;

// Bytes of an lmma / lutpre table operand: M x K/k tables of the datapath's
// entries (f16: 2 bytes each, int: 4, q8: 1 each and a 2-byte FP16 scale per table).
std::int64_t table_operand_bytes(const MatrixShape& shape, const LutGemmConfig& datapath);

// Bytes of an lmma weight operand: N x K codes of `weight_bits` bits, packed.
std::int64_t weight_operand_bytes(const MatrixShape& shape, int weight_bits);

}  // namespace lutsim::lmma
