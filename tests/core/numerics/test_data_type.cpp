// Tests of the DataType vocabulary: sizes, names, the one parser and role checks.

#include <array>
#include <catch2/catch.hpp>

#include "core/numerics/data_type.hpp"

namespace {

using lutsim::DataType;

constexpr std::array<DataType, 8> kAll{DataType::kFp32,    DataType::kFp16,    DataType::kBf16,
                                       DataType::kFp8E4M3, DataType::kFp8E5M2, DataType::kInt32,
                                       DataType::kInt8,    DataType::kInt16};

}  // namespace

TEST_CASE("every data type reads back from its name", "[numerics][data_type]") {
  for (DataType t : kAll) CHECK(lutsim::parse_data_type(lutsim::to_string(t)) == t);
  CHECK(lutsim::names_of(kAll) == "fp32, fp16, bf16, fp8_e4m3, fp8_e5m2, int32, int8, int16");
}

TEST_CASE("data type sizes", "[numerics][data_type]") {
  CHECK(lutsim::bits_of(DataType::kFp32) == 32);
  CHECK(lutsim::bytes_of(DataType::kFp32) == 4);
  CHECK(lutsim::bytes_of(DataType::kFp16) == 2);
  CHECK(lutsim::bytes_of(DataType::kBf16) == 2);
  CHECK(lutsim::bits_of(DataType::kFp8E5M2) == 8);
  CHECK(lutsim::bytes_of(DataType::kFp8E4M3) == 1);
  CHECK(lutsim::bytes_of(DataType::kInt32) == 4);
  CHECK(lutsim::bytes_of(DataType::kInt8) == 1);
  CHECK(lutsim::bytes_of(DataType::kInt16) == 2);
  CHECK_FALSE(lutsim::is_floating_point(DataType::kInt16));
  CHECK(lutsim::is_floating_point(DataType::kBf16));
  CHECK_FALSE(lutsim::is_floating_point(DataType::kInt8));
}

TEST_CASE("fp8 is the one alias: FP8 GEMM operands are E4M3", "[numerics][data_type]") {
  CHECK(lutsim::parse_data_type("fp8") == DataType::kFp8E4M3);
  CHECK(lutsim::to_string(DataType::kFp8E4M3) == "fp8_e4m3");
}

TEST_CASE("an unknown name is an error naming it and the accepted names", "[numerics][data_type]") {
  CHECK_THROWS_AS(lutsim::parse_data_type("FP16"), lutsim::DataTypeError);
  CHECK_THROWS_WITH(lutsim::parse_data_type("tf32"),
                    "unknown data type 'tf32' (accepted: fp32, fp16, bf16, fp8_e4m3, fp8_e5m2, "
                    "int32, int8, int16, fp8 for fp8_e4m3)");
}

TEST_CASE("require_one_of names the role, the type and what is modelled", "[numerics][data_type]") {
  constexpr std::array<DataType, 2> kAllowed{DataType::kFp16, DataType::kInt8};
  CHECK(lutsim::is_one_of(DataType::kInt8, kAllowed));
  CHECK_FALSE(lutsim::is_one_of(DataType::kBf16, kAllowed));
  CHECK_NOTHROW(lutsim::require_one_of(DataType::kFp16, kAllowed, "x"));
  CHECK_THROWS_WITH(lutsim::require_one_of(DataType::kBf16, kAllowed, "LUT activation"),
                    "LUT activation: bf16 is not modelled (modelled: fp16, int8)");
}
