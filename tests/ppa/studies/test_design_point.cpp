#include <catch2/catch.hpp>

#include "ppa/design/design_point.hpp"

using namespace lutsim;
using namespace lutsim::ppa;

TEST_CASE("design points map to RTL tops with their parameters", "[ppa][design]") {
  DesignPoint d;
  d.kind = DesignKind::kLutArray;
  d.geometry.m = 2;
  d.geometry.n = 64;
  d.geometry.k = 4;
  d.weight_bits = 2;
  d.activation = DataType::kInt8;
  d.negation_in_acc = true;
  const RtlTop t = rtl_top_all_parameters(d);
  CHECK(t.top == "lut_array");
  using P = std::pair<std::string, long long>;
  CHECK(t.parameters == std::vector<P>{{"ARRAY_M", 2}, {"ARRAY_N", 64}, {"ARRAY_K", 4},
                                       {"W_BIT", 2}, {"TABLE_FORMAT", 1}, {"SYMMETRIC", 1},
                                       {"NEG_IN_ACC", 1}, {"PIPE_STAGES", 0}});
  // Defaults are left out of the synthesized parameter list.
  CHECK(rtl_top(d).parameters.size() == 6);
  CHECK(d.label() == "lut_array M2N64K4 W2 int8 half neg-in-acc");
  CHECK(macs_per_cycle(d) == 2 * 64 * 4 / 2.0);
}

TEST_CASE("throughput: bit-serial designs take W_BIT cycles, MAC designs one", "[ppa][design]") {
  DesignPoint lut;
  lut.weight_bits = 4;
  CHECK(macs_per_cycle(lut) == 1.0);
  DesignPoint mac;
  mac.kind = DesignKind::kMacDotUnit;
  mac.weight_bits = 4;
  CHECK(macs_per_cycle(mac) == 4.0);
  DesignPoint pre;
  pre.kind = DesignKind::kTablePrecompute;
  CHECK(macs_per_cycle(pre) == 0.0);
}

TEST_CASE("design points outside the RTL's range are rejected by name", "[ppa][design]") {
  DesignPoint d;
  d.geometry.k = 7;
  CHECK_THROWS_WITH(d.validate(), Catch::Contains("K = 7 is outside [2, 6]"));
  d.geometry.k = 4;
  d.kind = DesignKind::kMacDotUnit;
  d.negation_in_acc = true;
  CHECK_THROWS_WITH(d.validate(), Catch::Contains("negation_in_acc needs a LUT design"));
  CHECK(parse_design_kind("mac_array") == DesignKind::kMacArray);
  CHECK_THROWS_WITH(parse_design_kind("dsp"), Catch::Contains("one of: lut_dot_unit"));
}
