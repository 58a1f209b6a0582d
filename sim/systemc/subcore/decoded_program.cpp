#include "sim/systemc/subcore/decoded_program.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "compiler/program/program_printer.hpp"
#include "sim/systemc/lut_unit_config.hpp"

namespace lutsim::systemc {
namespace {

using lmma::Instruction;
using lmma::Opcode;
using lmma::table_operand_bytes;

constexpr int kClasses = static_cast<int>(lmma::kRegisterClassLetters.size());

[[noreturn]] void fail(const Instruction& in, const std::string& message) {
  throw UnsupportedSubCore("line " + std::to_string(in.line) + ": " + lmma::print_instruction(in) +
                           ": " + message);
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b;
}

int registers_for(const Instruction& in, std::int64_t bytes) {
  const std::int64_t n = ceil_div(bytes, kWarpRegisterBytes);
  if (n > (1 << 20)) fail(in, "an operand of " + std::to_string(bytes) + " bytes");
  return static_cast<int>(n);
}

RegisterRange range(const Instruction& in, std::size_t operand, std::int64_t bytes) {
  return {in.registers[operand].cls, in.registers[operand].index, registers_for(in, bytes)};
}

// Cycles the banks need for `ranges`: register i is in bank i mod banks, and
// a bank moves width / 32 registers per cycle.
int bank_cycles(const std::vector<RegisterRange>& ranges, const SubCoreSpec& spec) {
  std::vector<std::int64_t> per_bank(static_cast<std::size_t>(spec.register_banks), 0);
  for (const RegisterRange& r : ranges) {
    for (int i = 0; i < r.count; ++i)
      ++per_bank[static_cast<std::size_t>((r.first + i) % spec.register_banks)];
  }
  const std::int64_t most = *std::max_element(per_bank.begin(), per_bank.end());
  return static_cast<int>(ceil_div(most, spec.register_bank_width_bits / 32));
}

int element_bytes(DataType t) {
  return bytes_of(t);
}

const LutTensorCoreSpec& lut_of(const Instruction& in, const SubCoreConfig& c) {
  if (!c.lut) fail(in, "the hardware config has no lut_tensor_core section");
  return *c.lut;
}

// The table formats a LUT tensor core runs: its configured one for floating
// activations, exact integer tables for INT8 activations (as lut_datapath).
void require_table_format(const Instruction& in, TableEntryFormat f, const LutTensorCoreSpec& l) {
  if (f == l.table_format || f == TableEntryFormat::kInteger) return;
  fail(in, "table type " + std::string(lmma::type_name(f)) +
               ": the LUT tensor core has lut_tensor_core.table_format = " +
               std::string(to_string(l.table_format)) + " (and int for INT8 activations)");
}

void validate_datapath(const Instruction& in, const LutGemmConfig& cfg) {
  try {
    cfg.validate();
  } catch (const std::invalid_argument& e) {
    fail(in, e.what());
  }
}

void decode_lmma(const Instruction& in, const SubCoreConfig& c, DecodedInstruction& d) {
  const auto& t = std::get<lmma::LmmaTypes>(in.types);
  const LutTensorCoreSpec& l = lut_of(in, c);
  require_table_format(in, t.table, l);
  if (t.output != t.accumulator) fail(in, "the output type must equal the accumulator type");
  const LutArrayGeometry& g = l.geometry;
  const lmma::MatrixShape& s = in.shape;
  if (s.m % g.m != 0 || s.n % g.n != 0 || s.k % g.k != 0) {
    fail(in, "shape m" + std::to_string(s.m) + "n" + std::to_string(s.n) + "k" +
                 std::to_string(s.k) + " is not a multiple of the LUT array " + g.shape_name() +
                 " (lut_tensor_core.array_m/n/k)");
  }
  d.datapath = {t.weight_bits,
                {.k = g.k, .table_form = g.table_form},
                t.table == TableEntryFormat::kInteger ? DataType::kInt8 : DataType::kFp16,
                t.table,
                t.accumulator};
  validate_datapath(in, d.datapath);
  LutUnitConfig unit;
  try {
    unit = lut_unit_config(l, t.weight_bits);
  } catch (const UnsupportedLutUnit& e) {
    fail(in, e.what());
  }
  // Tiles of the array are spread over the tensor core's throughput_scale
  // arrays; each tile runs K/k groups x b planes, one index vector per II.
  const std::int64_t tiles = static_cast<std::int64_t>(s.m / g.m) * (s.n / g.n);
  const std::int64_t vectors_per_tile = static_cast<std::int64_t>(s.k / g.k) * t.weight_bits;
  const std::int64_t vectors_per_array = ceil_div(tiles, l.throughput_scale) * vectors_per_tile;
  const int ii = unit.pipeline.initiation_interval_cycles;
  d.unit = Unit::kLut;
  d.occupancy = static_cast<int>(vectors_per_array * ii);
  d.latency = static_cast<int>((vectors_per_array - 1) * ii + unit.pipeline.depth_cycles);
  d.index_vectors = tiles * vectors_per_tile;
  d.lookups = static_cast<std::int64_t>(s.m) * s.n * vectors_per_tile;
  const std::int64_t acc_bytes =
      static_cast<std::int64_t>(s.m) * s.n * element_bytes(t.accumulator);
  d.writes = {range(in, 0, acc_bytes)};
  d.reads = {range(in, 1, table_operand_bytes(s, d.datapath)),
             range(in, 2, lmma::weight_operand_bytes(s, t.weight_bits)),
             range(in, 3, acc_bytes)};
}

double mma_rate(const Instruction& in, const lmma::MmaTypes& t, const SubCoreConfig& c) {
  const bool f16 = t.a == DataType::kFp16 && t.b == DataType::kFp16 &&
                   t.accumulator == DataType::kFp16 && t.output == DataType::kFp16;
  const bool s8 = t.a == DataType::kInt8 && t.b == DataType::kInt8 &&
                  t.accumulator == DataType::kInt32 && t.output == DataType::kInt32;
  if (f16) return c.fp16_fma_per_cycle;
  if (s8) return c.int8_mac_per_cycle;
  fail(in,
       "mma types: the MAC baseline's golden numerics (core/lut/mac_dot_reference) are "
       "f16.f16.f16.f16 and s8.s8.s32.s32");
}

// The passes a tensor core makes over an mma's K: 128 bits of each row of A
// a pass (f16 k8, s8 k16), each accumulating onto the one before.
int mma_passes(const lmma::MatrixShape& s, const lmma::MmaTypes& t) {
  constexpr int kPassBits = 128;
  return static_cast<int>(ceil_div(static_cast<std::int64_t>(s.k) * element_bytes(t.a) * 8,
                                   kPassBits));
}

void decode_mma(const Instruction& in, const SubCoreConfig& c, DecodedInstruction& d) {
  const auto& t = std::get<lmma::MmaTypes>(in.types);
  const double rate = mma_rate(in, t, c);
  const lmma::MatrixShape& s = in.shape;
  d.unit = Unit::kMma;
  d.macs = static_cast<std::int64_t>(s.m) * s.n * s.k;
  d.occupancy = static_cast<int>(std::ceil(static_cast<double>(d.macs) / rate)) +
                c.spec.mma_overhead_cycles;
  d.latency = std::max(d.occupancy, mma_passes(s, t) * c.spec.mma_pass_latency_cycles) +
              c.spec.mma_fixed_latency_cycles;
  const std::int64_t acc_bytes =
      static_cast<std::int64_t>(s.m) * s.n * element_bytes(t.accumulator);
  d.writes = {range(in, 0, acc_bytes)};
  d.reads = {range(in, 1, static_cast<std::int64_t>(s.m) * s.k * element_bytes(t.a)),
             range(in, 2, static_cast<std::int64_t>(s.n) * s.k * element_bytes(t.b)),
             range(in, 3, acc_bytes)};
}

void decode_lutpre(const Instruction& in, const SubCoreConfig& c, DecodedInstruction& d) {
  const auto& t = std::get<lmma::LutpreTypes>(in.types);
  const LutTensorCoreSpec& l = lut_of(in, c);
  require_table_format(in, t.table, l);
  const LutArrayGeometry& g = l.geometry;
  const lmma::MatrixShape& s = in.shape;
  if (s.k % g.k != 0) {
    fail(in, "K = " + std::to_string(s.k) + " is not a multiple of the table group size k = " +
                 std::to_string(g.k) + " (lut_tensor_core.array_k)");
  }
  require_one_of(t.activation, kLutActivationTypes, "lutpre activation");
  d.datapath = {1,
                {.k = g.k, .table_form = g.table_form},
                t.activation,
                t.table,
                accumulator_for(t.activation)};
  validate_datapath(in, d.datapath);
  // Every stored entry is a left-to-right sum of k activations: k - 1 additions.
  const std::int64_t tables = static_cast<std::int64_t>(s.m) * (s.k / g.k);
  d.unit = Unit::kCuda;
  d.cuda_ops = tables * g.table_entries() * (g.k - 1);
  d.occupancy = static_cast<int>(std::ceil(static_cast<double>(d.cuda_ops) / c.cuda_ops_per_cycle));
  d.latency = d.occupancy - 1 + c.spec.alu_latency_cycles;
  d.writes = {range(in, 0, table_operand_bytes(s, d.datapath))};
  d.reads = {range(in, 1, static_cast<std::int64_t>(s.m) * s.k * element_bytes(t.activation))};
}

std::vector<AddressSlotTerm> resolve(const lmma::Address& a,
                                     const std::vector<std::string>& scope) {
  std::vector<AddressSlotTerm> out;
  for (const lmma::AddressTerm& t : a.terms) {
    int slot = kConstantSlot;
    if (t.variable == "lane") {
      slot = kLaneSlot;
    } else if (!t.variable.empty()) {
      slot = static_cast<int>(std::find(scope.rbegin(), scope.rend(), t.variable) - scope.rbegin());
      slot = static_cast<int>(scope.size()) - 1 - slot;
    }
    out.push_back({t.coefficient, slot});
  }
  return out;
}

void decode_memory(const Instruction& in, const std::vector<std::string>& scope,
                   DecodedInstruction& d) {
  d.unit = Unit::kLsu;
  d.address = resolve(*in.address, scope);
  const bool ldmatrix = in.opcode == Opcode::kLdmatrix;
  d.access_bytes = ldmatrix ? 16 : in.access_bytes;
  d.active_lanes = ldmatrix ? 8 * in.matrices : kWarpLanes;
  d.store = in.opcode == Opcode::kStShared;
  const RegisterRange data =
      range(in, 0, static_cast<std::int64_t>(d.access_bytes) * d.active_lanes);
  (d.store ? d.reads : d.writes).push_back(data);
}

DecodedInstruction decode(const Instruction& in, const SubCoreConfig& c,
                          const std::vector<std::string>& scope) {
  DecodedInstruction d;
  d.source = &in;
  switch (in.opcode) {
    case Opcode::kLmma:
      decode_lmma(in, c, d);
      break;
    case Opcode::kMma:
      decode_mma(in, c, d);
      break;
    case Opcode::kLutpre:
      decode_lutpre(in, c, d);
      break;
    case Opcode::kLdShared:
    case Opcode::kStShared:
    case Opcode::kLdmatrix:
      decode_memory(in, scope, d);
      break;
    case Opcode::kBarSync:
      break;
  }
  d.read_cycles = d.reads.empty() ? 0 : bank_cycles(d.reads, c.spec);
  d.write_cycles = d.writes.empty() ? 0 : bank_cycles(d.writes, c.spec);
  return d;
}

class Decoder {
 public:
  explicit Decoder(const SubCoreConfig& c) : config_(c) {
    out_.registers_per_class.assign(kClasses, 0);
  }

  void body(const std::vector<lmma::Statement>& statements) {
    for (const lmma::Statement& s : statements) {
      if (const auto* r = std::get_if<lmma::Repeat>(&s)) {
        repeat(*r);
      } else {
        instruction(std::get<Instruction>(s));
      }
    }
  }

  DecodedProgram finish() { return std::move(out_); }

 private:
  void repeat(const lmma::Repeat& r) {
    const auto begin = static_cast<int>(out_.steps.size());
    out_.steps.push_back({ProgramStep::kBegin, 0, r.count, 0});
    scope_.push_back(r.variable);
    out_.max_depth = std::max(out_.max_depth, static_cast<int>(scope_.size()));
    body(r.body);
    scope_.pop_back();
    out_.steps.push_back({ProgramStep::kEnd, 0, 0, begin + 1});
    out_.steps[static_cast<std::size_t>(begin)].partner = static_cast<int>(out_.steps.size());
  }

  void instruction(const Instruction& in) {
    DecodedInstruction d = decode(in, config_, scope_);
    for (const auto* list : {&d.reads, &d.writes}) {
      for (const RegisterRange& r : *list) note_registers(in, r);
    }
    out_.steps.push_back(
        {ProgramStep::kInstruction, static_cast<int>(out_.instructions.size()), 0, 0});
    out_.instructions.push_back(std::move(d));
  }

  void note_registers(const Instruction& in, const RegisterRange& r) {
    int& top = out_.registers_per_class[static_cast<std::size_t>(r.cls)];
    top = std::max(top, r.first + r.count);
    int total = 0;
    for (int n : out_.registers_per_class) total += n;
    if (total > config_.warp_registers) {
      fail(in, "the program's registers (" + std::to_string(total) +
                   " warp registers, counting each class up to its highest) exceed the "
                   "partition's register file of " +
                   std::to_string(config_.warp_registers) + " warp registers of 128 bytes");
    }
  }

  const SubCoreConfig& config_;
  DecodedProgram out_;
  std::vector<std::string> scope_;
};

}  // namespace

std::uint64_t dynamic_instructions(const DecodedProgram& program) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  auto times = [](std::uint64_t a, std::uint64_t b) {
    return b != 0 && a > kMax / b ? kMax : a * b;
  };
  std::vector<std::uint64_t> weight{1};  // instructions per pass at each repeat depth
  std::uint64_t total = 0;
  for (const ProgramStep& s : program.steps) {
    if (s.kind == ProgramStep::kBegin) {
      weight.push_back(times(weight.back(), static_cast<std::uint64_t>(s.count)));
    } else if (s.kind == ProgramStep::kEnd) {
      weight.pop_back();
    } else {
      total = total > kMax - weight.back() ? kMax : total + weight.back();
    }
  }
  return total;
}

DecodedProgram decode_program(const lmma::Program& program, const SubCoreConfig& config) {
  Decoder d(config);
  d.body(program.body);
  return d.finish();
}

}  // namespace lutsim::systemc
