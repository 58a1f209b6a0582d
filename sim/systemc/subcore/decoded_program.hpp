#pragma once
// An LMMA program checked against one sub-core and laid out for execution:
// every instruction's unit, operand registers, register-bank read and write
// cycles, occupancy, latency and work; repeats as begin/end markers; addresses
// with their variables resolved to loop slots. Everything that does not depend
// on the loop counters or the lanes' addresses is computed once, here.

#include <cstdint>
#include <optional>
#include <vector>

#include "compiler/program/lmma_program.hpp"
#include "core/lut/lut_config.hpp"
#include "sim/systemc/subcore/sub_core_config.hpp"

namespace lutsim::systemc {

enum class Unit { kLut, kMma, kCuda, kLsu, kNone };
inline constexpr int kUnits = 4;  // kLut .. kLsu

// Consecutive warp registers of one class.
struct RegisterRange {
  lmma::RegisterClass cls = lmma::RegisterClass::kR;
  int first = 0;
  int count = 0;
};

// sum of coefficient x value; slot kConstant, kLane or a loop depth (0 = outermost).
struct AddressSlotTerm {
  std::int64_t coefficient = 0;
  int slot = 0;
};
inline constexpr int kConstantSlot = -1;
inline constexpr int kLaneSlot = -2;

struct DecodedInstruction {
  const lmma::Instruction* source = nullptr;
  Unit unit = Unit::kNone;
  std::vector<RegisterRange> reads;   // source operands
  std::vector<RegisterRange> writes;  // destination operand
  int read_cycles = 0;                // register-bank cycles to collect the sources (0: none)
  int write_cycles = 0;               // register-bank cycles to write the destination
  int occupancy = 0;  // cycles the unit is busy (lsu: per wavefront, set at run time)
  int latency = 0;    // execution start -> result (lsu: plus extra wavefronts)
  // Memory instructions: the per-lane address, bytes per lane, lanes that access.
  std::vector<AddressSlotTerm> address;
  int access_bytes = 0;
  int active_lanes = 0;
  bool store = false;
  // lmma / lutpre: the golden datapath; lmma also the weight bits' plane count.
  LutGemmConfig datapath;
  // Work, for the action counts.
  std::int64_t index_vectors = 0;  // lmma: array index vectors
  std::int64_t lookups = 0;        // lmma: lookup-accumulates (outputs x groups x planes)
  std::int64_t macs = 0;           // mma: multiply-accumulates
  std::int64_t cuda_ops = 0;       // lutpre: additions
};

struct ProgramStep {
  enum Kind { kInstruction, kBegin, kEnd } kind = kInstruction;
  int instruction = 0;     // kInstruction: index into DecodedProgram::instructions
  std::int64_t count = 0;  // kBegin: iterations
  int partner = 0;         // kBegin: the step after its end; kEnd: the step after its begin
};

struct DecodedProgram {
  std::vector<DecodedInstruction> instructions;
  std::vector<ProgramStep> steps;
  int max_depth = 0;                     // deepest repeat nesting
  std::vector<int> registers_per_class;  // highest register used + 1, per class
};

// Throws UnsupportedSubCore naming the line for an instruction the sub-core
// cannot run (lmma without LUT tensor cores or with a shape, table type or
// datapath the hardware lacks; mma types without golden numerics or tensor
// rate; operands overlapping the register file's capacity).
DecodedProgram decode_program(const lmma::Program& program, const SubCoreConfig& config);

// Instructions the program issues in all, its repeats unrolled (saturating at
// the largest uint64: a count for progress reports, not for results).
std::uint64_t dynamic_instructions(const DecodedProgram& program);

}  // namespace lutsim::systemc
