// evaluate_datapaths: figures per datapath, and progress by output rows.
#include <catch2/catch.hpp>
#include <cstddef>
#include <utility>
#include <vector>

#include "core/lut/datapath_accuracy.hpp"

using namespace lutsim;

TEST_CASE("evaluate_datapaths reports every output row of every datapath in order", "[lut]") {
  RandomProblemSpec spec;
  spec.m = 3;
  spec.n = 8;
  spec.k = 16;
  const std::vector<LutGemmConfig> datapaths{{2,
                                              {.k = 4, .table_form = TableForm::kSymmetricHalf},
                                              DataType::kFp16,
                                              TableEntryFormat::kFp16,
                                              DataType::kFp32},
                                             {4,
                                              {.k = 4, .table_form = TableForm::kUnsignedFull},
                                              DataType::kInt8,
                                              TableEntryFormat::kInteger,
                                              DataType::kInt32}};
  std::vector<std::pair<std::size_t, std::size_t>> calls;
  const auto rows = evaluate_datapaths(
      spec, datapaths, [&](std::size_t done, std::size_t all) { calls.emplace_back(done, all); });
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].outputs == 24);
  CHECK(rows[1].lookups == 24 * (16 / 4) * 4);
  CHECK(rows[1].max_acc_error == 0.0);  // INT8 x integer tables into INT32: exact
  CHECK(rows[0].max_acc_error > 0.0);   // FP16 tables round
  std::vector<std::pair<std::size_t, std::size_t>> expected;
  for (std::size_t i = 1; i <= 6; ++i) expected.emplace_back(i, 6);
  CHECK(calls == expected);
}
