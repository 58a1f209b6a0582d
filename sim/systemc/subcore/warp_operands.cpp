#include "sim/systemc/subcore/warp_operands.hpp"

#include <stdexcept>

#include "core/lut/lut_table.hpp"
#include "sim/systemc/subcore/instruction_semantics.hpp"

namespace lutsim::systemc {
namespace {

using compiler::TableSource;
using compiler::WarpTileSpec;

// Step `step`'s first block: the tables of the warp's rows, or their activations.
void write_step_rows(const WarpTileSpec& s, const Matrix& x, std::int64_t step,
                     std::span<std::uint8_t> block) {
  const LutGemmConfig& dp = s.datapath;
  const int k = dp.geometry.k;
  const int groups = s.k_step / k;
  for (int r = 0; r < s.warp_m; ++r) {
    const double* row = x.data() + r * x.cols() + step * s.k_step;
    if (s.tables == TableSource::kLutpre) {
      for (int i = 0; i < s.k_step; ++i) {
        store_element(block, static_cast<std::int64_t>(r) * s.k_step + i, dp.activation, row[i]);
      }
      continue;
    }
    for (int g = 0; g < groups; ++g) {
      store_table(block, static_cast<std::int64_t>(r) * groups + g,
                  precompute_table({row + g * k, static_cast<std::size_t>(k)}, dp), dp);
    }
  }
}

}  // namespace

void write_warp_operands(const compiler::WarpProgram& p, const Matrix& x, const QuantizedWeights& w,
                         SharedMemory& smem) {
  const WarpTileSpec& s = p.spec;
  if (p.layout.resident_steps != s.k_steps || x.rows() != s.warp_m || w.rows != s.warp_n ||
      x.cols() != s.k_steps * s.k_step || w.cols != x.cols()) {
    throw std::invalid_argument(
        "warp operands: must be the whole warp tile, every K step resident in shared memory");
  }
  for (std::int64_t step = 0; step < s.k_steps; ++step) {
    const std::int64_t base = step * p.layout.step_bytes;
    write_step_rows(s, x, step, smem.at(base, p.layout.weights_offset));
    const auto weights =
        smem.at(base + p.layout.weights_offset, p.layout.step_bytes - p.layout.weights_offset);
    for (int c = 0; c < s.warp_n; ++c) {
      for (int i = 0; i < s.k_step; ++i) {
        store_weight_code(weights, static_cast<std::int64_t>(c) * s.k_step + i,
                          s.datapath.weight_bits, w.code(c, static_cast<int>(step * s.k_step + i)));
      }
    }
  }
}

Matrix read_warp_accumulators(const compiler::WarpProgram& p, const RegisterFile& registers) {
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
