#include "sim/systemc/subcore/warp_program.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/lut/lut_table.hpp"
#include "sim/systemc/subcore/decoded_program.hpp"
#include "sim/systemc/subcore/instruction_semantics.hpp"
#include "sim/tile/gemm_kernel.hpp"

namespace lutsim::systemc {
namespace {

using lmma::Instruction;
using lmma::Register;
using lmma::RegisterClass;

constexpr int kChunkBytes = kWarpLanes * 16;  // one ld.shared.b128

std::int64_t round_up(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b * b;
}

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

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("warp program: " + message);
}

class Emitter {
 public:
  Emitter(const WarpTileSpec& s, const lmma::MatrixShape& in, const Sizes& z,
          const WarpProgramLayout& l)
      : s_(s), in_(in), z_(z), l_(l) {}

  // The steps [0, steps) of a ring: the loads of step s + 1 interleaved with
  // the lmmas of step s (one load after each lmma), so the load/store unit
  // works while the LUT array does and the in-order issue never waits for it.
  std::vector<lmma::Statement> ring(std::int64_t steps) const {
    std::vector<lmma::Statement> out = loads(0, {{0, ""}});
    const std::int64_t pairs = (steps - 1) / 2;
    if (pairs > 0) {
      lmma::Repeat r{pairs, "i", {}, 0};
      append(r.body,
             interleave(lmmas(0), loads(1, {{l_.step_bytes, ""}, {2 * l_.step_bytes, "i"}})));
      append(r.body,
             interleave(lmmas(1), loads(0, {{2 * l_.step_bytes, ""}, {2 * l_.step_bytes, "i"}})));
      out.push_back(std::move(r));
    }
    if (steps % 2 == 0) {
      append(out, interleave(lmmas(0), loads(1, {{(steps - 1) * l_.step_bytes, ""}})));
      append(out, lmmas(1));
    } else {
      append(out, lmmas(0));
    }
    return out;
  }

 private:
  using Terms = std::vector<lmma::AddressTerm>;
  using Statements = std::vector<lmma::Statement>;

  static void append(Statements& out, Statements more) {
    for (auto& s : more) out.push_back(std::move(s));
  }

  static Statements interleave(Statements first, Statements second) {
    Statements out;
    for (std::size_t i = 0; i < std::max(first.size(), second.size()); ++i) {
      if (i < first.size()) out.push_back(std::move(first[i]));
      if (i < second.size()) out.push_back(std::move(second[i]));
    }
    return out;
  }

  // ld.shared.b128 of a step's weights, then its tables, into buffer `buf`:
  // every lmma needs all the step's weights but only its rows' tables.
  Statements loads(int buf, const Terms& step_base) const {
    Statements out;
    load_block(out, RegisterClass::kW, buf * z_.w_buffer, z_.weight_bytes, step_base,
               l_.weights_offset);
    load_block(out, RegisterClass::kT, buf * z_.t_buffer, z_.table_bytes, step_base, 0);
    return out;
  }

  void load_block(std::vector<lmma::Statement>& out, RegisterClass cls, int first,
                  std::int64_t bytes, const Terms& step_base, std::int64_t offset) const {
    for (std::int64_t chunk = 0; chunk * kChunkBytes < bytes; ++chunk) {
      Instruction in;
      in.opcode = lmma::Opcode::kLdShared;
      in.access_bytes = 16;
      in.registers = {
          Register{cls, first + static_cast<int>(chunk * kChunkBytes / kWarpRegisterBytes)}};
      lmma::Address a;
      const std::int64_t constant = step_base[0].coefficient + offset + chunk * kChunkBytes;
      if (constant != 0) a.terms.push_back({constant, ""});
      for (std::size_t i = 1; i < step_base.size(); ++i) a.terms.push_back(step_base[i]);
      a.terms.push_back({16, "lane"});
      in.address = a;
      out.push_back(in);
    }
  }

  Statements lmmas(int buf) const {
    Statements out;
    const LutGemmConfig& dp = s_.datapath;
    for (int mi = 0; mi < z_.tiles_m; ++mi) {
      for (int ni = 0; ni < z_.tiles_n; ++ni) {
        Instruction in;
        in.opcode = lmma::Opcode::kLmma;
        in.shape = in_;
        in.types = lmma::LmmaTypes{dp.table_format, dp.weight_bits, dp.accumulator, dp.accumulator};
        const int d = (mi * z_.tiles_n + ni) * z_.d_per_tile;
        in.registers = {Register{RegisterClass::kD, d},
                        Register{RegisterClass::kT, buf * z_.t_buffer + mi * z_.t_per_tile},
                        Register{RegisterClass::kW, buf * z_.w_buffer + ni * z_.w_per_tile},
                        Register{RegisterClass::kD, d}};
        out.push_back(in);
      }
    }
    return out;
  }

  const WarpTileSpec& s_;
  lmma::MatrixShape in_;
  const Sizes& z_;
  const WarpProgramLayout& l_;
};

}  // namespace

WarpProgram warp_tile_program(const WarpTileSpec& s) {
  const LutArrayGeometry& g = s.array;
  require(s.warp_m > 0 && s.warp_m % g.m == 0, "warp tile rows " + std::to_string(s.warp_m) +
                                                   " are not a multiple of array_m " +
                                                   std::to_string(g.m));
  require(s.warp_n > 0 && s.warp_n % g.n == 0, "warp tile columns " + std::to_string(s.warp_n) +
                                                   " are not a multiple of array_n " +
                                                   std::to_string(g.n));
  // An lmma spans as many of the tensor core's arrays as the warp tile
  // divides into: first along N, the rest along M.
  int along_n = s.arrays;
  while (s.warp_n % (g.n * along_n) != 0) --along_n;
  int along_m = s.arrays / along_n;
  while (s.warp_m % (g.m * along_m) != 0) --along_m;
  const lmma::MatrixShape in{g.m * along_m, g.n * along_n, s.k_step};
  require(
      s.k_step > 0 && s.k_step % g.k == 0 && s.k_steps > 0,
      "K step " + std::to_string(s.k_step) + " is not a multiple of k = " + std::to_string(g.k));
  const Sizes z = sizes(s, in);
  WarpProgram p{{}, s, {}};
  WarpProgramLayout& l = p.layout;
  l.instruction = in;
  l.weights_offset = round_up(z.table_bytes, kChunkBytes);
  l.step_bytes = l.weights_offset + round_up(z.weight_bytes, kChunkBytes);
  l.accumulator_registers = z.d_per_tile;
  const std::int64_t fit = s.smem_bytes / l.step_bytes;
  require(fit >= 2, "two K steps of operands (" + std::to_string(2 * l.step_bytes) +
                        " bytes) do not fit in " + std::to_string(s.smem_bytes) +
                        " bytes of shared memory");
  l.resident_steps = s.k_steps <= fit ? s.k_steps : fit - fit % 2;
  const Emitter e(s, in, z, l);
  const std::int64_t rings = s.k_steps / l.resident_steps;
  const std::int64_t rest = s.k_steps % l.resident_steps;
  if (rings == 1) {
    p.program.body = e.ring(l.resident_steps);
  } else {
    p.program.body.push_back(lmma::Repeat{rings, "", e.ring(l.resident_steps), 0});
  }
  if (rest > 0) {
    for (auto& st : e.ring(rest)) p.program.body.push_back(std::move(st));
  }
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
  require(p.layout.resident_steps == s.k_steps && x.rows() == s.warp_m && w.rows == s.warp_n &&
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
