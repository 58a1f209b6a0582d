// The committed energy pricing: analytic entries agree with the analytic PPA
// model, published ones carry their source, and pricing adds them up.

#include <catch2/catch.hpp>

#include "ppa/energy/energy_pricing.hpp"
#include "ppa/model/analytic_ppa.hpp"
#include "tests/support/committed_pricing.hpp"

using namespace lutsim;
using namespace lutsim::ppa;

TEST_CASE("analytic prices are the PPA model's dynamic energy per MAC and per lookup, and its "
          "leakage per array",
          "[ppa][energy]") {
  const ComponentTable table = load_component_table("configs/ppa/components_nangate45.yaml");
  constexpr double kCycleS = 1.0 / 500e6;
  DesignPoint mac;
  mac.kind = DesignKind::kMacDotUnit;
  mac.geometry.k = 4;
  mac.activation = DataType::kFp16;
  const AnalyticPpa m = analytic_ppa(mac, table, 500.0);
  // Dynamic power x one cycle / the MACs of a cycle; leakage is static power.
  CHECK(test::committed_pricing().tensor_core_mac.at(DataType::kFp16).pj ==
        Approx(m.dynamic_w * kCycleS * 1e12 / m.macs_per_cycle).epsilon(1e-12));
  CHECK(test::committed_pricing().tensor_core_mac.at(DataType::kFp16).pj < m.energy_per_mac_pj);
  DesignPoint lut;
  lut.kind = DesignKind::kLutArray;
  lut.geometry.m = 2;
  lut.geometry.n = 64;
  lut.geometry.k = 4;
  lut.weight_bits = 2;
  // Dynamic energy of a cycle over the M x N = 128 lookups a cycle.
  const AnalyticPpa p = analytic_ppa(lut, table, 500.0);
  CHECK(test::committed_pricing().lut_lookup.at(TableEntryFormat::kFp16).pj ==
        Approx(p.dynamic_w * kCycleS * 1e12 / 128.0).epsilon(1e-12));
  CHECK_THAT(
      test::committed_pricing().lut_lookup.at(TableEntryFormat::kFp16).source,
      Catch::Contains("lut_array M2N64K4 W2 fp16") && Catch::Contains("components_nangate45.yaml"));
  // One array leaks p.leakage_w and does M x N x K = 512 one-bit lookups a cycle.
  const LeakagePrice& leak = test::committed_pricing().lut_array_leakage.at(TableEntryFormat::kFp16);
  CHECK(leak.watts == Approx(p.leakage_w).epsilon(1e-12));
  CHECK(leak.watts > 0.0);
  CHECK(leak.one_bit_lookups_per_cycle == 512.0);
}

TEST_CASE("pricing multiplies counts by prices or names the first price it lacks", "[ppa][energy]") {
  ActionCounts a;
  a.dram_bytes = 1e6;
  a.l2_bytes = 2e6;
  a.cuda_core_ops = 1e3;
  const EnergyEstimate priced = price_actions(test::committed_pricing(), a);
  REQUIRE(priced.priced());
  const EnergyBreakdown& e = priced.energy();
  CHECK(e.dram_j == Approx(1e6 * 31.76e-12));  // HBM2, 3.97 pJ/bit x 8
  CHECK(e.l2_j == Approx(2e6 * 12.5e-12));
  CHECK(e.cuda_core_j == Approx(1e3 * 0.4e-12));
  CHECK(e.total_j() == Approx(e.dram_j + e.l2_j + e.cuda_core_j));
  a.tensor_core_macs[DataType::kBf16] = 1.0;
  const EnergyEstimate bf16 = price_actions(test::committed_pricing(), a);
  REQUIRE_FALSE(bf16.priced());
  CHECK(bf16.not_priced().type == "bf16");
  CHECK(bf16.not_priced().action == "tensor-core MACs");
  CHECK(bf16.not_priced().message() ==
        "configs/energy/nangate45_hbm2.yaml has no price for bf16 tensor-core MACs");
  CHECK_THROWS_AS(bf16.energy(), std::logic_error);
  a.lut_lookups[TableEntryFormat::kInt8Quantized] = 1.0;  // the first missing price is named
  CHECK(price_actions(test::committed_pricing(), a).not_priced().type == "bf16");
  a.tensor_core_macs[DataType::kBf16] = 0.0;  // counted zero times: nothing to price
  CHECK(price_actions(test::committed_pricing(), a).not_priced().message() ==
        "configs/energy/nangate45_hbm2.yaml has no price for int8_quantized LUT lookups");
  a.lut_lookups[TableEntryFormat::kInt8Quantized] = 0.0;
  CHECK(price_actions(test::committed_pricing(), a).priced());
}

TEST_CASE("provenance lists every price with its source", "[ppa][energy]") {
  const auto lines = provenance(test::committed_pricing());
  CHECK(lines.size() == 2 + 2 + 2 + 5);  // MACs, lookups, array leakage, published
  for (const auto& l : lines) {
    CHECK_THAT(l, Catch::Contains(" pJ (") || Catch::Contains("LUT array leakage: "));
  }
  CHECK_THAT(lines.back(), Catch::StartsWith("DRAM byte: 31.76 pJ (O'Connor"));
}
