// Tests of checked_count: exact products up to the limit, an error past it.

#include <catch2/catch.hpp>
#include <cstdint>

#include "core/numerics/checked_count.hpp"

using lutsim::checked_count;
using lutsim::CountLimitError;

TEST_CASE("checked_count multiplies exactly up to 2^56", "[numerics]") {
  CHECK(checked_count({8192, 8192, 8192}, "GEMM") == std::int64_t{1} << 39);
  CHECK(checked_count({std::int64_t{1} << 28, std::int64_t{1} << 28}, "x") ==
        std::int64_t{1} << 56);
  CHECK(checked_count({0, std::int64_t{1} << 62, std::int64_t{1} << 62}, "empty") == 0);
  CHECK(checked_count({}, "none") == 1);
}

TEST_CASE("checked_count names what passes the limit or is negative", "[numerics]") {
  // 99999999999^3 wraps around in 64 bits (the -6.5e23 us of issue 16 item 4).
  CHECK_THROWS_MATCHES(checked_count({99999999999, 99999999999, 99999999999}, "GEMM M x N x K"),
                       CountLimitError,
                       Catch::Message("GEMM M x N x K exceeds the modelled limit of 2^56 "
                                      "(72057594037927936) per operator"));
  CHECK_THROWS_AS(checked_count({(std::int64_t{1} << 56) + 1}, "x"), CountLimitError);
  CHECK_THROWS_WITH(checked_count({4, -1}, "elements"),
                    "elements: a negative count (-1)");
}
