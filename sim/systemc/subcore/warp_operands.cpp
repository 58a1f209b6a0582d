#include "sim/systemc/subcore/warp_operands.hpp"

#include <stdexcept>

#include "core/lut/lut_table.hpp"
#include "sim/systemc/subcore/instruction_semantics.hpp"

namespace lutsim::systemc {
namespace {

using compiler::TableResidency;
using compiler::TableSource;
using compiler::WarpProgramLayout;
using compiler::WarpTileSpec;

bool tables_in_registers(const compiler::WarpProgram& p) {
  return p.spec.residency == TableResidency::kRegisters;
}

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

// The codes of K step `step` of weight rows [row0, row0 + warp_n).
void write_step_weights(const WarpTileSpec& s, const QuantizedWeights& w, int row0,
                        std::int64_t step, std::span<std::uint8_t> block) {
  for (int c = 0; c < s.warp_n; ++c) {
    for (int i = 0; i < s.k_step; ++i) {
      store_weight_code(block, static_cast<std::int64_t>(c) * s.k_step + i, s.datapath.weight_bits,
                        w.code(row0 + c, static_cast<int>(step * s.k_step + i)));
    }
  }
}

// Weights of K step `step` of sweep tile `j` (always 0 with tables staged).
std::span<std::uint8_t> weight_block(const compiler::WarpProgram& p, SharedMemory& smem, int j,
                                     std::int64_t step) {
  const WarpProgramLayout& l = p.layout;
  if (!tables_in_registers(p)) {
    return smem.at(step * l.step_bytes + l.weights_offset, l.step_bytes - l.weights_offset);
  }
  return smem.at(l.sweep_weights_offset + j * l.sweep_weight_bytes + step * l.weight_step_bytes,
                 l.weight_step_bytes);
}

// The accumulators of one warp tile from the bytes of its d registers, into
// columns [col0, col0 + warp_n) of `out`.
void read_accumulator_bytes(const compiler::WarpProgram& p, const RegisterFile& registers,
                            std::span<const std::uint8_t> stored, int col0, Matrix& out) {
  const WarpTileSpec& s = p.spec;
  const lmma::MatrixShape& in = p.layout.instruction;
  const int tiles_n = s.warp_n / in.n;
  const std::int64_t per_tile = p.layout.accumulator_registers * lmma::kWarpRegisterBytes;
  for (int mi = 0; mi < s.warp_m / in.m; ++mi) {
    for (int ni = 0; ni < tiles_n; ++ni) {
      const int first = (mi * tiles_n + ni) * p.layout.accumulator_registers;
      const auto bytes =
          stored.empty()
              ? registers.fragment({lmma::RegisterClass::kD, first, p.layout.accumulator_registers})
              : stored.subspan(first * lmma::kWarpRegisterBytes, per_tile);
      for (int r = 0; r < in.m; ++r) {
        for (int c = 0; c < in.n; ++c) {
          out(mi * in.m + r, col0 + ni * in.n + c) =
              load_element(bytes, static_cast<std::int64_t>(r) * in.n + c, s.datapath.accumulator);
        }
      }
    }
  }
}

}  // namespace

void write_warp_operands(const compiler::WarpProgram& p, const Matrix& x, const QuantizedWeights& w,
                         SharedMemory& smem) {
  const WarpTileSpec& s = p.spec;
  const WarpProgramLayout& l = p.layout;
  const int sweep = tables_in_registers(p) ? s.n_sweep : 1;
  if (l.resident_steps != s.k_steps || (tables_in_registers(p) && l.resident_sweeps != sweep) ||
      x.rows() != s.warp_m || w.rows != s.warp_n * sweep || x.cols() != s.k_steps * s.k_step ||
      w.cols != x.cols()) {
    throw std::invalid_argument(
        "warp operands: must be the whole warp tile (tables in registers: its N sweep's tiles), "
        "every K step (and sweep tile) resident in shared memory");
  }
  for (std::int64_t step = 0; step < s.k_steps; ++step) {
    write_step_rows(s, x, step, smem.at(step * l.step_bytes, l.weights_offset));
    for (int j = 0; j < sweep; ++j) {
      write_step_weights(s, w, j * s.warp_n, step, weight_block(p, smem, j, step));
    }
  }
  if (tables_in_registers(p)) {
    for (const std::uint8_t b : smem.at(l.outputs_offset, sweep * l.output_bytes)) {
      if (b != 0)
        throw std::invalid_argument("warp operands: the outputs' shared memory is not zero");
    }
  }
}

Matrix read_warp_accumulators(const compiler::WarpProgram& p, const RegisterFile& registers,
                              const SharedMemory& smem) {
  const WarpTileSpec& s = p.spec;
  if (!tables_in_registers(p)) {
    Matrix acc(s.warp_m, s.warp_n);
    read_accumulator_bytes(p, registers, {}, 0, acc);
    return acc;
  }
  const WarpProgramLayout& l = p.layout;
  Matrix acc(s.warp_m, static_cast<Eigen::Index>(s.warp_n) * s.n_sweep);
  for (int j = 0; j < s.n_sweep; ++j) {
    read_accumulator_bytes(p, registers,
                           smem.at(l.outputs_offset + j * l.output_bytes, l.output_bytes),
                           j * s.warp_n, acc);
  }
  return acc;
}

}  // namespace lutsim::systemc
