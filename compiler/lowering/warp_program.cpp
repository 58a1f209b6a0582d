#include "compiler/lowering/warp_program.hpp"

#include <stdexcept>
#include <string>

#include "compiler/lowering/warp_step.hpp"
#include "compiler/program/operand_layout.hpp"

namespace lutsim::compiler {
namespace {

using lmma::Instruction;
using lmma::kWarpRegisterBytes;
using lmma::Register;
using lmma::RegisterClass;

int whole_registers(std::int64_t bytes, const std::string& what) {
  if (bytes % kWarpRegisterBytes != 0) {
    throw std::invalid_argument("warp program: " + what + " of " + std::to_string(bytes) +
                                " bytes is not whole 128-byte registers");
  }
  return static_cast<int>(bytes / kWarpRegisterBytes);
}

int buffer_registers(std::int64_t bytes) {
  return static_cast<int>(round_up(bytes, kChunkBytes) / kWarpRegisterBytes);
}

std::int64_t step_table_bytes(const WarpTileSpec& s) {
  return lmma::table_operand_bytes({s.warp_m, 0, s.k_step}, s.datapath);
}

std::int64_t step_weight_bytes(const WarpTileSpec& s) {
  return lmma::weight_operand_bytes({0, s.warp_n, s.k_step}, s.datapath.weight_bits);
}

std::int64_t step_activation_bytes(const WarpTileSpec& s) {
  return s.tables == TableSource::kLutpre
             ? static_cast<std::int64_t>(s.warp_m) * s.k_step * bytes_of(s.datapath.activation)
             : 0;
}

// The lmma shape: as many of the tensor core's arrays as the warp tile
// divides into, first along N, the rest along M.
lmma::MatrixShape instruction_shape(const WarpTileSpec& s) {
  const LutArrayGeometry& g = s.array;
  require_warp_tile(s.warp_m, s.warp_n, g.m, g.n, "array_m " + std::to_string(g.m),
                    "array_n " + std::to_string(g.n));
  int along_n = s.arrays;
  while (s.warp_n % (g.n * along_n) != 0) --along_n;
  int along_m = s.arrays / along_n;
  while (s.warp_m % (g.m * along_m) != 0) --along_m;
  require_warp(
      s.k_step > 0 && s.k_step % g.k == 0 && s.k_steps > 0,
      "K step " + std::to_string(s.k_step) + " is not a multiple of k = " + std::to_string(g.k));
  require_warp(
      s.n_sweep >= 1 && (s.n_sweep == 1 || s.residency == TableResidency::kRegisters),
      "an N sweep of " + std::to_string(s.n_sweep) + " tiles needs tables held in registers");
  return {g.m * along_m, g.n * along_n, s.k_step};
}

// Tables staged through shared memory: the K loop over a ring of K steps,
// two register buffers of each operand.
Statements staged_tables_body(const WarpTileSpec& s, const lmma::MatrixShape& in,
                              const WarpStepSizes& z, WarpProgramLayout& l) {
  const bool lutpre = s.tables == TableSource::kLutpre;
  const std::int64_t first_bytes = lutpre ? z.activation_bytes : z.table_bytes;
  l.weights_offset = round_up(first_bytes, kChunkBytes);
  l.step_bytes = l.weights_offset + round_up(z.weight_bytes, kChunkBytes);
  l.resident_steps = resident_steps(s.k_steps, l.step_bytes, s.smem_bytes);
  // Every step's weights (each lmma needs all of them), then its tables or
  // activations (each lmma its rows').
  const StepOperand first = lutpre
                                ? StepOperand{RegisterClass::kA, z.a_buffer, z.activation_bytes, 0}
                                : StepOperand{RegisterClass::kT, z.t_buffer, z.table_bytes, 0};
  const auto compute = [&](int buf) {
    Statements out;
    if (lutpre) out.push_back(lutpre_instruction(s, buf * z.t_buffer, buf * z.a_buffer));
    for (auto& st : step_lmmas(s, in, z, buf * z.t_buffer, buf * z.w_buffer)) out.push_back(st);
    return out;
  };
  const WarpRing ring{lmma::Opcode::kLdShared,
                      {{RegisterClass::kW, z.w_buffer, z.weight_bytes, l.weights_offset}, first},
                      compute,
                      l.step_bytes};
  return k_loop(ring, s.k_steps, l.resident_steps);
}

}  // namespace

const char* to_string(TableSource s) {
  return s == TableSource::kSharedMemory ? "shared_memory" : "lutpre";
}

WarpStepSizes warp_step_sizes(const WarpTileSpec& s, const lmma::MatrixShape& in) {
  WarpStepSizes z;
  z.tiles_m = s.warp_m / in.m;
  z.tiles_n = s.warp_n / in.n;
  const LutGemmConfig& dp = s.datapath;
  z.table_bytes = step_table_bytes(s);
  z.weight_bytes = step_weight_bytes(s);
  z.activation_bytes = step_activation_bytes(s);
  z.t_per_tile = whole_registers(lmma::table_operand_bytes(in, dp), "an lmma table operand");
  z.w_per_tile =
      whole_registers(lmma::weight_operand_bytes(in, dp.weight_bits), "an lmma weight operand");
  z.d_per_tile = whole_registers(static_cast<std::int64_t>(in.m) * in.n * bytes_of(dp.accumulator),
                                 "an lmma accumulator operand");
  z.t_buffer = buffer_registers(z.table_bytes);
  z.w_buffer = buffer_registers(z.weight_bytes);
  z.a_buffer = buffer_registers(z.activation_bytes);
  return z;
}

Instruction lutpre_instruction(const WarpTileSpec& s, int t_first, int a_first) {
  Instruction in;
  in.opcode = lmma::Opcode::kLutpre;
  in.shape = {s.warp_m, 0, s.k_step};
  in.types = lmma::LutpreTypes{s.datapath.activation, s.datapath.table_format};
  in.registers = {Register{RegisterClass::kT, t_first}, Register{RegisterClass::kA, a_first}};
  return in;
}

Statements step_lmmas(const WarpTileSpec& s, const lmma::MatrixShape& in, const WarpStepSizes& z,
                      int t_first, int w_first) {
  Statements out;
  const LutGemmConfig& dp = s.datapath;
  for (int mi = 0; mi < z.tiles_m; ++mi) {
    for (int ni = 0; ni < z.tiles_n; ++ni) {
      Instruction lmma;
      lmma.opcode = lmma::Opcode::kLmma;
      lmma.shape = in;
      lmma.types = lmma::LmmaTypes{dp.table_format, dp.weight_bits, dp.accumulator, dp.accumulator};
      const int d = (mi * z.tiles_n + ni) * z.d_per_tile;
      lmma.registers = {
          Register{RegisterClass::kD, d}, Register{RegisterClass::kT, t_first + mi * z.t_per_tile},
          Register{RegisterClass::kW, w_first + ni * z.w_per_tile}, Register{RegisterClass::kD, d}};
      out.push_back(lmma);
    }
  }
  return out;
}

WarpProgramLayout warp_registers(const WarpTileSpec& s) {
  WarpProgramLayout l;
  const int t_buffer = buffer_registers(step_table_bytes(s));
  const std::int64_t acc_bytes =
      static_cast<std::int64_t>(s.warp_m) * s.warp_n * bytes_of(s.datapath.accumulator);
  l.a_registers = 2 * buffer_registers(step_activation_bytes(s));
  l.t_registers = s.residency == TableResidency::kRegisters ? static_cast<int>(s.k_steps) * t_buffer
                                                            : 2 * t_buffer;
  l.w_registers = 2 * buffer_registers(step_weight_bytes(s));
  l.d_registers = static_cast<int>((acc_bytes + kWarpRegisterBytes - 1) / kWarpRegisterBytes);
  return l;
}

WarpProgram warp_tile_program(const WarpTileSpec& s) {
  const lmma::MatrixShape in = instruction_shape(s);
  const WarpStepSizes z = warp_step_sizes(s, in);
  WarpProgram p{{}, s, warp_registers(s)};
  WarpProgramLayout& l = p.layout;
  l.instruction = in;
  l.accumulator_registers = z.d_per_tile;
  p.program.body = s.residency == TableResidency::kRegisters ? resident_tables_body(s, in, z, l)
                                                             : staged_tables_body(s, in, z, l);
  return p;
}

}  // namespace lutsim::compiler
