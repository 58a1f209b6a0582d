// Pipeline depth as a field of a design point: the RTL parameter it sets, which designs
// take it, how a study file gives it (one depth, an axis, smallest_meeting_clock) and its
// errors; and, through synthesis and OpenSTA, the smallest depth that meets the clock.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "core/config/config_document.hpp"
#include "ppa/flow/cell_library.hpp"
#include "ppa/studies/design_evaluation.hpp"
#include "ppa/studies/ppa_study.hpp"

using namespace lutsim;
using namespace lutsim::ppa;
using config::ConfigDocument;

namespace {

// lut_array M1N2K4 W2 INT8 half tables, negation in the accumulator.
DesignPoint small_array(int stages) {
  DesignPoint d;
  d.kind = DesignKind::kLutArray;
  d.geometry.m = 1;
  d.geometry.n = 2;
  d.geometry.k = 4;
  d.weight_bits = 2;
  d.activation = DataType::kInt8;
  d.negation_in_acc = true;
  d.pipeline_stages = stages;
  return d;
}

// The plan of a study given as YAML text (errors name "study.yaml").
Plan plan_of(const std::string& yaml) {
  ConfigDocument doc = ConfigDocument::load_string(yaml, "study.yaml", ".");
  auto root = doc.root();
  return read_ppa_study(root)->plan();
}

const std::string kShapes = R"(study: ppa_array_shapes
method: synthesis
shapes:
  - {mnk: [1, 2, 4]}
weight_bits: [2]
activations: [int8]
)";

// Synthesis and timing on NanGate45, mapped for clock_mhz, no power.
EvaluationOptions timing_only_nangate45(double clock_mhz) {
  EvaluationOptions o;
  o.library = cell_library("nangate45");
  o.rtl_dir = "rtl";
  o.cache_dir = LUTSIM_PPA_CACHE_DIR;
  o.clock_mhz = clock_mhz;
  o.power = false;
  return o;
}

const std::string kTensorCore = R"(study: ppa_tensor_core
tensor_cores:
  - {name: MAC, design: mac_array, array: [2, 2, 4], copies: 2, pipeline_stages: 1}
)";

}  // namespace

TEST_CASE("pipeline depth: lut_array and mac_dot_unit PIPE_STAGES, lut_pe LOOKUP_REG, nothing else",
          "[ppa][design]") {
  const DesignPoint d = small_array(2);
  CHECK(d.label() == "lut_array M1N2K4 W2 int8 half neg-in-acc pipe 2");
  CHECK(rtl_text(d) ==
        "lut_array ARRAY_M=1 ARRAY_N=2 ARRAY_K=4 W_BIT=2 TABLE_FORMAT=1 SYMMETRIC=1 "
        "NEG_IN_ACC=1 PIPE_STAGES=2");
  // Depth 0 is the RTL's default: left out of the synthesized parameters.
  CHECK(rtl_top(small_array(0)).parameters.back() == std::pair<std::string, long long>{
                                                         "NEG_IN_ACC", 1});
  CHECK(rtl_top(d).parameters.back() == std::pair<std::string, long long>{"PIPE_STAGES", 2});
  CHECK(small_array(kSmallestMeetingClock).label() ==
        "lut_array M1N2K4 W2 int8 half neg-in-acc pipe smallest_meeting_clock");
  CHECK_THROWS_WITH(rtl_top(small_array(kSmallestMeetingClock)),
                    Catch::Contains("no RTL until a pipeline depth is chosen"));
  CHECK_THROWS_WITH(small_array(3).validate(), Catch::Contains("pipeline_stages 3 outside [0, 2]"));

  DesignPoint pe = small_array(1);
  pe.kind = DesignKind::kLutPe;
  pe.geometry.m = pe.geometry.n = 1;
  CHECK(rtl_top(pe).parameters.back() == std::pair<std::string, long long>{"LOOKUP_REG", 1});
  pe.pipeline_stages = 2;
  CHECK_THROWS_WITH(pe.validate(), Catch::Contains("outside [0, 1]"));

  DesignPoint mac;
  mac.kind = DesignKind::kMacDotUnit;
  mac.pipeline_stages = 2;
  CHECK(mac.label() == "mac_dot_unit K4 W2 fp16 pipe 2");
  CHECK(rtl_text(mac) == "mac_dot_unit K=4 DATA_FORMAT=0 PIPE_STAGES=2");
  mac.pipeline_stages = kSmallestMeetingClock;
  CHECK_NOTHROW(mac.validate());
  mac.pipeline_stages = 3;
  CHECK_THROWS_WITH(mac.validate(), Catch::Contains("pipeline_stages 3 outside [0, 2]"));
  DesignPoint mac_array = mac;
  mac_array.kind = DesignKind::kMacArray;
  mac_array.pipeline_stages = 1;
  CHECK_THROWS_WITH(mac_array.validate(),
                    Catch::Contains("only lut_array and mac_dot_unit have pipeline registers"));
  CHECK(has_pipeline_parameter(DesignKind::kMacDotUnit));
  CHECK(has_pipeline_parameter(DesignKind::kLutArray));
  CHECK_FALSE(has_pipeline_parameter(DesignKind::kMacArray));
  CHECK_FALSE(has_pipeline_parameter(DesignKind::kLutDotUnit));
}

TEST_CASE("pipeline_stages in a study file: one depth, an axis, smallest_meeting_clock",
          "[ppa][studies]") {
  const Plan none = plan_of(kShapes);
  REQUIRE(none.rows.size() == 1);
  CHECK(none.rows[0].design.pipeline_stages == 0);

  const Plan one = plan_of(kShapes + "pipeline_stages: 1\n");
  REQUIRE(one.rows.size() == 1);
  CHECK(one.rows[0].design.pipeline_stages == 1);

  const Plan axis = plan_of(kShapes + "pipeline_stages: [0, 2, smallest_meeting_clock]\n");
  REQUIRE(axis.rows.size() == 3);
  CHECK(axis.rows[0].design.pipeline_stages == 0);
  CHECK(axis.rows[1].design.pipeline_stages == 2);
  CHECK(axis.rows[2].design.pipeline_stages == kSmallestMeetingClock);

  const Plan core = plan_of(R"(study: ppa_tensor_core
tensor_cores:
  - {name: LUT, design: lut_array, array: [1, 2, 4], pipeline_stages: smallest_meeting_clock}
)");
  REQUIRE(core.rows.size() == 2);
  CHECK(core.rows[0].design.pipeline_stages == kSmallestMeetingClock);
}

TEST_CASE("pipeline_stages errors name the file, the key and the design", "[ppa][studies]") {
  CHECK_THROWS_WITH(plan_of(kShapes + "pipeline_stages: 3\n"),
                    Catch::Contains("study.yaml:7:") && Catch::Contains("pipeline_stages") &&
                        Catch::Contains("'3': expected a pipeline depth 0..2"));
  CHECK_THROWS_WITH(plan_of(kShapes + "pipeline_stages: [1, fast]\n"),
                    Catch::Contains("study.yaml:7:") && Catch::Contains("'fast'"));
  std::string analytic = kShapes;
  analytic.replace(analytic.find("synthesis"), 9, "analytic");
  CHECK_THROWS_WITH(plan_of(analytic + "pipeline_stages: 1\n"),
                    Catch::Contains("study.yaml:7:") &&
                        Catch::Contains("method analytic prices no pipeline registers"));
  CHECK_THROWS_WITH(plan_of(kTensorCore),
                    Catch::Contains("study.yaml:3:") &&
                        Catch::Contains("tensor_cores[0].pipeline_stages") &&
                        Catch::Contains("mac_array M2N2K4 W2 fp16 pipe 1") &&
                        Catch::Contains("only lut_array and mac_dot_unit have pipeline registers"));
  CHECK_THROWS_WITH(plan_of(R"(study: ppa_tensor_core
tensor_cores:
  - {name: LUT, design: lut_array, array: [1, 2, 4], pipeline_stages: [0, 1]}
)"),
                    Catch::Contains("tensor_cores[0].pipeline_stages") &&
                        Catch::Contains("a variant takes one depth"));
}

// Synthesis and OpenSTA (a few seconds): at 600 MHz the small INT8 array misses at depth 0
// (measured 558 MHz) and meets at depth 1 (618 MHz), each mapped for 600 MHz.
TEST_CASE("smallest_meeting_clock keeps the smallest depth that meets the clock (NanGate45)",
          "[ppa][flow]") {
  EvaluationOptions o = timing_only_nangate45(600);
  const DesignPpa depth0 = evaluate_design(small_array(0), o);
  CHECK(depth0.misses_clock());
  CHECK(std::isnan(depth0.tops_per_mm2()));
  const DesignPpa chosen = evaluate_design(small_array(kSmallestMeetingClock), o);
  CHECK(chosen.design.pipeline_stages == 1);
  CHECK(chosen.max_clock_mhz >= o.clock_mhz);
  CHECK_FALSE(chosen.misses_clock());
  CHECK(chosen.tops_per_mm2() > 0);
  CHECK(chosen.area_um2 > depth0.area_um2);  // the lookup registers are in the netlist
  CHECK(chosen.rtl == rtl_text(small_array(1)));

  // A clock no depth meets: the deepest, with its miss.
  o.clock_mhz = 2000;
  const DesignPpa deepest = evaluate_design(small_array(kSmallestMeetingClock), o);
  CHECK(deepest.design.pipeline_stages == kMaxPipelineStages);
  CHECK(deepest.misses_clock());

  o.timing = false;
  CHECK_THROWS_WITH(evaluate_design(small_array(kSmallestMeetingClock), o),
                    Catch::Contains("choosing the pipeline depth needs timing"));
}

// The INT8 MAC dot unit misses 500 MHz single-cycle (measured 457.8 MHz) and meets it with
// its tree's root registered (634.6 MHz), each mapped for 500 MHz.
TEST_CASE("smallest_meeting_clock pipelines the MAC baseline too (NanGate45)", "[ppa][flow]") {
  EvaluationOptions o = timing_only_nangate45(500);
  DesignPoint mac;
  mac.kind = DesignKind::kMacDotUnit;
  mac.activation = DataType::kInt8;
  const DesignPpa depth0 = evaluate_design(mac, o);
  CHECK(depth0.misses_clock());
  mac.pipeline_stages = kSmallestMeetingClock;
  const DesignPpa chosen = evaluate_design(mac, o);
  CHECK(chosen.design.pipeline_stages == 1);
  CHECK_FALSE(chosen.misses_clock());
  CHECK(chosen.sequential_area_um2 > depth0.sequential_area_um2);  // the root register
  CHECK(chosen.macs_per_cycle == depth0.macs_per_cycle);           // one vector per cycle
}
