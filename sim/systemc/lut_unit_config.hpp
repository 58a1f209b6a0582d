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

// lut_array with PIPE_STAGES pipeline registers (docs/rtl.md; lut_dot_unit is
// the unpipelined 1 x 1 case): an index vector every cycle, out_valid
// 1 + PIPE_STAGES cycles after in_last.
constexpr LutPipeline rtl_pipeline(int pipe_stages) {
  return {.depth_cycles = 1 + pipe_stages, .initiation_interval_cycles = 1};
}

// The RTL's PIPE_STAGES of `pipeline`; throws UnsupportedLutUnit naming the
// key if no lut_array has that timing (depth_cycles outside
// 1 .. 1 + cycle_ref::kMaxPipeStages, or an initiation interval other than 1).
int rtl_pipe_stages(const LutPipeline& pipeline);

// shape.pipe_stages and pipeline say the same (rtl_pipeline); LutTileCore
// rejects a config where they differ.
struct LutUnitConfig {
  cycle_ref::TileShape shape;
  LutPipeline pipeline;
};

// The LUT array of `spec` running `weight_bits`-bit weights (bit planes, 1..8
// as the RTL's W_BIT). Integer tables mean INT8 activations and INT32
// accumulators; FP16 and INT8-quantized tables (lut_array TABLE_FORMAT = 2: INT8 codes
// and an FP16 scale per table) FP16 ones. Throws UnsupportedLutUnit for
// weight bits or a pipeline the RTL lacks; the shape's pipe_stages are the
// RTL's for spec.pipeline_depth_cycles.
LutUnitConfig lut_unit_config(const LutTensorCoreSpec& spec, int weight_bits);

}  // namespace lutsim::systemc
