#include <catch2/catch.hpp>

#include "core/config/config_document.hpp"
#include "core/specs/hardware_spec.hpp"
#include "tests/support/config_error_from.hpp"

using namespace lutsim;
using config::ConfigDocument;
using config::ConfigError;

namespace {

const std::string kData = "tests/core/specs/data/";

HardwareSpec load(const std::string& file, const std::vector<std::string>& sets = {}) {
  auto doc = ConfigDocument::load_file(kData + file);
  for (const auto& s : sets) doc.apply_override(s);
  auto root = doc.root();
  HardwareSpec h = read_hardware(root);
  doc.check_all_consumed();
  return h;
}

std::string error_of(const std::string& file, const std::vector<std::string>& sets = {}) {
  return test::config_error_from([&] { load(file, sets); }).what();
}

}  // namespace

TEST_CASE("a hardware config reads into its spec", "[config]") {
  const HardwareSpec h = load("a100_like.yaml");
  CHECK(h.sm_count == 108);
  CHECK(h.sm_clock_hz == 1.41e9);
  CHECK(h.dram_bytes == 85899345920);
  CHECK(h.fp8_fma_per_cycle_per_sm == 0.0);  // default: no FP8
  CHECK_FALSE(h.lut_tensor_core.has_value());
}

TEST_CASE("a LUT variant extends its base GPU", "[config]") {
  const HardwareSpec h = load("lut_4x.yaml");
  CHECK(h.name == "test-gpu-lut");
  CHECK(h.sm_count == 108);
  REQUIRE(h.lut_tensor_core.has_value());
  const LutArrayGeometry& g = h.lut_tensor_core->geometry;
  CHECK(g.shape_name() == "M2N64K4");
  CHECK(g.table_form == TableForm::kSymmetricHalf);  // the default
  CHECK(g.table_entries() == 8);
  CHECK(h.lut_tensor_core->one_bit_lookups_per_cycle() == 512);
  CHECK(h.effective_register_file_bytes_per_sm() == 2 * 262144);
}

TEST_CASE("malformed config: an unknown key is named with file line column and the allowed keys",
          "[config]") {
  CHECK(error_of("bad_unknown_key.yaml") ==
        kData +
            "bad_unknown_key.yaml:14:3: memory.hbm_generation: unknown key "
            "'hbm_generation' (allowed keys: dram_bw_bytes_per_s, dram_bytes, dram_latency_s, "
            "l2_bw_bytes_per_cycle)");
}

TEST_CASE("malformed config: a wrong type is named with file line column and the expectation",
          "[config]") {
  CHECK(error_of("bad_wrong_type.yaml") ==
        kData + "bad_wrong_type.yaml:4:13: sm.clock_hz: expected a number (Hz), got 'fast'");
}

TEST_CASE("malformed config: a missing required key is named with file line and key", "[config]") {
  const std::string e = error_of("bad_missing_key.yaml");
  CHECK_THAT(e, Catch::StartsWith(kData + "bad_missing_key.yaml:9:3: "
                                          "tensor_core.fp16_fma_per_cycle_per_sm: "
                                          "missing required key 'fp16_fma_per_cycle_per_sm'"));
}

TEST_CASE("a set override changes a hardware value and is checked like the file", "[config]") {
  CHECK(load("a100_like.yaml", {"sm.count=132"}).sm_count == 132);
  CHECK_THAT(error_of("a100_like.yaml", {"sm.count=0"}),
             Catch::Contains("sm.count") && Catch::Contains("out of range"));
  CHECK_THAT(error_of("a100_like.yaml", {"sm.cores=4"}),
             Catch::Contains("--set sm.cores=4") && Catch::Contains("unknown key 'cores'"));
}

TEST_CASE("a misspelt required key is reported as missing with the misspelling named", "[config]") {
  CHECK(error_of("bad_misspelt_key.yaml") ==
        kData +
            "bad_misspelt_key.yaml:13:3: memory.dram_bytes: missing required key "
            "'dram_bytes' (DRAM capacity, bytes); is 'dram_byte' (line 13) a misspelling?");
}

TEST_CASE("the sub_core section reads strictly", "[config]") {
  CHECK_FALSE(load("a100_like.yaml").sub_core.has_value());
  const HardwareSpec h = load("sub_core.yaml");
  REQUIRE(h.sub_core.has_value());
  CHECK(h.sub_core->issue_width_instr_per_cycle == 2);
  CHECK(h.sub_core->register_banks == 4);
  CHECK(h.sub_core->register_bank_width_bits == 32);
  CHECK(h.sub_core->smem_latency_cycles == 25);
  CHECK(h.sub_core->mma_overhead_cycles == 3);
  CHECK(h.sub_core->mma_pass_latency_cycles == 6);
  CHECK(h.sub_core->mma_fixed_latency_cycles == 15);
  CHECK(h.sub_core->alu_latency_cycles == 5);
  CHECK_THAT(error_of("bad_sub_core_key.yaml"),
             Catch::Contains("bad_sub_core_key.yaml:3:3: sub_core.operand_collectors: unknown key"));
  CHECK_THAT(error_of("sub_core.yaml", {"sub_core.register_bank_width_bits=48"}),
             Catch::Contains("sub_core.register_bank_width_bits: expected a multiple of 32"));
  CHECK_THAT(error_of("sub_core.yaml", {"sub_core.issue_width_instr_per_cycle=0"}),
             Catch::Contains("sub_core.issue_width_instr_per_cycle"));
  CHECK_THAT(error_of("sub_core.yaml", {"sub_core.mma_pass_latency_cycles=-1"}),
             Catch::Contains("sub_core.mma_pass_latency_cycles"));
  CHECK_THAT(error_of("sub_core.yaml", {"sub_core.mma_fixed_latency_cycles=0"}),
             Catch::Contains("sub_core.mma_fixed_latency_cycles"));
}
