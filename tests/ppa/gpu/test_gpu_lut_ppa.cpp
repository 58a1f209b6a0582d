// A GPU's LUT tensor-core area and power from the committed NanGate45
// component table, the area computed by hand from the table's knots.

#include <catch2/catch.hpp>

#include "ppa/gpu/gpu_lut_ppa.hpp"

using namespace lutsim;
using namespace lutsim::ppa;

namespace {

const ComponentTable& nangate45() {
  static const ComponentTable table = load_component_table("configs/ppa/components_nangate45.yaml");
  return table;
}

// 2 SMs x 4 tensor cores x 4 M2N64K4 arrays (fp16 half tables) at 1 GHz.
HardwareSpec gpu() {
  HardwareSpec h;
  h.name = "G";
  h.sm_count = 2;
  h.sm_clock_hz = 1e9;
  h.tensor_cores_per_sm = 4;
  LutTensorCoreSpec l;
  l.throughput_scale = 4;
  h.lut_tensor_core = l;
  return h;
}

std::string uncovered_key(const HardwareSpec& h, int weight_bits, DataType activation) {
  try {
    lut_array_design(h, weight_bits, activation);
  } catch (const UncoveredDesign& e) {
    return e.key();
  }
  return "covered";
}

}  // namespace

TEST_CASE("a GPU's LUT tensor-core area is its arrays' area from the component table",
          "[ppa][gpu]") {
  const DesignPoint array = lut_array_design(gpu(), 2, DataType::kFp16);
  CHECK(array.label() == "lut_array M2N64K4 W2 fp16 half");
  // components_nangate45.yaml, lut_array M2N64K4 W2 fp16 half tables:
  //   2 table_reg_fp16 of 8 x 16 = 128 bits, between the knots 64 (408.576 um^2)
  //     and 256 (1634.3): 408.576 + 64 / 192 x 1225.724 = 817.150667 each
  //   128 lookup_fp16 at (8 - 1) x 16 = 112 (a knot): 121.163 each
  //   128 acc_fp16_s1 (W2: one plane bit): 907.326 each
  //   1 ctrl_w2: 14.098
  const double array_um2 = 2 * 817.150667 + 128 * 121.163 + 128 * 907.326 + 14.098;
  REQUIRE(array_um2 == Approx(133294.991333));
  const GpuLutPpa p = gpu_lut_ppa(gpu(), array, nangate45());
  CHECK(p.array.area_um2 == Approx(array_um2).epsilon(1e-9));
  CHECK(p.arrays_per_sm == 16);
  CHECK(p.arrays_per_gpu == 32);
  CHECK(p.area_per_sm_mm2 == Approx(16 * array_um2 * 1e-6).epsilon(1e-9));
  CHECK(p.area_per_gpu_mm2 == Approx(32 * array_um2 * 1e-6).epsilon(1e-9));
  // Power at the GPU's clock: the array's, 32 times.
  CHECK(p.array.clock_mhz == 1000.0);
  CHECK(p.power_per_gpu_w == Approx(32 * analytic_ppa(array, nangate45(), 1000.0).total_w));
}

TEST_CASE("INT8 activations price integer tables whatever the FP16 table format",
          "[ppa][gpu]") {
  const DesignPoint array = lut_array_design(gpu(), 4, DataType::kInt8);
  CHECK(array.label() == "lut_array M2N64K4 W4 int8 half");
  CHECK(integer_datapath(array));
}

TEST_CASE("a LUT tensor core the analytic model does not cover is refused by its key",
          "[ppa][gpu]") {
  CHECK(uncovered_key(gpu(), 2, DataType::kBf16) == "activation");
  CHECK(uncovered_key(gpu(), 9, DataType::kFp16) == "weight_bits");
  HardwareSpec quantized = gpu();
  quantized.lut_tensor_core->table_format = TableEntryFormat::kInt8Quantized;
  CHECK(uncovered_key(quantized, 2, DataType::kFp16) == "lut_tensor_core.table_format");
  CHECK(uncovered_key(quantized, 2, DataType::kInt8) == "covered");  // integer tables
  HardwareSpec full = gpu();
  full.lut_tensor_core->geometry.table_form = TableForm::kSymmetricFull;
  CHECK(uncovered_key(full, 2, DataType::kFp16) == "lut_tensor_core.table_form");
  HardwareSpec mac_only = gpu();
  mac_only.lut_tensor_core.reset();
  CHECK(uncovered_key(mac_only, 2, DataType::kFp16) == "lut_tensor_core");
}
