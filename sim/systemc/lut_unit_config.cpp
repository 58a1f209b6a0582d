#include "sim/systemc/lut_unit_config.hpp"

namespace lutsim::systemc {
namespace {

constexpr int kRtlMinWeightBits = 1;
constexpr int kRtlMaxWeightBits = 8;

// Throws unless lo <= value <= hi; `rtl` says what the RTL has.
void require_rtl_value(const char* key, int value, int lo, int hi, const std::string& rtl) {
  if (value >= lo && value <= hi) return;
  throw UnsupportedLutUnit("lut_tensor_core." + std::string(key) + " = " + std::to_string(value) +
                           ": the RTL's LUT units (lut_dot_unit, lut_array) have " + rtl +
                           ", and the cycle-level model takes only what the RTL implements");
}

}  // namespace

int rtl_pipe_stages(const LutPipeline& pipeline) {
  const int deepest = rtl_pipeline(cycle_ref::kMaxPipeStages).depth_cycles;
  require_rtl_value("pipeline_depth_cycles", pipeline.depth_cycles, 1, deepest,
                    "1 to " + std::to_string(deepest) + " (lut_array PIPE_STAGES 0 to " +
                        std::to_string(cycle_ref::kMaxPipeStages) + ")");
  require_rtl_value("initiation_interval_cycles", pipeline.initiation_interval_cycles, 1, 1, "1");
  return pipeline.depth_cycles - 1;
}

LutUnitConfig lut_unit_config(const LutTensorCoreSpec& spec, int weight_bits) {
  if (weight_bits < kRtlMinWeightBits || weight_bits > kRtlMaxWeightBits) {
    throw UnsupportedLutUnit("weight bits " + std::to_string(weight_bits) +
                             ": the RTL's LUT units take W_BIT in [1, 8]");
  }
  spec.geometry.validate();
  LutUnitConfig c;
  c.shape.geometry = spec.geometry;
  c.shape.w_bit = weight_bits;
  c.shape.integer_tables = spec.table_format == TableEntryFormat::kInteger;
  c.shape.quantized = spec.table_format == TableEntryFormat::kInt8Quantized;
  c.pipeline = {.depth_cycles = spec.pipeline_depth_cycles,
                .initiation_interval_cycles = spec.initiation_interval_cycles};
  c.shape.pipe_stages = rtl_pipe_stages(c.pipeline);
  return c;
}

}  // namespace lutsim::systemc
