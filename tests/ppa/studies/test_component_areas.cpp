#include <catch2/catch.hpp>

#include <tuple>

#include "ppa/studies/component_areas.hpp"

using namespace lutsim::ppa;

namespace {

// A conventional LUT unit's hierarchy (areas in um^2): the precompute unit with its FP16
// adder, the LUT unit with its table register, control and element (lookup, adder), plus
// 2 um^2 of output buffers outside the hierarchy.
SynthesisResult conventional_unit() {
  SynthesisResult s;
  s.area_um2 = 97;
  const auto level = [&](std::string path, std::string module, double area, int depth) {
    s.hierarchy.push_back({std::move(path), module, area, 1, module, depth});
  };
  level("top", "lut_dot_unit_precompute", 95, 0);
  level("top/u_precompute", "lut_table_precompute", 40, 1);
  level("top/u_precompute/u_add", "fp16_add", 30, 2);
  level("top/u_unit", "lut_dot_unit", 50, 1);
  level("top/u_unit/u_table", "lut_table_reg", 20, 2);
  level("top/u_unit/u_ctrl", "lut_ctrl", 3, 2);
  level("top/u_unit/u_pe", "lut_pe", 25, 2);
  level("top/u_unit/u_pe/u_lookup", "lut_lookup", 8, 3);
  level("top/u_unit/u_pe/u_add", "fp16_add_scaled", 12, 3);
  const auto module = [&](std::string name, double own) {
    s.modules.push_back({name, name, 1, 0, own, 1});
  };
  module("lut_dot_unit_precompute", 5);
  module("lut_table_precompute", 10);
  module("fp16_add", 30);
  module("lut_dot_unit", 2);
  module("lut_table_reg", 20);
  module("lut_ctrl", 3);
  module("lut_pe", 5);
  module("lut_lookup", 8);
  module("fp16_add_scaled", 12);
  return s;
}

}  // namespace

TEST_CASE("component areas: each module's own cells by component, precompute whole",
          "[ppa][studies]") {
  const std::vector<ComponentArea> items = component_areas(conventional_unit());
  std::vector<std::tuple<std::string, std::string, double>> got;
  double sum = 0;
  for (const ComponentArea& c : items) {
    got.emplace_back(c.component, c.module, c.area_um2);
    sum += c.area_um2;
  }
  using Item = std::tuple<std::string, std::string, double>;
  CHECK(got == std::vector<Item>{{"other", "lut_dot_unit_precompute", 5},
                                 {"precompute", "lut_table_precompute", 40},
                                 {"other", "lut_dot_unit", 2},
                                 {"tables", "lut_table_reg", 20},
                                 {"control", "lut_ctrl", 3},
                                 {"accumulators", "lut_pe", 5},
                                 {"lookup muxes", "lut_lookup", 8},
                                 {"adders", "fp16_add_scaled", 12},
                                 {"other", "(output buffers)", 2}});
  CHECK(sum == Approx(97));
}

TEST_CASE("component areas: instances of one module add up", "[ppa][studies]") {
  SynthesisResult s;
  s.area_um2 = 30;
  s.hierarchy = {{"top", "lut_array", 30, 1, "lut_array", 0},
                 {"top/u_in", "pipe_reg", 10, 1, "pipe_reg", 1},
                 {"top/u_out", "pipe_reg_1", 4, 1, "pipe_reg", 1},
                 {"top/u_pe[0]", "lut_pe", 7, 1, "lut_pe", 1},
                 {"top/u_pe[1]", "lut_pe", 7, 1, "lut_pe", 1}};
  s.modules = {{"lut_array", "lut_array", 1, 30, 2, 1},
               {"pipe_reg", "pipe_reg", 1, 10, 10, 1},
               {"pipe_reg_1", "pipe_reg", 1, 4, 4, 1},
               {"lut_pe", "lut_pe", 2, 7, 7, 1}};
  const std::vector<ComponentArea> items = component_areas(s);
  REQUIRE(items.size() == 3);
  CHECK(items[1].component == "pipeline registers");
  CHECK(items[1].instances == 2);
  CHECK(items[1].area_um2 == Approx(14));
  CHECK(items[2].component == "accumulators");
  CHECK(items[2].instances == 2);
  CHECK(items[2].area_um2 == Approx(14));
  CHECK(component_areas(SynthesisResult{}).empty());
}
