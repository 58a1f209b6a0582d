#pragma once

#include "core/lut/lut_config.hpp"
#include "core/numerics/data_type.hpp"
#include "core/specs/hardware_spec.hpp"

namespace lutsim {

// The LUT mpGEMM datapath the GPU's LUT tensor cores run for `act`: integer
// (INT8) activations give exact integer tables and INT32 accumulation;
// floating ones (FP16, FP8) tables in the configured table_format and FP32
// accumulation. What the tile model, the compiler's lowering and the
// sub-core all take. Throws std::invalid_argument if hw has no LUT tensor
// cores or the golden numerics (core/lut) do not model the datapath,
// DataTypeError for an activation type they do not model (e.g. bf16).
LutGemmConfig lut_datapath(const HardwareSpec& hw, int weight_bits, DataType act);

}  // namespace lutsim
