#pragma once
// The LUT tensor cores of a GPU priced by the analytic PPA model
// (ppa/model/analytic_ppa.hpp): one array as the hardware config's
// lut_tensor_core section describes it, running weights of some bits with
// activations of some type, replicated over the arrays of each SM and the
// SMs. Pure arithmetic over the component table: no constant of its own.

#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/specs/hardware_spec.hpp"
#include "ppa/design/design_point.hpp"
#include "ppa/model/analytic_ppa.hpp"
#include "ppa/model/component_table.hpp"

namespace lutsim::ppa {

// A LUT tensor core the analytic model has no design for; key() names what
// selects it: "lut_tensor_core" (none), "lut_tensor_core.table_format",
// "lut_tensor_core.table_form" (keys of the hardware config), "weight_bits"
// or "activation".
class UncoveredDesign : public std::invalid_argument {
 public:
  UncoveredDesign(std::string key, const std::string& message)
      : std::invalid_argument(message), key_(std::move(key)) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

// The lut_array design of `gpu`'s LUT tensor core with `weight_bits`-bit
// weights (bit planes) and `activation` activations. Its table entries are
// FP16 for floating-point activations and integers for INT8 ones, as the tile
// model's datapath has them (sim/tile/gemm_kernel.cpp). Throws UncoveredDesign
// for no LUT tensor core, INT8-quantized FP16 tables (no component), a
// symmetric_full table form, an activation type without an RTL design (bf16)
// or weight bits outside the RTL's [1, 8].
DesignPoint lut_array_design(const HardwareSpec& gpu, int weight_bits, DataType activation);

// The LUT tensor cores of one GPU, each array priced at the GPU's SM clock.
struct GpuLutPpa {
  AnalyticPpa array;               // one array
  std::int64_t arrays_per_sm = 0;  // tensor cores per SM x arrays per tensor core
  std::int64_t arrays_per_gpu = 0;
  double area_per_sm_mm2 = 0.0;
  double area_per_gpu_mm2 = 0.0;
  double power_per_gpu_w = 0.0;  // every array busy (dynamic + leakage)
};

// `array` (lut_array_design of `gpu`) priced by `table` at gpu.sm_clock_hz,
// times gpu.tensor_cores_per_sm x lut_tensor_core.throughput_scale arrays per
// SM and gpu.sm_count SMs. Throws as lut_array_design and analytic_ppa do.
GpuLutPpa gpu_lut_ppa(const HardwareSpec& gpu, const DesignPoint& array,
                      const ComponentTable& table);

}  // namespace lutsim::ppa
