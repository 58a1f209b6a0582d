#pragma once
// The parts of a LUT warp program both table residencies build from
// (warp_program.cpp: tables staged per K step; resident_tables.cpp: tables
// held in registers over an N sweep): operand sizes per K step and lmma, and
// the compute instructions of one K step.

#include "compiler/lowering/warp_program.hpp"
#include "compiler/lowering/warp_ring.hpp"

namespace lutsim::compiler {

// The operand sizes of one K step and one lmma.
struct WarpStepSizes {
  int tiles_m = 0, tiles_n = 0;
  std::int64_t table_bytes = 0, weight_bytes = 0;      // the warp tile's, per K step
  std::int64_t activation_bytes = 0;                   // lutpre: the warp tile's, per K step
  int t_per_tile = 0, w_per_tile = 0, d_per_tile = 0;  // registers per lmma operand
  int t_buffer = 0, w_buffer = 0, a_buffer = 0;        // registers per K step buffer
};

// Throws std::invalid_argument when an lmma operand is not whole registers.
WarpStepSizes warp_step_sizes(const WarpTileSpec& s, const lmma::MatrixShape& in);

// lutpre of the warp tile's K step: activations from a<a_first> into
// t<t_first> on.
lmma::Instruction lutpre_instruction(const WarpTileSpec& s, int t_first, int a_first);

// The lmmas of one K step: tables of row tile mi from t<t_first + mi x
// t_per_tile>, weights of column tile ni from w<w_first + ni x w_per_tile>.
Statements step_lmmas(const WarpTileSpec& s, const lmma::MatrixShape& in, const WarpStepSizes& z,
                      int t_first, int w_first);

// The tables-in-registers program body (resident_tables.cpp); fills the
// layout's shared-memory fields.
Statements resident_tables_body(const WarpTileSpec& s, const lmma::MatrixShape& in,
                                const WarpStepSizes& z, WarpProgramLayout& l);

}  // namespace lutsim::compiler
