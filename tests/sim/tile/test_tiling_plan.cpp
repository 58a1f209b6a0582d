// A compiled plan's tilings: simulate_forward with every LUT linear timed by
// its planned tiling (no search) gives the searched pass's times exactly,
// through the plan's JSON too; a plan that does not fit the trace is refused
// by file and op.

#include <catch2/catch.hpp>
#include <memory>

#include "sim/tile/tiling_plan.hpp"
#include "tests/support/committed_hardware.hpp"
#include "tests/workloads/catalog_trace.hpp"

using namespace lutsim;

namespace {

SystemSpec planned_system(const std::string& hw) {
  return {"lut", test::committed_hardware(hw), LinearMethod::kLut, PrecomputeMode::kFused,
          false, AttentionMode::kUnfused};
}

void check_same_times(const EndToEndResult& planned, const EndToEndResult& searched) {
  REQUIRE(planned.ops.size() == searched.ops.size());
  for (std::size_t i = 0; i < planned.ops.size(); ++i) {
    INFO(searched.ops[i].name);
    CHECK(planned.ops[i].name == searched.ops[i].name);
    CHECK(planned.ops[i].time_s == searched.ops[i].time_s);
    CHECK(planned.ops[i].bound == searched.ops[i].bound);
  }
  CHECK(planned.total_s == searched.total_s);
}

}  // namespace

TEST_CASE("tiling plan: a forward pass timed from its plan equals the searched one",
          "[sim][compiler]") {
  for (const std::string hw : {"a100_lut_4x", "h100_lut_4x"}) {
    for (const GemmTrace& trace : {test::decode_trace("Llama-2-7B", 8, 256, 2),
                                   test::decode_trace("Llama-2-70B", 1, 2048, 3)}) {
      INFO(hw << " " << trace.model);
      const SystemSpec searched = planned_system(hw);
      const TilingPlan plan = plan_tilings(trace, searched);
      REQUIRE(plan.gemms.size() >= 4);
      SystemSpec planned = searched;
      planned.tilings = std::make_shared<const TilingPlan>(
          tiling_plan_from_json(nlohmann::json::parse(to_json(plan).dump()), "plan.json"));
      CHECK(planned.tilings->gemms.size() == plan.gemms.size());
      check_same_times(simulate_forward(trace, planned), simulate_forward(trace, searched));
    }
  }
}

TEST_CASE("tiling plan: a plan that does not fit the trace is refused by file and op",
          "[sim][compiler]") {
  const GemmTrace trace = test::decode_trace("Llama-2-7B", 8, 256, 2);
  SystemSpec sys = planned_system("a100_lut_4x");
  nlohmann::json j = to_json(plan_tilings(trace, sys));
  const auto simulate = [&](const nlohmann::json& tilings) {
    sys.tilings = std::make_shared<const TilingPlan>(tiling_plan_from_json(tilings, "p.json"));
    return simulate_forward(trace, sys);
  };
  REQUIRE(j[0]["op"] == "attn_out");  // by name
  nlohmann::json other = j;
  other[0]["n"] = 1234;
  CHECK_THROWS_WITH(simulate(other), Catch::Contains("p.json: tilings: LUT linear 'attn_out': "
                                                     "planned for 8 x 1234 x "));
  other = j;
  other.erase(0);
  CHECK_THROWS_WITH(simulate(other),
                    Catch::Contains("p.json: tilings: LUT linear 'attn_out' has no tiling"));
  other = j;
  other[1]["tiling"]["cta"]["stages"] = 0;
  CHECK_THROWS_WITH(simulate(other),
                    Catch::Contains("p.json: tilings[1].tiling.cta.stages: expected an integer "
                                    ">= 1, found 0"));
  other = j;
  other[1]["tiling"]["warp"]["n"] = 96;  // does not divide the CTA tile
  CHECK_THROWS_WITH(simulate(other), Catch::Contains("the planned tiling does not run"));
}
