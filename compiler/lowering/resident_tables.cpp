// The warp program with tables held in registers (TableResidency::kRegisters):
// the tables of the warp's whole K slice are loaded (or built by lutpre) into
// registers once, then the warp computes n_sweep warp tiles along N with
// them, each tile's weights streamed through two register buffers and its
// accumulators loaded from shared memory as C and stored back.
#include <algorithm>
#include <string>

#include "compiler/lowering/warp_step.hpp"
#include "compiler/program/operand_layout.hpp"

namespace lutsim::compiler {
namespace {

using lmma::Opcode;
using lmma::RegisterClass;

// Sweep tile j's base: `bytes` from its region's offset, j x `stride` on.
StepBase sweep_base(std::int64_t bytes, std::int64_t stride) {
  return {{bytes, ""}, {stride, "j"}};
}

// The tables of every K step into t<s x t_buffer>: loaded, or built by
// lutpre from activations loaded into two buffers (the loads of step s + 1
// beside the lutpre of step s).
Statements load_tables(const WarpTileSpec& s, const WarpStepSizes& z, const WarpProgramLayout& l) {
  Statements out;
  if (s.tables == TableSource::kSharedMemory) {
    const StepOperand t{RegisterClass::kT, z.t_buffer, z.table_bytes, 0};
    for (int step = 0; step < s.k_steps; ++step) {
      append_statements(out,
                        chunk_accesses(Opcode::kLdShared, t, step, {{step * l.step_bytes, ""}}));
    }
    return out;
  }
  const StepOperand a{RegisterClass::kA, z.a_buffer, z.activation_bytes, 0};
  out = chunk_accesses(Opcode::kLdShared, a, 0, {{0, ""}});
  for (int step = 0; step < s.k_steps; ++step) {
    Statements next;
    if (step + 1 < s.k_steps) {
      next =
          chunk_accesses(Opcode::kLdShared, a, (step + 1) % 2, {{(step + 1) * l.step_bytes, ""}});
    }
    append_statements(
        out, interleave({lutpre_instruction(s, step * z.t_buffer, (step % 2) * z.a_buffer)},
                        std::move(next)));
  }
  return out;
}

// Sweep tile j: its accumulators loaded, the K slice's lmmas with the
// weights of step s + 1 loaded beside those of step s, its accumulators
// stored.
Statements sweep_tile(const WarpTileSpec& s, const lmma::MatrixShape& in, const WarpStepSizes& z,
                      const WarpProgramLayout& l) {
  const StepOperand d{RegisterClass::kD, 0, l.output_bytes, l.outputs_offset};
  const StepOperand w{RegisterClass::kW, z.w_buffer, z.weight_bytes, l.sweep_weights_offset};
  Statements out = chunk_accesses(Opcode::kLdShared, d, 0, sweep_base(0, l.output_bytes));
  append_statements(out,
                    chunk_accesses(Opcode::kLdShared, w, 0, sweep_base(0, l.sweep_weight_bytes)));
  for (int step = 0; step < s.k_steps; ++step) {
    Statements next;
    if (step + 1 < s.k_steps) {
      next = chunk_accesses(Opcode::kLdShared, w, (step + 1) % 2,
                            sweep_base((step + 1) * l.weight_step_bytes, l.sweep_weight_bytes));
    }
    append_statements(out,
                      interleave(step_lmmas(s, in, z, step * z.t_buffer, (step % 2) * z.w_buffer),
                                 std::move(next)));
  }
  append_statements(out, chunk_accesses(Opcode::kStShared, d, 0, sweep_base(0, l.output_bytes)));
  return out;
}

// The shared memory of the layout: the K slice's tables, then the weights
// and outputs of as many sweep tiles as fit (at least one).
void lay_out(const WarpTileSpec& s, const WarpStepSizes& z, WarpProgramLayout& l) {
  const bool lutpre = s.tables == TableSource::kLutpre;
  l.step_bytes = round_up(lutpre ? z.activation_bytes : z.table_bytes, kChunkBytes);
  l.weights_offset = l.step_bytes;
  l.resident_steps = s.k_steps;
  l.weight_step_bytes = round_up(z.weight_bytes, kChunkBytes);
  l.sweep_weights_offset = s.k_steps * l.step_bytes;
  l.sweep_weight_bytes = s.k_steps * l.weight_step_bytes;
  l.output_bytes = static_cast<std::int64_t>(l.d_registers) * lmma::kWarpRegisterBytes;
  require_warp(
      l.output_bytes % kChunkBytes == 0,
      "accumulators of " + std::to_string(l.output_bytes) + " bytes are not whole 512-byte chunks");
  const std::int64_t per_tile = l.sweep_weight_bytes + l.output_bytes;
  const std::int64_t fit = (s.smem_bytes - l.sweep_weights_offset) / per_tile;
  require_warp(fit >= 1, "the K slice's tables (" + std::to_string(l.sweep_weights_offset) +
                             " bytes) and one N tile's weights and outputs (" +
                             std::to_string(per_tile) + " bytes) do not fit in " +
                             std::to_string(s.smem_bytes) + " bytes of shared memory");
  l.resident_sweeps = std::min<std::int64_t>(s.n_sweep, fit);
  l.outputs_offset = l.sweep_weights_offset + l.resident_sweeps * l.sweep_weight_bytes;
}

}  // namespace

Statements resident_tables_body(const WarpTileSpec& s, const lmma::MatrixShape& in,
                                const WarpStepSizes& z, WarpProgramLayout& l) {
  lay_out(s, z, l);
  Statements out = load_tables(s, z, l);
  const Statements tile = sweep_tile(s, in, z, l);
  const std::int64_t rings = s.n_sweep / l.resident_sweeps;
  const std::int64_t rest = s.n_sweep % l.resident_sweeps;
  lmma::Repeat ring{l.resident_sweeps, "j", tile, 0};
  if (rings == 1) {
    out.push_back(std::move(ring));
  } else {
    out.push_back(lmma::Repeat{rings, "", {std::move(ring)}, 0});
  }
  if (rest > 0) out.push_back(lmma::Repeat{rest, "j", tile, 0});
  return out;
}

}  // namespace lutsim::compiler
