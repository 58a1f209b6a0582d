#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "sim/systemc/lut_tile_core.hpp"
#include "sim/systemc/lut_unit_config.hpp"
#include "tests/support/committed_hardware.hpp"

using namespace lutsim;
using namespace lutsim::systemc;
using cycle_ref::CycleInputs;

namespace {

CycleInputs index_vector(const LutTileCore& core, bool first, bool last, unsigned idx) {
  CycleInputs in = core.bubble();
  in.valid = true;
  in.first = first;
  in.last = last;
  in.idx = {idx};
  return in;
}

std::uint32_t fp16_bits(double x) {
  return Fp16::from_double(x).bits();
}

}  // namespace

TEST_CASE("the LUT tile core reads its table registers bit-serially, edge by edge", "[systemc]") {
  // A dot unit, K = 2, W = 2, FP16 half table written as raw bits: entries
  // T[0] = 1 and T[1] = 3 (x = (1, 2)); index 3 reads +3, index 0 reads -3.
  LutUnitConfig config;
  config.shape.geometry = {.k = 2};
  config.shape.w_bit = 2;
  LutTileCore core(config);
  CycleInputs write = core.bubble();
  write.table_write = {true};
  write.table_bits = {{fp16_bits(1.0), fp16_bits(3.0)}};
  core.clock(false, write);
  CHECK_FALSE(core.out_valid());

  core.clock(false, index_vector(core, true, false, 3));  // plane 0: 0 + 3
  CHECK(core.acc()[0] == fp16_bits(3.0));
  CHECK_FALSE(core.out_valid());
  // Plane 1: 3 + 2 * (-3); the table written in the same edge is not read yet.
  CycleInputs last = index_vector(core, false, true, 0);
  last.table_write = {true};
  last.table_bits = {{fp16_bits(10.0), fp16_bits(20.0)}};
  core.clock(false, last);
  CHECK(core.acc()[0] == fp16_bits(-3.0));
  CHECK(core.out_valid());
  core.clock(false, core.bubble());  // out_valid is a one-cycle pulse; acc holds
  CHECK_FALSE(core.out_valid());
  CHECK(core.acc()[0] == fp16_bits(-3.0));
  core.clock(false, index_vector(core, true, false, 2));  // restart from +0: T[0] of the new table
  CHECK(core.acc()[0] == fp16_bits(10.0));
  core.clock(true, index_vector(core, false, true, 3));  // a reset wins over the inputs
  CHECK(core.acc()[0] == 0u);
  CHECK_FALSE(core.out_valid());

  CHECK(core.actions().index_vectors == 3);
  CHECK(core.actions().lookups == 3);
  CHECK(core.actions().table_writes == 2);
  CHECK(core.actions().results == 1);
}

TEST_CASE("a pipelined LUT tile shows each edge's work 1 + PIPE_STAGES edges later", "[systemc]") {
  // The dot unit of the test above at pipeline_depth_cycles 3 (lut_array PIPE_STAGES 2):
  // T[0] = 1, T[1] = 3; indices 3 (+3) then 0 (2 * -3) with in_last, the next table
  // written in the last index' cycle (it must not be read by that index).
  LutUnitConfig config;
  config.shape.geometry = {.k = 2};
  config.shape.w_bit = 2;
  config.shape.pipe_stages = 2;
  config.pipeline = rtl_pipeline(2);
  LutTileCore core(config);
  CycleInputs write = core.bubble();
  write.table_write = {true};
  write.table_bits = {{fp16_bits(1.0), fp16_bits(3.0)}};
  core.clock(false, write);
  core.clock(false, index_vector(core, true, false, 3));  // edge 2
  CycleInputs last = index_vector(core, false, true, 0);
  last.table_write = {true};
  last.table_bits = {{fp16_bits(10.0), fp16_bits(20.0)}};
  core.clock(false, last);  // edge 3
  CHECK(core.acc()[0] == 0u);
  CHECK_FALSE(core.out_valid());
  core.clock(false, core.bubble());  // edge 4 = 2 + 2: plane 0 shows
  CHECK(core.acc()[0] == fp16_bits(3.0));
  CHECK_FALSE(core.out_valid());
  core.clock(false, core.bubble());  // edge 5 = 3 + 2: plane 1 and out_valid show
  CHECK(core.acc()[0] == fp16_bits(-3.0));
  CHECK(core.out_valid());
  core.clock(false, core.bubble());
  CHECK_FALSE(core.out_valid());

  // A reset two edges after in_last flushes the dot product: no out_valid, acc 0.
  core.clock(false, index_vector(core, true, true, 2));  // T[0] of the new table, 10
  core.clock(false, core.bubble());
  core.clock(true, core.bubble());
  CHECK(core.acc()[0] == 0u);
  CHECK_FALSE(core.out_valid());
  core.clock(false, core.bubble());
  CHECK(core.acc()[0] == 0u);
  CHECK_FALSE(core.out_valid());
  CHECK(core.actions().results == 2);  // counted where the datapath finished them
}

TEST_CASE("an integer LUT array wraps its INT32 accumulators and counts lookups", "[systemc]") {
  // M1 N2 K2 W1, integer half table of x = (-128, 127): stored T[0] = 128 + 127 = 255,
  // T[1] = -128 + 127 = -1 (ENTRY_W = 10 bits). Column 0 reads index 2 -> T[0] = 255,
  // column 1 index 1 -> -T[0] = -255.
  LutUnitConfig config;
  config.shape.geometry = {.m = 1, .n = 2, .k = 2};
  config.shape.w_bit = 1;
  config.shape.integer_tables = true;
  LutTileCore core(config);
  REQUIRE(config.shape.entry_width() == 10);
  CycleInputs write = core.bubble();
  write.table_write = {true};
  write.table_bits = {{255u, 0x3FFu}};
  core.clock(false, write);
  CycleInputs in = core.bubble();
  in.valid = in.first = in.last = true;
  in.idx = {2u, 1u};
  core.clock(false, in);
  CHECK(core.acc() == std::vector<std::uint32_t>{255u, static_cast<std::uint32_t>(-255)});
  CHECK(core.actions().lookups == 2);
}

TEST_CASE("the LUT unit config comes from the hardware YAML and holds to the RTL", "[systemc]") {
  const HardwareSpec hw = test::committed_hardware("a100_lut_4x");
  const LutUnitConfig c = lut_unit_config(*hw.lut_tensor_core, 2);
  CHECK(c.shape.name() == "M2N64K4 W2 fp16 half");
  CHECK(c.pipeline == rtl_pipeline(0));
  CHECK(c.shape.pipe_stages == 0);

  // pipeline_depth_cycles is lut_array's 1 + PIPE_STAGES, PIPE_STAGES 0..2.
  LutTensorCoreSpec spec = *hw.lut_tensor_core;
  spec.pipeline_depth_cycles = 3;
  CHECK(lut_unit_config(spec, 2).shape.pipe_stages == 2);
  CHECK(lut_unit_config(spec, 2).shape.name() == "M2N64K4 W2 fp16 half P2");
  spec.pipeline_depth_cycles = 4;
  CHECK_THROWS_WITH(lut_unit_config(spec, 2),
                    Catch::Contains("lut_tensor_core.pipeline_depth_cycles = 4") &&
                        Catch::Contains("have 1 to 3 (lut_array PIPE_STAGES 0 to 2)"));
  // A shape whose pipe_stages disagree with the pipeline it is given.
  LutUnitConfig mismatched = lut_unit_config(*hw.lut_tensor_core, 2);
  mismatched.pipeline = rtl_pipeline(1);
  CHECK_THROWS_AS(LutTileCore(mismatched), UnsupportedLutUnit);
  spec = *hw.lut_tensor_core;
  spec.initiation_interval_cycles = 4;
  CHECK_THROWS_AS(lut_unit_config(spec, 2), UnsupportedLutUnit);
  CHECK_THROWS_WITH(lut_unit_config(*hw.lut_tensor_core, 9), Catch::Contains("weight bits 9"));
  spec = *hw.lut_tensor_core;
  spec.table_format = TableEntryFormat::kInt8Quantized;
  CHECK(lut_unit_config(spec, 3).shape.name() == "M2N64K4 W3 fp16 int8-quantized half");
  spec = *hw.lut_tensor_core;
  spec.table_format = TableEntryFormat::kInteger;
  CHECK(lut_unit_config(spec, 4).shape.name() == "M2N64K4 W4 int half");
}

TEST_CASE("the pipeline keys are read from lut_tensor_core", "[systemc]") {
  const auto path = std::filesystem::temp_directory_path() / "lutsim_test_lut_pipeline_keys.yaml";
  {
    std::ofstream out(path);
    out << "extends: " << std::filesystem::absolute("configs/hw/a100_lut_4x.yaml").string()
        << "\nlut_tensor_core:\n  pipeline_depth_cycles: 3\n  initiation_interval_cycles: 2\n";
  }
  const HardwareSpec hw = load_hardware(path);
  CHECK(hw.lut_tensor_core->pipeline_depth_cycles == 3);
  CHECK(hw.lut_tensor_core->initiation_interval_cycles == 2);
  CHECK_THROWS_WITH(lut_unit_config(*hw.lut_tensor_core, 2),
                    Catch::Contains("initiation_interval_cycles = 2") && Catch::Contains("have 1"));
  LutTensorCoreSpec one_per_cycle = *hw.lut_tensor_core;
  one_per_cycle.initiation_interval_cycles = 1;
  CHECK(lut_unit_config(one_per_cycle, 2).shape.pipe_stages == 2);
}
