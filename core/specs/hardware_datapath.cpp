#include "core/specs/hardware_datapath.hpp"

#include <stdexcept>
#include <string>

#include "core/lut/quantized_weights.hpp"

namespace lutsim {

LutGemmConfig lut_datapath(const HardwareSpec& hw, int weight_bits, DataType act) {
  check_weight_bits(weight_bits);
  require_one_of(act, kLutActivationTypes, hw.name + " LUT tensor-core activation");
  if (!hw.lut_tensor_core) throw std::invalid_argument(hw.name + " has no LUT tensor cores");
  const LutTensorCoreSpec& l = *hw.lut_tensor_core;
  const LutGemmConfig c{weight_bits,
                        {.k = l.geometry.k, .table_form = l.geometry.table_form},
                        act,
                        table_format_for(act, l.table_format),
                        accumulator_for(act)};
  try {
    c.validate();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(hw.name + " LUT tensor cores with " + std::string(to_string(act)) +
                                " activations: " + e.what());
  }
  return c;
}

}  // namespace lutsim
