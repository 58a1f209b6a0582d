#include "ppa/gpu/gpu_lut_ppa.hpp"

#include <algorithm>

namespace lutsim::ppa {
namespace {

constexpr double kMm2PerUm2 = 1e-6;

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

void check_activation(DataType activation) {
  if (std::find(kDesignActivationTypes.begin(), kDesignActivationTypes.end(), activation) ==
      kDesignActivationTypes.end()) {
    throw UncoveredDesign("activation", "the analytic PPA model has no LUT array design for " +
                                            std::string(to_string(activation)) +
                                            " activations (it has " +
                                            joined(name_list(kDesignActivationTypes)) + ")");
  }
}

// The entry format the tile model's datapath uses: the config's for
// floating-point activations, exact integers for integer ones.
void check_table_format(const LutTensorCoreSpec& l, DataType activation) {
  if (is_floating_point(activation) && l.table_format == TableEntryFormat::kInt8Quantized) {
    throw UncoveredDesign("lut_tensor_core.table_format",
                          "the analytic PPA model has no component for int8_quantized table "
                          "entries (its LUT arrays hold fp16 or integer entries)");
  }
}

}  // namespace

DesignPoint lut_array_design(const HardwareSpec& gpu, int weight_bits, DataType activation) {
  if (!gpu.lut_tensor_core) {
    throw UncoveredDesign("lut_tensor_core", gpu.name + " has no LUT tensor cores");
  }
  const LutTensorCoreSpec& l = *gpu.lut_tensor_core;
  check_activation(activation);
  check_table_format(l, activation);
  if (l.geometry.table_form == TableForm::kSymmetricFull) {
    throw UncoveredDesign("lut_tensor_core.table_form",
                          "the LUT array RTL has symmetric_half or unsigned_full tables, not "
                          "symmetric_full");
  }
  if (weight_bits < 1 || weight_bits > 8) {
    throw UncoveredDesign("weight_bits", "the LUT array RTL runs 1 to 8 weight bit planes, not " +
                                             std::to_string(weight_bits));
  }
  DesignPoint d;
  d.kind = DesignKind::kLutArray;
  d.geometry = l.geometry;
  d.weight_bits = weight_bits;
  d.activation = activation;
  d.validate();
  return d;
}

GpuLutPpa gpu_lut_ppa(const HardwareSpec& gpu, const DesignPoint& array,
                      const ComponentTable& table) {
  if (!gpu.lut_tensor_core) {
    throw UncoveredDesign("lut_tensor_core", gpu.name + " has no LUT tensor cores");
  }
  GpuLutPpa p;
  p.array = analytic_ppa(array, table, gpu.sm_clock_hz * 1e-6);
  p.arrays_per_sm = std::int64_t{gpu.tensor_cores_per_sm} * gpu.lut_tensor_core->throughput_scale;
  p.arrays_per_gpu = p.arrays_per_sm * gpu.sm_count;
  p.area_per_sm_mm2 = p.array.area_um2 * kMm2PerUm2 * static_cast<double>(p.arrays_per_sm);
  p.area_per_gpu_mm2 = p.array.area_um2 * kMm2PerUm2 * static_cast<double>(p.arrays_per_gpu);
  p.power_per_gpu_w = p.array.total_w * static_cast<double>(p.arrays_per_gpu);
  return p;
}

}  // namespace lutsim::ppa
