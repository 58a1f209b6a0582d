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

TEST_CASE("pipeline depth: PIPE_STAGES of lut_array, mac_dot_unit, add_bitserial_unit and "
          "lut_table_precompute, lut_pe LOOKUP_REG, nothing else",
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
                    Catch::Contains("only lut_array, mac_dot_unit, add_bitserial_unit and "
                                    "lut_table_precompute have pipeline registers"));
  CHECK(has_pipeline_parameter(DesignKind::kMacDotUnit));
  CHECK(has_pipeline_parameter(DesignKind::kLutArray));
  CHECK_FALSE(has_pipeline_parameter(DesignKind::kMacArray));
  CHECK_FALSE(has_pipeline_parameter(DesignKind::kLutDotUnit));

  // The pipelined ADD and precompute are modules of their own; depth 0 is the unit itself.
  DesignPoint add;
  add.kind = DesignKind::kAddDotUnit;
  add.activation = DataType::kInt8;
  CHECK(rtl_text(add) == "add_bitserial_unit K=4 W_BIT=2 DATA_FORMAT=1 SYMMETRIC=1");
  CHECK(rtl_top(add).top == "add_bitserial_unit");
  add.pipeline_stages = 2;
  CHECK(add.label() == "add_bitserial_unit K4 W2 int8 half pipe 2");
  CHECK(rtl_text(add) ==
        "add_bitserial_unit_pipe K=4 W_BIT=2 DATA_FORMAT=1 SYMMETRIC=1 PIPE_STAGES=2");
  DesignPoint pre;
  pre.kind = DesignKind::kTablePrecompute;
  pre.geometry.k = 2;  // one adder level: one cut at most
  CHECK(max_pipeline_stages(pre) == 1);
  pre.pipeline_stages = 1;
  CHECK(rtl_text(pre) == "lut_table_precompute_pipe K=2 TABLE_FORMAT=0 SYMMETRIC=1 PIPE_STAGES=1");
  pre.pipeline_stages = 2;
  CHECK_THROWS_WITH(pre.validate(), Catch::Contains("pipeline_stages 2 outside [0, 1]"));
  pre.pipeline_stages = kSmallestMeetingClock;
  CHECK_NOTHROW(pre.validate());
  pre.geometry.k = 4;
  CHECK(max_pipeline_stages(pre) == kMaxPipelineStages);
  CHECK(has_pipe_stages(DesignKind::kAddDotUnit));
  CHECK(has_pipe_stages(DesignKind::kTablePrecompute));
  CHECK_FALSE(has_pipe_stages(DesignKind::kLutPe));
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
                        Catch::Contains("have pipeline registers (PIPE_STAGES), mac_array has "
                                        "none"));
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

// The family studies (dot_units, weight_bits, group_size) take one study-level depth for
// their designs with PIPE_STAGES; the LUT dot units stay unpipelined.
TEST_CASE("pipeline_stages of the family studies: the designs with PIPE_STAGES take it",
          "[ppa][studies]") {
  const Plan dots = plan_of(R"(study: ppa_dot_units
designs: [lut, mac, add]
weight_bits: [2]
activations: [int8]
pipeline_stages: 1
)");
  REQUIRE(dots.rows.size() == 3);
  CHECK(dots.rows[0].design.pipeline_stages == 0);  // lut_dot_unit: no PIPE_STAGES
  CHECK(dots.rows[1].design.pipeline_stages == 1);
  CHECK(dots.rows[2].design.label() == "add_bitserial_unit K4 W2 int8 full pipe 1");

  const Plan groups = plan_of(R"(study: ppa_group_size
group_sizes: [2, 4]
activations: [fp16]
pipeline_stages: smallest_meeting_clock
)");
  REQUIRE(groups.rows.size() == 4);
  CHECK(groups.rows[0].design.pipeline_stages == 0);  // the dot unit
  CHECK(groups.rows[1].design.pipeline_stages == kSmallestMeetingClock);
  CHECK(groups.rows[3].design.kind == DesignKind::kTablePrecompute);

  // K = 2 precompute has one adder level: depth 2 names the design.
  CHECK_THROWS_WITH(plan_of(R"(study: ppa_group_size
group_sizes: [2, 4]
pipeline_stages: 2
)"),
                    Catch::Contains("study.yaml:3:") && Catch::Contains("pipeline_stages") &&
                        Catch::Contains("lut_table_precompute K2") &&
                        Catch::Contains("outside [0, 1]"));
  CHECK_THROWS_WITH(plan_of(R"(study: ppa_dot_units
pipeline_stages: [0, 1]
)"),
                    Catch::Contains("study.yaml:2:") && Catch::Contains("takes one depth"));
}

// An FP16 K3 precompute (two FP16 adders deep) misses 300 MHz combinational (measured
// 175.9 MHz) and meets it with one cut (319.0 MHz); the INT8 ADD misses 600 MHz
// unpipelined (530.0 MHz) and meets it with its plane sum registered (773.5 MHz); each
// mapped for its clock.
TEST_CASE("smallest_meeting_clock pipelines the precompute unit and the ADD baseline "
          "(NanGate45)",
          "[ppa][flow]") {
  DesignPoint pre;
  pre.kind = DesignKind::kTablePrecompute;
  pre.geometry.k = 3;
  const EvaluationOptions at300 = timing_only_nangate45(300);
  const DesignPpa pre0 = evaluate_design(pre, at300);
  CHECK(pre0.misses_clock());
  CHECK(pre0.sequential_area_um2 == 0);
  pre.pipeline_stages = kSmallestMeetingClock;
  const DesignPpa pre_chosen = evaluate_design(pre, at300);
  CHECK(pre_chosen.design.pipeline_stages == 1);
  CHECK_FALSE(pre_chosen.misses_clock());
  CHECK(pre_chosen.sequential_area_um2 > 0);  // the cut's registers are in the netlist

  DesignPoint add;
  add.kind = DesignKind::kAddDotUnit;
  add.activation = DataType::kInt8;
  const EvaluationOptions at600 = timing_only_nangate45(600);
  const DesignPpa add0 = evaluate_design(add, at600);
  CHECK(add0.misses_clock());
  add.pipeline_stages = kSmallestMeetingClock;
  const DesignPpa add_chosen = evaluate_design(add, at600);
  CHECK(add_chosen.design.pipeline_stages == 1);
  CHECK_FALSE(add_chosen.misses_clock());
  CHECK(add_chosen.sequential_area_um2 > add0.sequential_area_um2);
  CHECK(add_chosen.macs_per_cycle == add0.macs_per_cycle);  // one index per cycle
}
