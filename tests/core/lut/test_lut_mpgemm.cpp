#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <utility>
#include <vector>

#include "core/lut/dequant_gemm.hpp"
#include "core/lut/error_bound.hpp"
#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/random_problem.hpp"

using namespace lutsim;

namespace {

constexpr TableForm kForms[] = {TableForm::kUnsignedFull, TableForm::kSymmetricFull,
                                TableForm::kSymmetricHalf};

MpGemmProblem problem(DataType act, int bits, int k_total, std::uint64_t seed,
                      bool symmetric_zero_point = true) {
  RandomProblemSpec spec;
  spec.m = 4;
  spec.n = 24;
  spec.k = k_total;
  spec.activation = act;
  spec.weight_bits = bits;
  spec.symmetric_zero_point = symmetric_zero_point;
  spec.seed = seed;
  return make_random_problem(spec);
}

// Worst ratio |acc - exact| / bound over all outputs; also the largest error.
struct BoundCheck {
  double worst_ratio = 0.0;
  double max_error = 0.0;
};

BoundCheck check_against_bound(const MpGemmProblem& p, const LutGemmConfig& cfg) {
  const LutGemmResult r = lut_mpgemm(p.x, p.w, cfg);
  const Matrix exact = integer_weight_gemm(p.x, p.w, cfg.geometry.table_form);
  BoundCheck c;
  for (int m = 0; m < p.x.rows(); ++m) {
    const double bound =
        lut_accumulator_error_bound(cfg, static_cast<int>(p.x.cols()), p.x.row(m).cwiseAbs().sum());
    for (int n = 0; n < p.w.rows; ++n) {
      const double err = std::abs(r.accumulators(m, n) - exact(m, n));
      c.max_error = std::max(c.max_error, err);
      c.worst_ratio = std::max(c.worst_ratio, err / bound);
    }
  }
  return c;
}

}  // namespace

TEST_CASE("int8 activations: the LUT path equals dequantize-then-GEMM exactly", "[lut]") {
  for (TableForm form : kForms) {
    for (int bits = 1; bits <= 8; ++bits) {
      for (int k = 2; k <= 6; ++k) {
        LutGemmConfig cfg{bits,
                          {.k = k, .table_form = form},
                          DataType::kInt8,
                          TableEntryFormat::kInteger,
                          DataType::kInt32};
        // Integer zero points and unit scales keep every reference product exact.
        MpGemmProblem p = problem(DataType::kInt8, bits, 60 * k, 1000 * bits + k, false);
        std::fill(p.w.scale.begin(), p.w.scale.end(), 1.0);
        const LutGemmResult r = lut_mpgemm(p.x, p.w, cfg);
        INFO("form = " << to_string(form) << " b = " << bits << " k = " << k);
        REQUIRE(r.accumulators == integer_weight_gemm(p.x, p.w, form));
        REQUIRE(r.outputs == dequant_gemm(p.x, p.w));
      }
    }
  }
}

TEST_CASE("int8 activations with real scales match the reference to double rounding", "[lut]") {
  LutGemmConfig cfg{4,
                    {.k = 4, .table_form = TableForm::kSymmetricHalf},
                    DataType::kInt8,
                    TableEntryFormat::kInteger,
                    DataType::kInt32};
  const MpGemmProblem p = problem(DataType::kInt8, 4, 512, 5, false);
  const Matrix ref = dequant_gemm(p.x, p.w);
  const Matrix lut = lut_mpgemm(p.x, p.w, cfg).outputs;
  CHECK((lut - ref).cwiseAbs().maxCoeff() <= 1e-12 * ref.cwiseAbs().maxCoeff());
}

TEST_CASE("lut_mpgemm reports each row of accumulators, and its outputs do not change", "[lut]") {
  const MpGemmProblem p = problem(DataType::kFp16, 2, 32, 5);
  const LutGemmConfig cfg{2,
                          {.k = 4, .table_form = TableForm::kSymmetricHalf},
                          DataType::kFp16,
                          TableEntryFormat::kFp16,
                          DataType::kFp32};
  std::vector<std::pair<int, int>> calls;
  const LutGemmResult reported =
      lut_mpgemm(p.x, p.w, cfg, [&](int done, int rows) { calls.emplace_back(done, rows); });
  const LutGemmResult plain = lut_mpgemm(p.x, p.w, cfg);
  CHECK(calls == std::vector<std::pair<int, int>>{{1, 4}, {2, 4}, {3, 4}, {4, 4}});
  CHECK(reported.accumulators == plain.accumulators);
  CHECK(reported.outputs == plain.outputs);
}

TEST_CASE("FP16 tables stay within the derived error bound", "[lut]") {
  for (DataType acc : {DataType::kFp16, DataType::kFp32}) {
    for (TableForm form : kForms) {
      for (int bits : {1, 2, 3, 4, 8}) {
        for (int k = 2; k <= 6; ++k) {
          LutGemmConfig cfg{bits,
                            {.k = k, .table_form = form},
                            DataType::kFp16,
                            TableEntryFormat::kFp16,
                            acc};
          const BoundCheck c =
              check_against_bound(problem(DataType::kFp16, bits, 48 * k, 77 * bits + k), cfg);
          INFO("acc = " << to_string(acc) << " form = " << to_string(form) << " b = " << bits
                        << " k = " << k << " worst err/bound = " << c.worst_ratio);
          REQUIRE(c.worst_ratio <= 1.0);
          REQUIRE(c.max_error > 0.0);  // rounding really happened: the check has teeth
        }
      }
    }
  }
}

TEST_CASE("FP8 activations use exact FP16 tables and stay within the bound", "[lut]") {
  for (DataType act : {DataType::kFp8E4M3, DataType::kFp8E5M2}) {
    for (int bits : {1, 2, 4}) {
      LutGemmConfig cfg{bits,
                        {.k = 4, .table_form = TableForm::kSymmetricHalf},
                        act,
                        TableEntryFormat::kFp16,
                        DataType::kFp32};
      const BoundCheck c = check_against_bound(problem(act, bits, 256, 9 + bits), cfg);
      INFO("act = " << to_string(act) << " b = " << bits);
      REQUIRE(c.worst_ratio <= 1.0);
    }
  }
}

TEST_CASE("INT8-quantized tables stay within the derived error bound", "[lut]") {
  for (DataType acc : {DataType::kFp16, DataType::kFp32}) {
    for (int bits : {1, 2, 4}) {
      for (int k = 2; k <= 6; ++k) {
        LutGemmConfig cfg{bits,
                          {.k = k, .table_form = TableForm::kSymmetricHalf},
                          DataType::kFp16,
                          TableEntryFormat::kInt8Quantized,
                          acc};
        const BoundCheck c =
            check_against_bound(problem(DataType::kFp16, bits, 48 * k, 31 * k + bits), cfg);
        INFO("acc = " << to_string(acc) << " b = " << bits << " k = " << k);
        REQUIRE(c.worst_ratio <= 1.0);
        REQUIRE(c.max_error > 0.0);
      }
    }
  }
}

TEST_CASE("symmetric half and full tables give identical accumulators", "[lut]") {
  const MpGemmProblem p = problem(DataType::kFp16, 3, 256, 3);
  LutGemmConfig half{3,
                     {.k = 4, .table_form = TableForm::kSymmetricHalf},
                     DataType::kFp16,
                     TableEntryFormat::kFp16,
                     DataType::kFp16};
  LutGemmConfig full = half;
  full.geometry.table_form = TableForm::kSymmetricFull;
  CHECK(lut_mpgemm(p.x, p.w, half).accumulators == lut_mpgemm(p.x, p.w, full).accumulators);
}

TEST_CASE("the FP16 accumulator follows the canonical order", "[lut]") {
  // One output, k = 2, b = 1, K = 4: acc = T_0 then + T_1, rounded once each.
  // T_0 = 2048 + 1 = 2049 -> 2048 (ties to even); T_1 = 1 + 1 = 2.
  // FP16 accumulator: 2048 + 2 = 2050 exactly.
  Matrix x(1, 4);
  x << 2048, 1, 1, 1;
  QuantizedWeights w{1, 4, 1, {1, 1, 1, 1}, {1.0}, {0.5}};
  LutGemmConfig cfg{1,
                    {.k = 2, .table_form = TableForm::kSymmetricHalf},
                    DataType::kFp16,
                    TableEntryFormat::kFp16,
                    DataType::kFp16};
  const LutGemmResult r = lut_mpgemm(x, w, cfg);
  CHECK(r.accumulators(0, 0) == 2050);
}

TEST_CASE("bad inputs are rejected with a reason", "[lut]") {
  const MpGemmProblem p = problem(DataType::kFp16, 2, 64, 1);
  LutGemmConfig cfg;
  cfg.geometry.k = 3;  // 64 is not a multiple of 3
  CHECK_THROWS_WITH(lut_mpgemm(p.x, p.w, cfg),
                    "lut_mpgemm: K = 64 is not a multiple of the group size 3");
  cfg = LutGemmConfig{};
  Matrix x = p.x;
  x(0, 1) = 0.1;  // not a binary16 value
  CHECK_THROWS_WITH(lut_mpgemm(x, p.w, cfg), Catch::Contains("X[0,1]"));
  cfg.accumulator = DataType::kInt32;
  CHECK_THROWS_WITH(cfg.validate(), Catch::Contains("int32 accumulation needs integer"));
}

TEST_CASE("INT32 accumulator overflow is an error and not a wrap", "[lut]") {
  Matrix x = Matrix::Constant(1, 4096 * 6, 127.0);
  QuantizedWeights w{1, 4096 * 6, 8, std::vector<std::uint8_t>(4096 * 6, 255), {1.0}, {0.0}};
  LutGemmConfig cfg{8,
                    {.k = 6, .table_form = TableForm::kSymmetricHalf},
                    DataType::kInt8,
                    TableEntryFormat::kInteger,
                    DataType::kInt32};
  // sum = 24576 * 127 * 255 = 795,893,760 fits; double the K to overflow.
  CHECK_NOTHROW(lut_mpgemm(x, w, cfg));
  Matrix x2 = Matrix::Constant(1, 4096 * 18, 127.0);
  QuantizedWeights w2{1, 4096 * 18, 8, std::vector<std::uint8_t>(4096 * 18, 255), {1.0}, {0.0}};
  CHECK_THROWS_AS(lut_mpgemm(x2, w2, cfg), std::overflow_error);
}

TEST_CASE("the bound is infinite where the analysis gives none", "[lut]") {
  CHECK(rounding_gamma(2047, 0x1p-11) == Approx(2047.0));
  CHECK(std::isinf(rounding_gamma(2048, 0x1p-11)));
  LutGemmConfig cfg{4,
                    {.k = 4, .table_form = TableForm::kSymmetricHalf},
                    DataType::kFp16,
                    TableEntryFormat::kFp16,
                    DataType::kFp16};
  CHECK(std::isinf(lut_accumulator_error_bound(cfg, 4096, 1.0)));  // 4096 terms into FP16
  cfg.accumulator = DataType::kFp32;
  CHECK(std::isfinite(lut_accumulator_error_bound(cfg, 4096, 1.0)));
}
