#pragma once
// One hardware configuration of a LUT tile: lut_dot_unit is the 1 x 1 case
// of lut_array. The widths follow the RTL (rtl/lut_lookup.sv).

#include <cstdint>
#include <string>

#include "core/lut/lut_array_geometry.hpp"
#include "core/lut/lut_config.hpp"

namespace lutsim::cycle_ref {

// The deepest lut_array pipeline (PIPE_STAGES, docs/rtl.md): stage 1 after
// the lookup mux, stage 2 an input register.
inline constexpr int kMaxPipeStages = 2;

struct TileShape {
  // Half tables: negation by the top index bit. Full tables: a precompute unit
  // computes the form given (kSymmetricFull or kUnsignedFull); a unit written
  // from outside serves both, and the stimulus draws either per problem.
  LutArrayGeometry geometry;
  int w_bit = 2;
  bool integer_tables = false;  // TABLE_FORMAT 1: INT8 activations, INT32 accumulators
  bool neg_in_acc = false;      // NEG_IN_ACC = 1: negation in the accumulator
  bool precompute = false;      // the unit precomputes its tables from activations
  bool pair = false;            // lut_array GROUPS_PER_PASS = 2: two steps per cycle
  bool quantized = false;       // lut_array TABLE_FORMAT = 2: INT8 codes + FP16 scale per table
  int pipe_stages = 0;          // lut_array PIPE_STAGES, 0 .. kMaxPipeStages
  int int_acc_width = 32;       // lut_array INT_ACC_W: integer accumulators wrap mod 2^this

  bool half_tables() const { return geometry.table_form == TableForm::kSymmetricHalf; }
  int entries() const { return geometry.table_entries(); }
  int entry_width() const;  // bits of one stored entry
  int acc_width() const { return integer_tables ? int_acc_width : 16; }
  int activation_width() const { return integer_tables ? 8 : 16; }
  // Groups (tables) per row and pass = canonical steps per cycle.
  int groups_per_pass() const { return pair ? 2 : 1; }
  int index_width() const { return geometry.k * groups_per_pass(); }  // bits per column and cycle
  // ENTRY_W-bit words of one table register write: the entries, and for
  // quantized tables the FP16 scale as two 8-bit words (low byte first).
  int table_words() const { return (entries() + (quantized ? 2 : 0)) * groups_per_pass(); }
  std::string name() const;  // e.g. "M2N64K4 W2 fp16 half", " P2" when pipelined
  // Edges from the one sampling an index vector (or in_last) to the one after
  // which it shows in the accumulators (or out_valid): 1 + pipe_stages.
  int latency_cycles() const { return 1 + pipe_stages; }

  // The golden datapath of a problem whose tables take `form`.
  LutGemmConfig golden_config(TableForm form) const;
  // The raw bits of a stored entry, an activation and an accumulator value.
  std::uint32_t entry_bits(double entry) const;
  std::uint32_t activation_bits(double x) const;
  std::uint32_t acc_bits(double value) const;
  // The bits an accumulator register of this shape holds, given those of the golden
  // FP16 or INT32 accumulator (INT_ACC_W < 32: their low bits).
  std::uint32_t acc_register(std::uint32_t bits) const;
  // The inverses, what a register of those bits holds: a stored entry (an
  // INT8 code for quantized tables) and an activation.
  double entry_value(std::uint32_t bits) const;
  double activation_value(std::uint32_t bits) const;
};

// The value of the FP16 number in the low 16 bits of a register.
double fp16_value(std::uint32_t bits);

}  // namespace lutsim::cycle_ref
