#include "core/specs/lut_datapath_spec.hpp"

#include <stdexcept>

namespace lutsim {

LutGemmConfig read_lut_datapath(config::ConfigReader& r) {
  LutGemmConfig c;
  c.weight_bits = r.get<int>(
      "weight_bits",
      {.description = "weight bits b (one array pass per bit plane)", .min = 1, .max = 8});
  c.geometry.k = r.get<int>("group_size", {.description = "activations per table k",
                                           .default_value = 4,
                                           .min = LutArrayGeometry::kMinK,
                                           .max = LutArrayGeometry::kMaxK});
  c.activation = parse_data_type(r.get<std::string>(
      "activation", {.description = "activation type", .allowed = name_list(kLutActivationTypes)}));
  c.geometry.table_form = parse_table_form(r.get<std::string>(
      "table_form", {.description = "table layout",
                     .default_value = "symmetric_half",
                     .allowed = {"unsigned_full", "symmetric_full", "symmetric_half"}}));
  c.table_format = parse_table_entry_format(r.get<std::string>(
      "table_format",
      {.description = "table entry format", .allowed = {"fp16", "int8_quantized", "integer"}}));
  c.accumulator = parse_data_type(r.get<std::string>(
      "accumulator",
      {.description = "accumulator type", .allowed = name_list(kLutAccumulatorTypes)}));
  try {
    c.validate();
  } catch (const std::invalid_argument& e) {
    throw config::ConfigError(r.location(), r.path(), e.what());
  }
  return c;
}

}  // namespace lutsim
