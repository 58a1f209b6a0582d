#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/lut/lut_array_geometry.hpp"
#include "core/numerics/data_type.hpp"

namespace lutsim {

// Number formats of the LUT mpGEMM datapath and the names configs use for them.

// Activation types the golden numerics model, and accumulators.
inline constexpr std::array<DataType, 4> kLutActivationTypes{
    DataType::kFp16, DataType::kFp8E4M3, DataType::kFp8E5M2, DataType::kInt8};
inline constexpr std::array<DataType, 3> kLutAccumulatorTypes{DataType::kFp16, DataType::kFp32,
                                                              DataType::kInt32};

enum class TableEntryFormat {
  kFp16,           // entries computed and stored in binary16
  kInt8Quantized,  // binary16 entries quantized to INT8, one FP16 scale per table
  kInteger,        // exact integer sums (integer activations only)
};

std::string_view to_string(TableForm f);
std::string_view to_string(TableEntryFormat f);

// The datapath's one rule for entries and accumulation: integer (INT8)
// activations give exact integer tables accumulated in INT32; floating ones
// tables in `floating_format` (a LUT tensor core's table_format) accumulated
// in FP32.
TableEntryFormat table_format_for(DataType activation, TableEntryFormat floating_format);
DataType accumulator_for(DataType activation);

// How one stored entry of format `f` is held: FP16; INT8 codes (a table's
// FP16 scale beside them); INT16 for exact integer sums (of k INT8 values:
// at most LutArrayGeometry::kMaxK x 128 = 768 in magnitude).
DataType table_entry_dtype(TableEntryFormat f);

// Parsing accepts exactly the names to_string gives; throws std::invalid_argument.
TableForm parse_table_form(std::string_view name);
TableEntryFormat parse_table_entry_format(std::string_view name);

// One LUT mpGEMM datapath: what the golden reference, the simulators and the
// RTL are all parameterized by.
struct LutGemmConfig {
  int weight_bits = 2;  // b in [1, 8]: bit planes, one array pass each
  // The table group size k and the table form; a dot unit, so m = n = 1.
  LutArrayGeometry geometry;
  DataType activation = DataType::kFp16;      // one of kLutActivationTypes
  TableEntryFormat table_format = TableEntryFormat::kFp16;
  DataType accumulator = DataType::kFp32;     // one of kLutAccumulatorTypes

  // Throws std::invalid_argument naming the first inconsistent field, e.g.
  // integer tables with floating activations, INT32 accumulation of
  // floating-point entries (DataTypeError for a type not modelled).
  void validate() const;

  bool operator==(const LutGemmConfig&) const = default;
};

}  // namespace lutsim
