#pragma once
// What a cycle-level LUT unit model is built from: the tile's shape and its
// pipeline timing, read from a hardware config's `lut_tensor_core` section
// (the keys the tile-level model and the RTL share) and held to what the RTL
// implements.

#include <stdexcept>
#include <string>

#include "core/specs/hardware_spec.hpp"
#include "sim/reference/tile_shape.hpp"

namespace lutsim::systemc {

// A configuration the RTL does not implement, so no cycle-level model of it
// can be held to the RTL; the message names the key and what the RTL has.
class UnsupportedLutUnit : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Pipeline timing of a LUT unit.
struct LutPipeline {
  int depth_cycles = 1;                // the edge sampling in_last -> out_valid
  int initiation_interval_cycles = 1;  // edges between accepted index vectors

  bool operator==(const LutPipeline&) const = default;
};

// lut_dot_unit and lut_array (docs/rtl.md): an index vector every cycle,
// out_valid one cycle after in_last.
inline constexpr LutPipeline kRtlPipeline{.depth_cycles = 1, .initiation_interval_cycles = 1};

// Throws UnsupportedLutUnit naming the first field that differs from kRtlPipeline.
void require_rtl_pipeline(const LutPipeline& pipeline);

struct LutUnitConfig {
  cycle_ref::TileShape shape;
  LutPipeline pipeline;
};

// The LUT array of `spec` running `weight_bits`-bit weights (bit planes, 1..8
// as the RTL's W_BIT). Integer tables mean INT8 activations and INT32
// accumulators; FP16 and INT8-quantized tables (lut_array TABLE_FORMAT = 2: INT8 codes
// and an FP16 scale per table) FP16 ones. Throws UnsupportedLutUnit for
// weight bits or a pipeline the RTL lacks.
LutUnitConfig lut_unit_config(const LutTensorCoreSpec& spec, int weight_bits);

}  // namespace lutsim::systemc
