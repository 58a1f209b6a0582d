#pragma once

#include <string>
#include <string_view>

#include "core/lut/lut_array_geometry.hpp"

namespace lutsim {

// Number formats of the LUT mpGEMM datapath and the names configs use for them.

enum class ActivationType { kFp16, kFp8E4M3, kFp8E5M2, kInt8 };

enum class TableEntryFormat {
  kFp16,           // entries computed and stored in binary16
  kInt8Quantized,  // binary16 entries quantized to INT8, one FP16 scale per table
  kInteger,        // exact integer sums (integer activations only)
};

enum class AccumulatorType { kFp16, kFp32, kInt32 };

std::string_view to_string(ActivationType t);
std::string_view to_string(TableForm f);
std::string_view to_string(TableEntryFormat f);
std::string_view to_string(AccumulatorType t);

// Parsing accepts exactly the names to_string gives; throws std::invalid_argument.
ActivationType parse_activation_type(std::string_view name);
TableForm parse_table_form(std::string_view name);
TableEntryFormat parse_table_entry_format(std::string_view name);
AccumulatorType parse_accumulator_type(std::string_view name);

// One LUT mpGEMM datapath: what the golden reference, the simulators and the
// RTL are all parameterized by.
struct LutGemmConfig {
  int weight_bits = 2;  // b in [1, 8]: bit planes, one array pass each
  // The table group size k and the table form; a dot unit, so m = n = 1.
  LutArrayGeometry geometry;
  ActivationType activation = ActivationType::kFp16;
  TableEntryFormat table_format = TableEntryFormat::kFp16;
  AccumulatorType accumulator = AccumulatorType::kFp32;

  // Throws std::invalid_argument naming the first inconsistent field, e.g.
  // integer tables with floating activations, INT32 accumulation of
  // floating-point entries.
  void validate() const;
};

}  // namespace lutsim
