#include "core/numerics/data_type.hpp"

#include <algorithm>
#include <array>

namespace lutsim {
namespace {

struct TypeInfo {
  DataType type;
  std::string_view name;
  int bits;
  bool floating_point;
};

constexpr std::array<TypeInfo, 8> kTypes{{
    {DataType::kFp32, "fp32", 32, true},
    {DataType::kFp16, "fp16", 16, true},
    {DataType::kBf16, "bf16", 16, true},
    {DataType::kFp8E4M3, "fp8_e4m3", 8, true},
    {DataType::kFp8E5M2, "fp8_e5m2", 8, true},
    {DataType::kInt32, "int32", 32, false},
    {DataType::kInt8, "int8", 8, false},
    {DataType::kInt16, "int16", 16, false},
}};

// The one alias: FP8 GEMMs take E4M3 operands.
constexpr std::string_view kFp8Alias = "fp8";

const TypeInfo& info(DataType t) {
  const auto* it =
      std::find_if(kTypes.begin(), kTypes.end(), [t](const TypeInfo& i) { return i.type == t; });
  if (it == kTypes.end()) throw std::logic_error("DataType value without an entry");
  return *it;
}

}  // namespace

int bits_of(DataType t) {
  return info(t).bits;
}

int bytes_of(DataType t) {
  return info(t).bits / 8;
}

bool is_floating_point(DataType t) {
  return info(t).floating_point;
}

std::string_view to_string(DataType t) {
  return info(t).name;
}

DataType parse_data_type(std::string_view name) {
  if (name == kFp8Alias) return DataType::kFp8E4M3;
  std::string accepted;
  for (const TypeInfo& i : kTypes) {
    if (i.name == name) return i.type;
    accepted += std::string(i.name) + ", ";
  }
  throw DataTypeError("unknown data type '" + std::string(name) + "' (accepted: " + accepted +
                      std::string(kFp8Alias) + " for fp8_e4m3)");
}

std::vector<std::string> name_list(std::span<const DataType> types) {
  std::vector<std::string> out;
  for (DataType t : types) out.emplace_back(to_string(t));
  return out;
}

std::string names_of(std::span<const DataType> types) {
  std::string out;
  for (DataType t : types) out += (out.empty() ? "" : ", ") + std::string(to_string(t));
  return out;
}

bool is_one_of(DataType t, std::span<const DataType> types) {
  return std::find(types.begin(), types.end(), t) != types.end();
}

void require_one_of(DataType t, std::span<const DataType> allowed, std::string_view role) {
  if (is_one_of(t, allowed)) return;
  throw DataTypeError(std::string(role) + ": " + std::string(to_string(t)) +
                      " is not modelled (modelled: " + names_of(allowed) + ")");
}

}  // namespace lutsim
