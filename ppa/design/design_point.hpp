#pragma once
// A hardware design the PPA studies price: which RTL top with which parameters,
// and how many weight x activation multiply-accumulates it completes per cycle.

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "core/lut/lut_config.hpp"

namespace lutsim::ppa {

enum class DesignKind {
  kLutDotUnit,            // lut_dot_unit: table register + lookup + accumulator
  kLutDotUnitPrecompute,  // conventional LUT unit: its own table precompute inside
  kAddDotUnit,            // add_bitserial_unit: one add per weight bit ("ADD")
  kMacDotUnit,            // mac_dot_unit: K multipliers + adder tree ("MAC")
  kLutArray,              // lut_array: M x N x K tile, tables broadcast along N
  kMacArray,              // mac_array: M x N x K multiply-based tile
  kTablePrecompute,       // lut_table_precompute alone (combinational)
  kLutPe,                 // lut_pe: one lookup-accumulate element (no table register)
};

std::string to_string(DesignKind kind);
DesignKind parse_design_kind(const std::string& name);  // throws std::invalid_argument

// Activation formats the RTL designs are built for (FP8 as E4M3).
inline constexpr std::array<DataType, 3> kDesignActivationTypes{DataType::kFp16, DataType::kFp8E4M3,
                                                                DataType::kInt8};

// The studies' pipeline depths: PIPE_STAGES 0..kMaxPipelineStages (docs/rtl.md,
// "Pipelining"), fewer where the RTL has fewer cuts (max_pipeline_stages).
inline constexpr int kMaxPipelineStages = 2;
// DesignPoint::pipeline_stages not chosen yet: the smallest depth that meets the clock
// (evaluate_design synthesizes 0, 1, ... max_pipeline_stages in turn).
inline constexpr int kSmallestMeetingClock = -1;

struct DesignPoint {
  DesignKind kind = DesignKind::kLutDotUnit;
  // m x n: arrays only (1 x 1 otherwise). k: activations per table (ARRAY_K of
  // an array), for MAC designs products per dot unit. table_form: symmetric
  // half (LUT: half tables; ADD: digits +-1) or unsigned full.
  LutArrayGeometry geometry;
  int weight_bits = 2;  // W_BIT: bit planes (LUT, ADD); MAC weights are widened, not serial
  DataType activation = DataType::kFp16;  // one of kDesignActivationTypes
  bool negation_in_acc = false;  // LUT: no separate negation, folded into the accumulator
  // Pipeline registers: PIPE_STAGES of lut_array, mac_dot_unit, add_bitserial_unit
  // (latency 1 + stages) and lut_table_precompute (latency = stages), 0 ..
  // max_pipeline_stages, or kSmallestMeetingClock; lut_pe LOOKUP_REG (0 or 1: the element
  // of a pipelined array). Every other design has none (0).
  int pipeline_stages = 0;

  // The RTL's SYMMETRIC parameter.
  bool symmetric() const { return geometry.symmetric(); }

  // "lut_dot_unit K4 W2 fp16 half", "lut_array M2N64K4 W2 int8 half", ...
  std::string label() const;
  // Throws std::invalid_argument naming the first field out of the RTL's range.
  void validate() const;

  bool operator==(const DesignPoint&) const = default;
};

// Whether the design's RTL has a pipeline parameter (PIPE_STAGES, or lut_pe's LOOKUP_REG).
bool has_pipeline_parameter(DesignKind kind);
// Whether it has PIPE_STAGES: lut_array, mac_dot_unit, add_bitserial_unit,
// lut_table_precompute (the depths a study chooses by the clock).
bool has_pipe_stages(DesignKind kind);
// The deepest pipeline_stages the design takes (0: none): kMaxPipelineStages, or K - 1 for
// add_bitserial_unit and lut_table_precompute if that is fewer; 1 for lut_pe.
int max_pipeline_stages(const DesignPoint& d);

// Table entries / MAC operands are FP16 for FP16 and FP8 activations (FP8 values
// are exact in binary16) and integers for INT8 activations.
bool integer_datapath(const DesignPoint& d);

struct RtlTop {
  std::string top;
  std::vector<std::pair<std::string, long long>> parameters;
};
// The top and its parameters; those at the RTL's default value are omitted.
RtlTop rtl_top(const DesignPoint& d);
// Every parameter, defaults included (for reports).
RtlTop rtl_top_all_parameters(const DesignPoint& d);
// "lut_array ARRAY_M=2 ARRAY_N=64 ...": the top and every parameter, for reports.
std::string rtl_text(const DesignPoint& d);

// Weight x activation multiply-accumulates completed per clock cycle in steady
// state: M*N*K/W_BIT for the bit-serial LUT and ADD designs (one weight plane
// per cycle), M*N*K for MAC designs; 0 for the precompute block.
double macs_per_cycle(const DesignPoint& d);

}  // namespace lutsim::ppa
