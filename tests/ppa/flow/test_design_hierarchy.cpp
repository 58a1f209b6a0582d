#include <catch2/catch.hpp>

#include "ppa/flow/design_hierarchy.hpp"

using namespace lutsim::ppa;

TEST_CASE("flow: design hierarchy sums areas and orders instances naturally", "[ppa][flow]") {
  // top -> g[10].u_pe, g[9].u_pe (module pe) -> u_add (module add); top has 2 own cells.
  const auto instances = nlohmann::json::parse(R"({"modules": {
    "top": {"attributes": {"top": "1"},
            "cells": {"g[10].u_pe": {"type": "$paramod\\pe\\N=2"},
                      "g[9].u_pe": {"type": "$paramod\\pe\\N=2"}}},
    "$paramod\\pe\\N=2": {"attributes": {"hdlname": "\\pe"},
                         "cells": {"u_add": {"type": "add"}}},
    "add": {"cells": {}}}})");
  const std::vector<ModuleStat> stats = {
      {"top", 4, {{"$paramod\\pe\\N=2", 2}, {"DFF", 2}}, 10.0, true},
      {"$paramod\\pe\\N=2", 3, {{"add", 1}, {"INV", 2}}, 1.0, true},
      {"add", 5, {{"XOR", 5}}, 5.0, true}};
  const DesignHierarchy tree = design_hierarchy(instances, stats, "top");
  REQUIRE(tree.levels.size() == 5);
  CHECK(tree.levels[0].path == "top");
  CHECK(tree.levels[0].area_um2 == Approx(10.0 + 2 * (1.0 + 5.0)));
  CHECK(tree.levels[0].cells == 2 + 2 * (2 + 5));
  CHECK(tree.levels[1].path == "top/g[9].u_pe");  // 9 before 10
  CHECK(tree.levels[1].base_module == "pe");
  CHECK(tree.levels[1].depth == 1);
  CHECK(tree.levels[1].area_um2 == Approx(6.0));
  CHECK(tree.levels[2].path == "top/g[9].u_pe/u_add");
  CHECK(tree.levels[2].depth == 2);
  CHECK(tree.levels[3].path == "top/g[10].u_pe");
  REQUIRE(tree.modules.size() == 3);
  for (const ModuleArea& m : tree.modules) {
    if (m.module == "add") CHECK(m.instances == 2);
    if (m.module == "top") CHECK(m.own_area_um2 == Approx(10.0));
  }
  CHECK_THROWS_WITH(design_hierarchy(instances, stats, "nope"), Catch::Contains("nope"));
  CHECK_THROWS_WITH(design_hierarchy(instances, {stats[0]}, "top"),
                    Catch::Contains("no statistics"));
}
