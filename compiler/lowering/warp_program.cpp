#include "compiler/lowering/warp_program.hpp"

#include <stdexcept>
#include <string>

#include "compiler/lowering/warp_ring.hpp"
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

// The operand sizes of one K step and one lmma.
struct Sizes {
  int tiles_m = 0, tiles_n = 0;
  std::int64_t table_bytes = 0, weight_bytes = 0;      // the warp tile's, per K step
  std::int64_t activation_bytes = 0;                   // lutpre: the warp tile's, per K step
  int t_per_tile = 0, w_per_tile = 0, d_per_tile = 0;  // registers per lmma operand
  int t_buffer = 0, w_buffer = 0, a_buffer = 0;        // registers per buffer
};

Sizes sizes(const WarpTileSpec& s, const lmma::MatrixShape& in) {
  Sizes z;
  z.tiles_m = s.warp_m / in.m;
  z.tiles_n = s.warp_n / in.n;
  const LutGemmConfig& dp = s.datapath;
  z.table_bytes = lmma::table_operand_bytes({s.warp_m, 0, s.k_step}, dp);
  z.weight_bytes = lmma::weight_operand_bytes({0, s.warp_n, s.k_step}, dp.weight_bits);
  z.t_per_tile = whole_registers(lmma::table_operand_bytes(in, dp), "an lmma table operand");
  z.w_per_tile =
      whole_registers(lmma::weight_operand_bytes(in, dp.weight_bits), "an lmma weight operand");
  z.d_per_tile = whole_registers(static_cast<std::int64_t>(in.m) * in.n * bytes_of(dp.accumulator),
                                 "an lmma accumulator operand");
  z.t_buffer = buffer_registers(z.table_bytes);
  z.w_buffer = buffer_registers(z.weight_bytes);
  if (s.tables == TableSource::kLutpre) {
    z.activation_bytes = static_cast<std::int64_t>(s.warp_m) * s.k_step * bytes_of(dp.activation);
    z.a_buffer = buffer_registers(z.activation_bytes);
  }
  return z;
}

// lutpre of the warp tile's K step from register buffer `buf` of activations
// into the same buffer of tables.
Instruction lutpre(const WarpTileSpec& s, const Sizes& z, int buf) {
  Instruction in;
  in.opcode = lmma::Opcode::kLutpre;
  in.shape = {s.warp_m, 0, s.k_step};
  in.types = lmma::LutpreTypes{s.datapath.activation, s.datapath.table_format};
  in.registers = {Register{RegisterClass::kT, buf * z.t_buffer},
                  Register{RegisterClass::kA, buf * z.a_buffer}};
  return in;
}

// The compute of one K step reading register buffer `buf`: its lutpre when
// the warp builds the tables, then its lmmas.
Statements step_compute(const WarpTileSpec& s, const lmma::MatrixShape& in, const Sizes& z,
                        int buf) {
  Statements out;
  if (s.tables == TableSource::kLutpre) out.push_back(lutpre(s, z, buf));
  const LutGemmConfig& dp = s.datapath;
  for (int mi = 0; mi < z.tiles_m; ++mi) {
    for (int ni = 0; ni < z.tiles_n; ++ni) {
      Instruction lmma;
      lmma.opcode = lmma::Opcode::kLmma;
      lmma.shape = in;
      lmma.types = lmma::LmmaTypes{dp.table_format, dp.weight_bits, dp.accumulator, dp.accumulator};
      const int d = (mi * z.tiles_n + ni) * z.d_per_tile;
      lmma.registers = {Register{RegisterClass::kD, d},
                        Register{RegisterClass::kT, buf * z.t_buffer + mi * z.t_per_tile},
                        Register{RegisterClass::kW, buf * z.w_buffer + ni * z.w_per_tile},
                        Register{RegisterClass::kD, d}};
      out.push_back(lmma);
    }
  }
  return out;
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
  return {g.m * along_m, g.n * along_n, s.k_step};
}

}  // namespace

const char* to_string(TableSource s) {
  return s == TableSource::kSharedMemory ? "shared_memory" : "lutpre";
}

WarpProgram warp_tile_program(const WarpTileSpec& s) {
  const lmma::MatrixShape in = instruction_shape(s);
  const Sizes z = sizes(s, in);
  const bool lutpre = s.tables == TableSource::kLutpre;
  WarpProgram p{{}, s, {}};
  WarpProgramLayout& l = p.layout;
  l.instruction = in;
  const std::int64_t first_bytes = lutpre ? z.activation_bytes : z.table_bytes;
  l.weights_offset = round_up(first_bytes, kChunkBytes);
  l.step_bytes = l.weights_offset + round_up(z.weight_bytes, kChunkBytes);
  l.accumulator_registers = z.d_per_tile;
  l.resident_steps = resident_steps(s.k_steps, l.step_bytes, s.smem_bytes);
  l.a_registers = 2 * z.a_buffer;
  l.t_registers = 2 * z.t_buffer;
  l.w_registers = 2 * z.w_buffer;
  l.d_registers = z.tiles_m * z.tiles_n * z.d_per_tile;
  // Every step's weights (each lmma needs all of them), then its tables or
  // activations (each lmma its rows').
  const StepOperand first = lutpre
                                ? StepOperand{RegisterClass::kA, z.a_buffer, z.activation_bytes, 0}
                                : StepOperand{RegisterClass::kT, z.t_buffer, z.table_bytes, 0};
  const WarpRing ring{lmma::Opcode::kLdShared,
                      {{RegisterClass::kW, z.w_buffer, z.weight_bytes, l.weights_offset}, first},
                      [&](int buf) { return step_compute(s, in, z, buf); },
                      l.step_bytes};
  p.program.body = k_loop(ring, s.k_steps, l.resident_steps);
  return p;
}

}  // namespace lutsim::compiler
