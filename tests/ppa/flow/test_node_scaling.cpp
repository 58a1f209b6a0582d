#include <catch2/catch.hpp>

#include "ppa/flow/node_scaling.hpp"

using namespace lutsim::ppa;

TEST_CASE("flow: constant-field scaling factors", "[ppa][flow]") {
  const NodeScaling k = node_scaling(45, 1.1, 28, 0.9);
  const double s = 28.0 / 45.0;
  CHECK(k.area == Approx(s * s));
  CHECK(k.delay == Approx(s));
  CHECK(k.energy == Approx(s * (0.9 / 1.1) * (0.9 / 1.1)));
  CHECK(k.power == Approx(k.energy));
  CHECK_THAT(k.method, Catch::Contains("Dennard"));

  const NodeScaling up = node_scaling(7, 0.7, 28, 0.9);
  CHECK(up.area == Approx(16.0));
  CHECK(up.delay == Approx(4.0));

  const NodeScaling same = node_scaling(45, 1.1, 45, 1.1);
  CHECK(same.area == Approx(1.0));
  CHECK(same.energy == Approx(1.0));
  CHECK_THROWS_AS(node_scaling(0, 1.1, 28, 0.9), std::invalid_argument);
}

TEST_CASE("flow: scaling a library to the 28 nm comparison node", "[ppa][flow]") {
  const NodeScaling k = scaling_to_comparison_node(cell_library("nangate45"));
  CHECK(k.from_node_nm == 45.0);
  CHECK(k.to_node_nm == kComparisonNodeNm);
  CHECK(k.from_supply_v == Approx(1.10));
  CHECK(k.to_supply_v == Approx(kComparisonSupplyV));
  CHECK_THAT(k.method, Catch::Contains("0.9 V assumed"));
}
