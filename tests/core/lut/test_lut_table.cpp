#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"

using namespace lutsim;

namespace {

LutGemmConfig fp16_config(int k, TableForm form) {
  LutGemmConfig cfg;
  cfg.geometry.k = k;
  cfg.geometry.table_form = form;
  return cfg;
}

std::vector<double> random_fp16(int n, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 3.0);
  std::vector<double> x;
  for (int i = 0; i < n; ++i) x.push_back(Fp16::from_double(normal(rng)).to_double());
  return x;
}

}  // namespace

TEST_CASE("k = 4 tables hold the signed sums and the half form stores 8", "[lut]") {
  const std::vector<double> x{1, 2, 4, 8};
  const LutTable full = precompute_table(x, fp16_config(4, TableForm::kSymmetricFull));
  REQUIRE(full.entries.size() == 16);
  CHECK(full.entries[0b1111] == 15);
  CHECK(full.entries[0b0000] == -15);
  CHECK(full.entries[0b0001] == 1 - 2 - 4 - 8);
  CHECK(full.entries[0b1010] == -1 + 2 - 4 + 8);

  const auto half_cfg = fp16_config(4, TableForm::kSymmetricHalf);
  const LutTable half = precompute_table(x, half_cfg);
  REQUIRE(half.entries.size() == 8);
  CHECK(half.entries[0] == -1 - 2 - 4 + 8);  // index 0b1000
  CHECK(table_lookup(half, 0b0001, half_cfg) == -13);
  CHECK(table_lookup(half, 0b1110, half_cfg) == 13);

  const LutTable unsigned_full = precompute_table(x, fp16_config(4, TableForm::kUnsignedFull));
  REQUIRE(unsigned_full.entries.size() == 16);
  for (unsigned idx = 0; idx < 16; ++idx) CHECK(unsigned_full.entries[idx] == idx);
}

TEST_CASE("half table lookups equal full symmetric tables bit for bit", "[lut]") {
  std::mt19937_64 rng(7);
  for (int k = 2; k <= 6; ++k) {
    const auto half_cfg = fp16_config(k, TableForm::kSymmetricHalf);
    const auto full_cfg = fp16_config(k, TableForm::kSymmetricFull);
    for (int trial = 0; trial < 200; ++trial) {
      const std::vector<double> x = random_fp16(k, rng);
      const LutTable half = precompute_table(x, half_cfg);
      const LutTable full = precompute_table(x, full_cfg);
      for (unsigned idx = 0; idx < (1u << k); ++idx) {
        INFO("k = " << k << " idx = " << idx);
        REQUIRE(table_lookup(half, idx, half_cfg) == table_lookup(full, idx, full_cfg));
        // Odd symmetry of the rounded table itself.
        const unsigned complement = ~idx & ((1u << k) - 1);
        REQUIRE(full.entries[idx] == -full.entries[complement]);
      }
    }
  }
}

TEST_CASE("FP16 table entries round every partial sum to binary16", "[lut]") {
  // 2048 + 1 rounds to 2048 (tie to even), then + 1 again stays 2048; exact
  // arithmetic would give 2050.
  const std::vector<double> x{2048, 1, 1};
  const auto cfg = fp16_config(3, TableForm::kUnsignedFull);
  const LutTable t = precompute_table(x, cfg);
  CHECK(t.entries[0b111] == 2048);
  CHECK(t.entries[0b011] == 2048);
  CHECK(t.entries[0b110] == 2);
}

TEST_CASE("INT8 table quantization uses one FP16 scale per table", "[lut]") {
  const std::vector<double> x{1, 2, 4, 8};
  auto cfg = fp16_config(4, TableForm::kSymmetricHalf);
  cfg.table_format = TableEntryFormat::kInt8Quantized;
  const LutTable t = precompute_table(x, cfg);
  const double scale = Fp16::from_double(15.0 / 127.0).to_double();
  CHECK(t.scale == scale);
  // Entry 0b1111 = 15 -> round(15 / scale) = 127.
  CHECK(t.entries[0b111] == 127);
  for (double e : t.entries) {
    CHECK(e == std::round(e));
    CHECK(std::abs(e) <= 127);
  }
}

TEST_CASE("integer tables are exact sums of int8 activations", "[lut]") {
  LutGemmConfig cfg;
  cfg.geometry.k = 6;
  cfg.activation = DataType::kInt8;
  cfg.table_format = TableEntryFormat::kInteger;
  cfg.accumulator = DataType::kInt32;
  const std::vector<double> x{-128, 127, -128, 127, -128, -128};
  const LutTable t = precompute_table(x, cfg);
  CHECK(table_lookup(t, 0b000000, cfg) == 128 - 127 + 128 - 127 + 128 + 128);
  CHECK(table_lookup(t, 0b101010, cfg) == 128 + 127 + 128 + 127 + 128 - 128);
}
