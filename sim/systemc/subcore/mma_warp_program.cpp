#include "sim/systemc/subcore/mma_warp_program.hpp"

#include <stdexcept>
#include <string>

#include "sim/systemc/subcore/sub_core_config.hpp"
#include "compiler/lowering/warp_ring.hpp"
#include "sim/tile/gemm_kernel.hpp"

namespace lutsim::systemc {
namespace {

using compiler::k_loop;
using compiler::kChunkBytes;
using compiler::require_warp;
using compiler::require_warp_tile;
using compiler::resident_steps;
using compiler::round_up;
using compiler::Statements;
using compiler::WarpRing;
using lmma::Instruction;
using lmma::Register;
using lmma::RegisterClass;

struct MmaSizes {
  int tiles_m = 0, tiles_n = 0, k_frags = 0;
  int a_regs = 0, b_regs = 0, d_regs = 0;  // per instruction operand
  std::int64_t a_bytes = 0, b_bytes = 0;   // per K step
  int a_buffer = 0, b_buffer = 0;          // registers per buffer
};

MmaSizes mma_sizes(const MmaWarpTileSpec& s, const lmma::MatrixShape& in) {
  MmaSizes z;
  z.tiles_m = s.warp_m / in.m;
  z.tiles_n = s.warp_n / in.n;
  z.k_frags = s.k_step / in.k;
  const int elem = bytes_of(s.type);
  z.a_regs = in.m * in.k * elem / kWarpRegisterBytes;
  z.b_regs = in.n * in.k * elem / kWarpRegisterBytes;
  z.d_regs = in.m * in.n * bytes_of(mma_accumulator_type(s.type)) / kWarpRegisterBytes;
  z.a_bytes = static_cast<std::int64_t>(s.warp_m) * s.k_step * elem;
  z.b_bytes = static_cast<std::int64_t>(s.warp_n) * s.k_step * elem;
  z.a_buffer = static_cast<int>(round_up(z.a_bytes, kChunkBytes) / kWarpRegisterBytes);
  z.b_buffer = static_cast<int>(round_up(z.b_bytes, kChunkBytes) / kWarpRegisterBytes);
  return z;
}

// The mmas of one K step reading register buffer `buf`, the K fragment
// outermost so an accumulator's consecutive mmas are a whole tiles_m x
// tiles_n instructions apart.
Statements mmas(const MmaWarpTileSpec& s, const lmma::MatrixShape& in, const MmaSizes& z, int buf) {
  Statements out;
  const DataType acc = mma_accumulator_type(s.type);
  for (int kf = 0; kf < z.k_frags; ++kf) {
    for (int mi = 0; mi < z.tiles_m; ++mi) {
      for (int ni = 0; ni < z.tiles_n; ++ni) {
        Instruction mma;
        mma.opcode = lmma::Opcode::kMma;
        mma.shape = in;
        mma.types = lmma::MmaTypes{s.type, s.type, acc, acc};
        const int d = (mi * z.tiles_n + ni) * z.d_regs;
        mma.registers = {
            Register{RegisterClass::kD, d},
            Register{RegisterClass::kA, buf * z.a_buffer + (kf * z.tiles_m + mi) * z.a_regs},
            Register{RegisterClass::kW, buf * z.b_buffer + (kf * z.tiles_n + ni) * z.b_regs},
            Register{RegisterClass::kD, d}};
        out.push_back(mma);
      }
    }
  }
  return out;
}

}  // namespace

lmma::MatrixShape mma_instruction_shape(DataType type) {
  if (type == DataType::kFp16) return {16, 8, 16};
  if (type == DataType::kInt8) return {16, 8, 32};
  throw std::invalid_argument(
      "MMA baseline program: " + std::string(to_string(type)) +
      " is not modelled (the MAC baseline's golden numerics are fp16 and int8 mma.sync)");
}

DataType mma_accumulator_type(DataType type) {
  mma_instruction_shape(type);
  return type == DataType::kFp16 ? DataType::kFp16 : DataType::kInt32;
}

MmaWarpProgram mma_warp_tile_program(const MmaWarpTileSpec& s) {
  const lmma::MatrixShape in = mma_instruction_shape(s.type);
  require_warp_tile(s.warp_m, s.warp_n, in.m, in.n, std::to_string(in.m), std::to_string(in.n));
  require_warp(s.k_step > 0 && s.k_step % in.k == 0 && s.k_steps > 0,
               "K step " + std::to_string(s.k_step) +
                   " is not a multiple of the mma's k = " + std::to_string(in.k));
  const MmaSizes z = mma_sizes(s, in);
  MmaWarpProgram p{{}, s, {}};
  MmaWarpProgramLayout& l = p.layout;
  l.instruction = in;
  l.b_offset = round_up(z.a_bytes, kChunkBytes);
  l.step_bytes = l.b_offset + round_up(z.b_bytes, kChunkBytes);
  l.resident_steps = resident_steps(s.k_steps, l.step_bytes, s.smem_bytes);
  // ldmatrix.x4 of the step's A fragments, then its B fragments (two a load).
  const WarpRing ring{lmma::Opcode::kLdmatrix,
                      {{RegisterClass::kA, z.a_buffer, z.a_bytes, 0},
                       {RegisterClass::kW, z.b_buffer, z.b_bytes, l.b_offset}},
                      [&](int buf) { return mmas(s, in, z, buf); },
                      l.step_bytes};
  p.program.body = k_loop(ring, s.k_steps, l.resident_steps);
  return p;
}

MmaWarpProgram gemm_mma_warp_program(const HardwareSpec& hw, std::int64_t m, std::int64_t n,
                                     std::int64_t k, DataType type, GemmEstimate* estimate) {
  mma_instruction_shape(type);
  const GemmKernel kernel = dense_kernel(hw, type);
  const GemmShape shape{m, n, k, 1, type};
  const GemmEstimate e = best_gemm(hw, kernel, shape);
  if (estimate) *estimate = e;
  const WarpTile w = warp_tile(kernel, e.tiling);
  MmaWarpTileSpec s;
  s.warp_m = w.m;
  s.warp_n = w.n;
  s.k_step = e.tiling.tile.bk * kernel.k_step_multiplier;
  s.k_steps = padded_k_slice(kernel, shape, e.tiling) / s.k_step;
  s.type = type;
  s.smem_bytes = hw.smem_bytes_per_sm;
  return mma_warp_tile_program(s);
}

}  // namespace lutsim::systemc
