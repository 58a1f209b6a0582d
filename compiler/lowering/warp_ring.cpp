#include "compiler/lowering/warp_ring.hpp"

#include <algorithm>
#include <stdexcept>

#include "compiler/program/operand_layout.hpp"

namespace lutsim::compiler {
namespace {

// Chunk loads of every operand of a step into buffer `buf`.
Statements loads(const WarpRing& w, int buf, const StepBase& step) {
  Statements out;
  for (const StepOperand& o : w.operands)
    append_statements(out, chunk_accesses(w.load, o, buf, step));
  return out;
}

// The steps [0, steps) of a ring: step 0's loads, then pairs of steps with
// the loads of the next step interleaved with the compute of this one.
Statements ring_steps(const WarpRing& w, std::int64_t steps) {
  Statements out = loads(w, 0, {{0, ""}});
  const std::int64_t pairs = (steps - 1) / 2;
  if (pairs > 0) {
    lmma::Repeat r{pairs, "i", {}, 0};
    append_statements(
        r.body,
        interleave(w.compute(0), loads(w, 1, {{w.step_bytes, ""}, {2 * w.step_bytes, "i"}})));
    append_statements(
        r.body,
        interleave(w.compute(1), loads(w, 0, {{2 * w.step_bytes, ""}, {2 * w.step_bytes, "i"}})));
    out.push_back(std::move(r));
  }
  if (steps % 2 == 0) {
    append_statements(out,
                      interleave(w.compute(0), loads(w, 1, {{(steps - 1) * w.step_bytes, ""}})));
    append_statements(out, w.compute(1));
  } else {
    append_statements(out, w.compute(0));
  }
  return out;
}

}  // namespace

void append_statements(Statements& out, Statements more) {
  for (auto& s : more) out.push_back(std::move(s));
}

Statements interleave(Statements first, Statements second) {
  Statements out;
  for (std::size_t i = 0; i < std::max(first.size(), second.size()); ++i) {
    if (i < first.size()) out.push_back(std::move(first[i]));
    if (i < second.size()) out.push_back(std::move(second[i]));
  }
  return out;
}

Statements chunk_accesses(lmma::Opcode op, const StepOperand& o, int buf, const StepBase& base) {
  Statements out;
  for (std::int64_t chunk = 0; chunk * kChunkBytes < o.bytes; ++chunk) {
    lmma::Instruction in;
    in.opcode = op;
    if (op == lmma::Opcode::kLdmatrix) {
      in.matrices = 4;
    } else {
      in.access_bytes = 16;
    }
    in.registers = {lmma::Register{
        o.cls, buf * o.buffer_registers +
                   static_cast<int>(chunk * kChunkBytes / lmma::kWarpRegisterBytes)}};
    lmma::Address a;
    const std::int64_t constant = base[0].coefficient + o.offset + chunk * kChunkBytes;
    if (constant != 0) a.terms.push_back({constant, ""});
    for (std::size_t i = 1; i < base.size(); ++i) a.terms.push_back(base[i]);
    a.terms.push_back({16, "lane"});
    in.address = a;
    out.push_back(in);
  }
  return out;
}

std::int64_t round_up(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b * b;
}

void require_warp(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("warp program: " + message);
}

void require_warp_tile(int warp_m, int warp_n, int m, int n, const std::string& m_unit,
                       const std::string& n_unit) {
  require_warp(warp_m > 0 && warp_m % m == 0,
               "warp tile rows " + std::to_string(warp_m) + " are not a multiple of " + m_unit);
  require_warp(warp_n > 0 && warp_n % n == 0,
               "warp tile columns " + std::to_string(warp_n) + " are not a multiple of " + n_unit);
}

std::int64_t resident_steps(std::int64_t k_steps, std::int64_t step_bytes,
                            std::int64_t smem_bytes) {
  const std::int64_t fit = smem_bytes / step_bytes;
  require_warp(fit >= 2, "two K steps of operands (" + std::to_string(2 * step_bytes) +
                             " bytes) do not fit in " + std::to_string(smem_bytes) +
                             " bytes of shared memory");
  return k_steps <= fit ? k_steps : fit - fit % 2;
}

Statements k_loop(const WarpRing& ring, std::int64_t k_steps, std::int64_t resident) {
  Statements out;
  const std::int64_t rings = k_steps / resident;
  const std::int64_t rest = k_steps % resident;
  if (rings == 1) {
    out = ring_steps(ring, resident);
  } else {
    out.push_back(lmma::Repeat{rings, "", ring_steps(ring, resident), 0});
  }
  if (rest > 0) append_statements(out, ring_steps(ring, rest));
  return out;
}

}  // namespace lutsim::compiler
