#include "sim/systemc/lut_unit_config.hpp"

namespace lutsim::systemc {
namespace {

constexpr int kRtlMinWeightBits = 1;
constexpr int kRtlMaxWeightBits = 8;

void require_rtl_value(const char* key, int value, int rtl_value) {
  if (value == rtl_value) return;
  throw UnsupportedLutUnit("lut_tensor_core." + std::string(key) + " = " + std::to_string(value) +
                           ": the RTL's LUT units (lut_dot_unit, lut_array) have " +
                           std::to_string(rtl_value) +
                           ", and the cycle-level model takes only what the RTL implements");
}

}  // namespace

void require_rtl_pipeline(const LutPipeline& pipeline) {
  require_rtl_value("pipeline_depth_cycles", pipeline.depth_cycles, kRtlPipeline.depth_cycles);
  require_rtl_value("initiation_interval_cycles", pipeline.initiation_interval_cycles,
                    kRtlPipeline.initiation_interval_cycles);
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
  require_rtl_pipeline(c.pipeline);
  return c;
}

}  // namespace lutsim::systemc
