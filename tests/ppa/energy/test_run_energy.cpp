// A run's energy: its actions plus the GPU's static power (idle board power
// + the leakage of its LUT arrays) x its time, hand-computed.

#include <catch2/catch.hpp>

#include "ppa/energy/run_energy.hpp"
#include "tests/support/committed_pricing.hpp"

using namespace lutsim;
using namespace lutsim::ppa;

namespace {

// 2 SMs x 4 tensor cores, idle board power 10 W; with LUT tensor cores of
// `arrays` M2N64K4 arrays each (2 x 64 x 4 = 512 one-bit lookups a cycle).
HardwareSpec gpu(int arrays) {
  HardwareSpec h;
  h.name = "G";
  h.sm_count = 2;
  h.tensor_cores_per_sm = 4;
  h.static_power = StaticPowerSpec{10.0, "test"};
  if (arrays > 0) {
    LutTensorCoreSpec l;
    l.throughput_scale = arrays;
    h.lut_tensor_core = l;
  }
  return h;
}

}  // namespace

TEST_CASE("static power is the idle board power plus the leakage of the LUT arrays",
          "[ppa][energy]") {
  const double leak = test::committed_pricing().lut_array_leakage.at(TableEntryFormat::kFp16).watts;
  CHECK(std::get<double>(static_power_w(test::committed_pricing(), gpu(0))) == 10.0);
  // 2 x 4 tensor cores x 4 arrays = 32 arrays; 8 per tensor core leak twice as much.
  CHECK(std::get<double>(static_power_w(test::committed_pricing(), gpu(4))) == Approx(10.0 + 32 * leak));
  CHECK(std::get<double>(static_power_w(test::committed_pricing(), gpu(8))) == Approx(10.0 + 64 * leak));

  HardwareSpec unpowered = gpu(4);
  unpowered.static_power.reset();
  CHECK(std::get<NotPriced>(static_power_w(test::committed_pricing(), unpowered)).message() ==
        "hardware config G has no price for static power (key power.static_w)");
  HardwareSpec quantized = gpu(4);
  quantized.lut_tensor_core->table_format = TableEntryFormat::kInt8Quantized;
  CHECK(std::get<NotPriced>(static_power_w(test::committed_pricing(), quantized)).message() ==
        "configs/energy/nangate45_hbm2.yaml has no price for int8_quantized LUT array leakage");
}

TEST_CASE("a run costs its actions plus static power x its time", "[ppa][energy]") {
  ActionCounts a;
  a.dram_bytes = 1e6;
  const double leak = test::committed_pricing().lut_array_leakage.at(TableEntryFormat::kFp16).watts;
  const EnergyEstimate e = price_run(test::committed_pricing(), gpu(4), a, 0.5);
  REQUIRE(e.priced());
  CHECK(e.energy().dram_j == Approx(1e6 * 31.76e-12));
  CHECK(e.energy().static_j == Approx((10.0 + 32 * leak) * 0.5));
  CHECK(e.energy().total_j() == Approx(e.energy().dram_j + e.energy().static_j));
  // A missing action price is named before a missing static power.
  a.tensor_core_macs[DataType::kBf16] = 1.0;
  HardwareSpec unpowered = gpu(0);
  unpowered.static_power.reset();
  CHECK(price_run(test::committed_pricing(), unpowered, a, 0.5).not_priced().type == "bf16");
  a.tensor_core_macs.clear();
  CHECK(price_run(test::committed_pricing(), unpowered, a, 0.5).not_priced().action ==
        "power (key power.static_w)");
}
