#include "core/lut/lut_config.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace lutsim {
namespace {

template <class Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

constexpr NameTable<TableForm, 3> kTableFormNames{{
    {TableForm::kUnsignedFull, "unsigned_full"},
    {TableForm::kSymmetricFull, "symmetric_full"},
    {TableForm::kSymmetricHalf, "symmetric_half"},
}};
constexpr NameTable<TableEntryFormat, 3> kEntryFormatNames{{
    {TableEntryFormat::kFp16, "fp16"},
    {TableEntryFormat::kInt8Quantized, "int8_quantized"},
    {TableEntryFormat::kInteger, "integer"},
}};

template <class Enum, std::size_t N>
std::string_view name_of(const NameTable<Enum, N>& table, Enum value) {
  for (const auto& [e, name] : table) {
    if (e == value) return name;
  }
  throw std::logic_error("enum value without a name");
}

template <class Enum, std::size_t N>
Enum parse_name(const NameTable<Enum, N>& table, std::string_view name, std::string_view what) {
  std::string allowed;
  for (const auto& [e, n] : table) {
    if (n == name) return e;
    allowed += allowed.empty() ? "" : ", ";
    allowed += n;
  }
  throw std::invalid_argument("unknown " + std::string(what) + " '" + std::string(name) +
                              "' (allowed: " + allowed + ")");
}

}  // namespace

std::string_view to_string(TableForm f) {
  return name_of(kTableFormNames, f);
}
std::string_view to_string(TableEntryFormat f) {
  return name_of(kEntryFormatNames, f);
}

TableForm parse_table_form(std::string_view name) {
  return parse_name(kTableFormNames, name, "table form");
}
TableEntryFormat parse_table_entry_format(std::string_view name) {
  return parse_name(kEntryFormatNames, name, "table entry format");
}

TableEntryFormat table_format_for(DataType activation, TableEntryFormat floating_format) {
  return is_floating_point(activation) ? floating_format : TableEntryFormat::kInteger;
}

DataType accumulator_for(DataType activation) {
  return is_floating_point(activation) ? DataType::kFp32 : DataType::kInt32;
}

DataType table_entry_dtype(TableEntryFormat f) {
  switch (f) {
    case TableEntryFormat::kFp16:
      return DataType::kFp16;
    case TableEntryFormat::kInt8Quantized:
      return DataType::kInt8;
    case TableEntryFormat::kInteger:
      return DataType::kInt16;
  }
  throw std::logic_error("TableEntryFormat value without an entry type");
}

void LutGemmConfig::validate() const {
  if (weight_bits < 1 || weight_bits > 8) {
    throw std::invalid_argument("weight_bits must be in [1, 8], got " +
                                std::to_string(weight_bits));
  }
  geometry.validate();
  require_one_of(activation, kLutActivationTypes, "LUT mpGEMM activation");
  require_one_of(accumulator, kLutAccumulatorTypes, "LUT mpGEMM accumulator");
  if (table_format == TableEntryFormat::kInteger && is_floating_point(activation)) {
    throw std::invalid_argument("integer table entries need integer (int8) activations, got " +
                                std::string(to_string(activation)));
  }
  if (table_format != TableEntryFormat::kInteger && !is_floating_point(activation)) {
    throw std::invalid_argument(
        "int8 activations give exact integer tables: use table format 'integer'");
  }
  if (accumulator == DataType::kInt32 && table_format != TableEntryFormat::kInteger) {
    throw std::invalid_argument(
        "int32 accumulation needs integer table entries (per-table scales of "
        "quantized tables must be applied in a floating-point accumulator)");
  }
}

}  // namespace lutsim
