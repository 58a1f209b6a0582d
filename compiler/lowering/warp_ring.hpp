#pragma once
// The main loop of a lowered warp program, shared by the LUT (lmma) lowering
// and the MMA baseline (mma) generator of sim/systemc: K steps laid out one after another in
// shared memory, each step's operands loaded in 512-byte chunks into one of
// two register buffers, and the loads of step s + 1 interleaved with the
// compute of step s (one load after each compute instruction) so the
// load/store unit works while the tensor core does. When the warp's K slice
// does not fit in shared memory the loop cycles through a ring of the
// steps that do.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "compiler/program/lmma_program.hpp"

namespace lutsim::compiler {

using Statements = std::vector<lmma::Statement>;
// A step's base address: a constant (first term, possibly 0) plus counter terms.
using StepBase = std::vector<lmma::AddressTerm>;

// Bytes one chunk load moves: 32 lanes x 16 bytes (ld.shared.b128 or ldmatrix.x4).
inline constexpr int kChunkBytes = 32 * 16;

// One operand block of a K step: `bytes` at `offset` within the step,
// loaded into the registers of `cls` from buf x `buffer_registers` on.
struct StepOperand {
  lmma::RegisterClass cls = lmma::RegisterClass::kR;
  int buffer_registers = 0;
  std::int64_t bytes = 0;
  std::int64_t offset = 0;
};

struct WarpRing {
  lmma::Opcode load = lmma::Opcode::kLdShared;  // ld.shared (.b128) or ldmatrix (.x4)
  std::vector<StepOperand> operands;            // loaded in this order every step
  // The compute instructions of one step reading register buffer `buf` (0 or 1).
  std::function<Statements(int buf)> compute;
  std::int64_t step_bytes = 0;  // shared memory per K step
};

// K steps resident in `smem_bytes` (all of them when they fit, else an even
// ring). Throws std::invalid_argument when two steps do not fit.
std::int64_t resident_steps(std::int64_t k_steps, std::int64_t step_bytes, std::int64_t smem_bytes);

// The whole K loop: k_steps / resident rings of `resident` steps, then the rest.
Statements k_loop(const WarpRing& ring, std::int64_t k_steps, std::int64_t resident);

std::int64_t round_up(std::int64_t a, std::int64_t b);

// Chunk accesses of operand `o` by `op` (ld.shared and ldmatrix: into
// registers, st.shared: from them), registers buf x o.buffer_registers on,
// 4 a chunk; lane l's 16 bytes at base + o.offset + 512 x chunk + 16 l.
Statements chunk_accesses(lmma::Opcode op, const StepOperand& o, int buf, const StepBase& base);

// first[0], second[0], first[1], ...: loads between compute instructions.
Statements interleave(Statements first, Statements second);
void append_statements(Statements& out, Statements more);

// Throws std::invalid_argument("warp program: " + message) unless ok.
void require_warp(bool ok, const std::string& message);

// Throws as require_warp unless the warp tile's rows and columns are
// positive multiples of the instruction tile's, named by `m_unit` and
// `n_unit` (e.g. "array_m 2", "16").
void require_warp_tile(int warp_m, int warp_n, int m, int n, const std::string& m_unit,
                       const std::string& n_unit);

}  // namespace lutsim::compiler
