// compare's result table prices each row's actions by the one rule of
// ppa/energy: a row whose actions have no price keeps its latency and its
// energy cell names the missing price.

#include <catch2/catch.hpp>

#include "studies/compare/compare_tables.hpp"
#include "tests/support/committed_pricing.hpp"

using namespace lutsim;

namespace {

CompareRow row(DataType mac_type) {
  CompareRow r;
  r.model = "m";
  r.scenario = "s";
  r.gpu = "g";
  r.method = "fp16_tensor_core";
  r.precision = "W16A16";
  r.latency_s = 2e-3;
  r.actions.tensor_core_macs[mac_type] = 1e9;
  r.actions.dram_bytes = 1e6;
  r.tokens = 4;
  r.hardware.name = "g";
  r.hardware.static_power = StaticPowerSpec{50.0, "test"};
  return r;
}

std::size_t column(const ResultTable& t, const std::string& name) {
  for (std::size_t i = 0; i < t.columns().size(); ++i) {
    if (t.columns()[i].name == name) return i;
  }
  FAIL("no column " << name);
  return 0;
}

}  // namespace

TEST_CASE("a compare row without a price keeps its latency and names the missing price",
          "[studies][energy]") {
  const std::vector<CompareRow> rows{row(DataType::kFp16), row(DataType::kBf16)};
  const ResultTable t = compare_table(rows, test::committed_pricing());
  REQUIRE(t.rows().size() == 2);
  const auto latency = column(t, "latency");
  const auto energy = column(t, "energy_per_token");
  CHECK(std::get<double>(t.rows()[0][latency]) == Approx(2.0));
  CHECK(std::get<double>(t.rows()[1][latency]) == Approx(2.0));
  // Priced: (1e9 MACs x the fp16 MAC price + 1e6 DRAM bytes x 31.76 pJ + 50 W x
  // 2 ms of static power) / 4 tokens, in mJ.
  const double fp16_pj = test::committed_pricing().tensor_core_mac.at(DataType::kFp16).pj;
  CHECK(std::get<double>(t.rows()[0][energy]) ==
        Approx(((1e9 * fp16_pj + 1e6 * 31.76) * 1e-12 + 50.0 * 2e-3) / 4 * 1e3));
  const std::string missing = "configs/energy/nangate45_hbm2.yaml has no price for bf16 "
                              "tensor-core MACs";
  CHECK(std::get<std::string>(t.rows()[1][energy]) == "not priced: " + missing);
  CHECK(energy_not_priced(rows, test::committed_pricing()) == std::vector<std::string>{missing});
  CHECK(energy_not_priced({rows[0]}, test::committed_pricing()).empty());

  CompareRow unpowered = row(DataType::kFp16);
  unpowered.hardware.static_power.reset();
  CHECK(std::get<std::string>(compare_table({unpowered}, test::committed_pricing()).rows()[0][energy]) ==
        "not priced: hardware config g has no price for static power (key power.static_w)");
}
