#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lutsim {

// The element types lutsim knows: activations, dense GEMM operands,
// accumulators, LUT table entries and outputs. Configs, trace CSVs, CLI
// options and result tables spell them as to_string does; parse_data_type is
// the one way back.
// Which types a role (LUT activations, a dense MMA, an accumulator) models is
// checked where the role is: require_one_of.
// kInt16 is last so the others keep their values (tests seed from them).
enum class DataType { kFp32, kFp16, kBf16, kFp8E4M3, kFp8E5M2, kInt32, kInt8, kInt16 };

// An unknown type name, or a type a role does not model.
class DataTypeError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

int bits_of(DataType t);   // storage bits of one element
int bytes_of(DataType t);  // storage bytes of one element
bool is_floating_point(DataType t);

std::string_view to_string(DataType t);

// Accepts every name to_string gives, and "fp8" for fp8_e4m3 (FP8 GEMM
// operands, as the cuBLAS bench, validation sets and `--act` spell them).
// Throws DataTypeError naming `name` and the accepted names.
DataType parse_data_type(std::string_view name);

// The names of `types`: as a list (e.g. a config key's allowed values), and
// joined as "fp16, bf16, int8" for messages.
std::vector<std::string> name_list(std::span<const DataType> types);
std::string names_of(std::span<const DataType> types);

bool is_one_of(DataType t, std::span<const DataType> types);

// Throws DataTypeError "<role>: <t> is not modelled (modelled: ...)" unless
// `t` is one of `allowed`.
void require_one_of(DataType t, std::span<const DataType> allowed, std::string_view role);

}  // namespace lutsim
