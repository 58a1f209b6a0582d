#include "core/lut/lut_config.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace lutsim {
namespace {

template <class Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

constexpr NameTable<ActivationType, 4> kActivationNames{{
    {ActivationType::kFp16, "fp16"},
    {ActivationType::kFp8E4M3, "fp8_e4m3"},
    {ActivationType::kFp8E5M2, "fp8_e5m2"},
    {ActivationType::kInt8, "int8"},
}};
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
constexpr NameTable<AccumulatorType, 3> kAccumulatorNames{{
    {AccumulatorType::kFp16, "fp16"},
    {AccumulatorType::kFp32, "fp32"},
    {AccumulatorType::kInt32, "int32"},
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

bool is_float_activation(ActivationType a) {
  return a != ActivationType::kInt8;
}

}  // namespace

std::string_view to_string(ActivationType t) {
  return name_of(kActivationNames, t);
}
std::string_view to_string(TableForm f) {
  return name_of(kTableFormNames, f);
}
std::string_view to_string(TableEntryFormat f) {
  return name_of(kEntryFormatNames, f);
}
std::string_view to_string(AccumulatorType t) {
  return name_of(kAccumulatorNames, t);
}

ActivationType parse_activation_type(std::string_view name) {
  return parse_name(kActivationNames, name, "activation type");
}
TableForm parse_table_form(std::string_view name) {
  return parse_name(kTableFormNames, name, "table form");
}
TableEntryFormat parse_table_entry_format(std::string_view name) {
  return parse_name(kEntryFormatNames, name, "table entry format");
}
AccumulatorType parse_accumulator_type(std::string_view name) {
  return parse_name(kAccumulatorNames, name, "accumulator type");
}

void LutGemmConfig::validate() const {
  if (weight_bits < 1 || weight_bits > 8) {
    throw std::invalid_argument("weight_bits must be in [1, 8], got " +
                                std::to_string(weight_bits));
  }
  geometry.validate();
  if (table_format == TableEntryFormat::kInteger && is_float_activation(activation)) {
    throw std::invalid_argument("integer table entries need integer (int8) activations, got " +
                                std::string(to_string(activation)));
  }
  if (table_format != TableEntryFormat::kInteger && !is_float_activation(activation)) {
    throw std::invalid_argument(
        "int8 activations give exact integer tables: use table format 'integer'");
  }
  if (accumulator == AccumulatorType::kInt32 && table_format != TableEntryFormat::kInteger) {
    throw std::invalid_argument(
        "int32 accumulation needs integer table entries (per-table scales of "
        "quantized tables must be applied in a floating-point accumulator)");
  }
}

}  // namespace lutsim
