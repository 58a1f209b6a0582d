#include "sim/systemc/subcore/warp_program.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/lut/lut_table.hpp"
#include "sim/systemc/subcore/decoded_program.hpp"
#include "sim/systemc/subcore/instruction_semantics.hpp"
#include "sim/systemc/subcore/warp_ring.hpp"
#include "sim/tile/gemm_kernel.hpp"

namespace lutsim::systemc {
namespace {

using lmma::Instruction;
using lmma::Register;
using lmma::RegisterClass;

int whole_registers(std::int64_t bytes, const std::string& what) {
  if (bytes % kWarpRegisterBytes != 0) {
    throw std::invalid_argument("warp program: " + what + " of " + std::to_string(bytes) +
                                " bytes is not whole 128-byte registers");
  }
  return static_cast<int>(bytes / kWarpRegisterBytes);
}

// The operand sizes of one K step and one lmma.
struct Sizes {
  int tiles_m = 0, tiles_n = 0;
  std::int64_t table_bytes = 0, weight_bytes = 0;      // the warp tile's, per K step
  int t_per_tile = 0, w_per_tile = 0, d_per_tile = 0;  // registers per lmma operand
  int t_buffer = 0, w_buffer = 0;                      // registers per buffer
};

Sizes sizes(const WarpTileSpec& s, const lmma::MatrixShape& in) {
  Sizes z;
  z.tiles_m = s.warp_m / in.m;
  z.tiles_n = s.warp_n / in.n;
  const LutGemmConfig& dp = s.datapath;
  z.table_bytes = table_operand_bytes({s.warp_m, 0, s.k_step}, dp);
  z.weight_bytes = static_cast<std::int64_t>(s.warp_n) * s.k_step * dp.weight_bits / 8;
  z.t_per_tile = whole_registers(table_operand_bytes(in, dp), "an lmma table operand");
  z.w_per_tile = whole_registers(static_cast<std::int64_t>(in.n) * in.k * dp.weight_bits / 8,
                                 "an lmma weight operand");
  z.d_per_tile = whole_registers(static_cast<std::int64_t>(in.m) * in.n * bytes_of(dp.accumulator),
                                 "an lmma accumulator operand");
  z.t_buffer = static_cast<int>(round_up(z.table_bytes, kChunkBytes) / kWarpRegisterBytes);
  z.w_buffer = static_cast<int>(round_up(z.weight_bytes, kChunkBytes) / kWarpRegisterBytes);
  return z;
}

// The lmmas of one K step reading register buffer `buf`.
Statements lmmas(const WarpTileSpec& s, const lmma::MatrixShape& in, const Sizes& z, int buf) {
  Statements out;
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

}  // namespace

WarpProgram warp_tile_program(const WarpTileSpec& s) {
  const LutArrayGeometry& g = s.array;
  require_warp_tile(s.warp_m, s.warp_n, g.m, g.n, "array_m " + std::to_string(g.m),
                    "array_n " + std::to_string(g.n));
  // An lmma spans as many of the tensor core's arrays as the warp tile
  // divides into: first along N, the rest along M.
  int along_n = s.arrays;
  while (s.warp_n % (g.n * along_n) != 0) --along_n;
  int along_m = s.arrays / along_n;
  while (s.warp_m % (g.m * along_m) != 0) --along_m;
  const lmma::MatrixShape in{g.m * along_m, g.n * along_n, s.k_step};
  require_warp(
      s.k_step > 0 && s.k_step % g.k == 0 && s.k_steps > 0,
      "K step " + std::to_string(s.k_step) + " is not a multiple of k = " + std::to_string(g.k));
  const Sizes z = sizes(s, in);
  WarpProgram p{{}, s, {}};
  WarpProgramLayout& l = p.layout;
  l.instruction = in;
  l.weights_offset = round_up(z.table_bytes, kChunkBytes);
  l.step_bytes = l.weights_offset + round_up(z.weight_bytes, kChunkBytes);
  l.accumulator_registers = z.d_per_tile;
  l.resident_steps = resident_steps(s.k_steps, l.step_bytes, s.smem_bytes);
  // Every step's weights (each lmma needs all of them), then its tables
  // (each lmma its rows').
  const WarpRing ring{lmma::Opcode::kLdShared,
                      {{RegisterClass::kW, z.w_buffer, z.weight_bytes, l.weights_offset},
                       {RegisterClass::kT, z.t_buffer, z.table_bytes, 0}},
                      [&](int buf) { return lmmas(s, in, z, buf); },
                      l.step_bytes};
  p.program.body = k_loop(ring, s.k_steps, l.resident_steps);
  return p;
}

WarpProgram gemm_warp_program(const HardwareSpec& hw, std::int64_t m, std::int64_t n,
                              std::int64_t k, int weight_bits, DataType act,
                              GemmEstimate* estimate) {
  const GemmKernel kernel = lut_kernel(hw, weight_bits, act);
  const GemmShape shape{m, n, k, 1, act};
  const GemmEstimate e = best_gemm(hw, kernel, shape);
  if (estimate) *estimate = e;
  const WarpTile w = warp_tile(kernel, e.tiling.tile);
  const int k_step = e.tiling.tile.bk * kernel.k_step_multiplier;
  WarpTileSpec s;
  s.warp_m = w.m;
  s.warp_n = w.n;
  s.k_step = k_step;
  s.k_steps = padded_k_slice(kernel, shape, e.tiling) / k_step;
  s.datapath = lut_datapath(hw, weight_bits, act);
  s.array = hw.lut_tensor_core->geometry;
  s.arrays = hw.lut_tensor_core->throughput_scale;
  s.smem_bytes = hw.smem_bytes_per_sm;
  return warp_tile_program(s);
}

void write_warp_operands(const WarpProgram& p, const Matrix& x, const QuantizedWeights& w,
                         SharedMemory& smem) {
  const WarpTileSpec& s = p.spec;
  const LutGemmConfig& dp = s.datapath;
  require_warp(p.layout.resident_steps == s.k_steps && x.rows() == s.warp_m && w.rows == s.warp_n &&
                   x.cols() == s.k_steps * s.k_step && w.cols == x.cols(),
               "operands must be the whole warp tile, every K step resident in shared memory");
  const int k = dp.geometry.k;
  const int groups = s.k_step / k;
  for (std::int64_t step = 0; step < s.k_steps; ++step) {
    const std::int64_t base = step * p.layout.step_bytes;
    const auto tables = smem.at(base, p.layout.weights_offset);
    for (int r = 0; r < s.warp_m; ++r) {
      for (int g = 0; g < groups; ++g) {
        const double* first = x.data() + r * x.cols() + step * s.k_step + g * k;
        store_table(tables, static_cast<std::int64_t>(r) * groups + g,
                    precompute_table({first, static_cast<std::size_t>(k)}, dp), dp);
      }
    }
    const auto weights =
        smem.at(base + p.layout.weights_offset, p.layout.step_bytes - p.layout.weights_offset);
    for (int c = 0; c < s.warp_n; ++c) {
      for (int i = 0; i < s.k_step; ++i) {
        store_weight_code(weights, static_cast<std::int64_t>(c) * s.k_step + i, dp.weight_bits,
                          w.code(c, static_cast<int>(step * s.k_step + i)));
      }
    }
  }
}

}  // namespace lutsim::systemc

namespace lutsim::systemc {

Matrix read_warp_accumulators(const WarpProgram& p, const RegisterFile& registers) {
  const WarpTileSpec& s = p.spec;
  const lmma::MatrixShape& in = p.layout.instruction;
  const int tiles_n = s.warp_n / in.n;
  Matrix acc(s.warp_m, s.warp_n);
  for (int mi = 0; mi < s.warp_m / in.m; ++mi) {
    for (int ni = 0; ni < tiles_n; ++ni) {
      const RegisterRange d{lmma::RegisterClass::kD,
                            (mi * tiles_n + ni) * p.layout.accumulator_registers,
                            p.layout.accumulator_registers};
      const auto bytes = registers.fragment(d);
      for (int r = 0; r < in.m; ++r) {
        for (int c = 0; c < in.n; ++c) {
          acc(mi * in.m + r, ni * in.n + c) =
              load_element(bytes, static_cast<std::int64_t>(r) * in.n + c, s.datapath.accumulator);
        }
      }
    }
  }
  return acc;
}

}  // namespace lutsim::systemc
