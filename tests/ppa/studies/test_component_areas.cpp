#include <catch2/catch.hpp>

#include <tuple>

#include "ppa/studies/component_areas.hpp"
#include "ppa/studies/component_power.hpp"

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

// A pipelined precompute unit alone: its pipe_reg instances are pipeline registers, the
// rest of its subtree precompute.
TEST_CASE("component areas: a pipelined precompute's registers are pipeline registers",
          "[ppa][studies]") {
  SynthesisResult s;
  s.area_um2 = 52;
  const auto level = [&](std::string path, std::string module, double area, int depth) {
    s.hierarchy.push_back({std::move(path), module, area, 1, module, depth});
  };
  level("top", "lut_table_precompute_pipe", 52, 0);
  level("top/u_add", "fp16_add", 30, 1);
  level("top/u_reg0", "pipe_reg", 6, 1);
  level("top/u_reg1", "pipe_reg", 6, 1);
  s.modules.push_back({"lut_table_precompute_pipe", "lut_table_precompute_pipe", 1, 0, 10, 1});
  s.modules.push_back({"fp16_add", "fp16_add", 1, 0, 30, 1});
  s.modules.push_back({"pipe_reg", "pipe_reg", 2, 0, 6, 1});
  std::vector<std::tuple<std::string, std::string, int, double>> got;
  for (const ComponentArea& c : component_areas(s)) {
    got.emplace_back(c.component, c.module, c.instances, c.area_um2);
  }
  using Item = std::tuple<std::string, std::string, int, double>;
  CHECK(got == std::vector<Item>{{"precompute", "lut_table_precompute_pipe", 1, 40},
                                 {"pipeline registers", "pipe_reg", 2, 12}});
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

namespace {

// A cell's power: internal, switching, leakage (W).
CellInstancePower cell(std::string name, double internal, double switching, double leakage) {
  return {std::move(name), {1, internal, switching, leakage}};
}

double total(const std::vector<ComponentPower>& items) {
  double w = 0;
  for (const ComponentPower& c : items) w += c.total_w();
  return w;
}

}  // namespace

TEST_CASE("component power: each cell counts for its instance's component", "[ppa][studies]") {
  SynthesisResult s = conventional_unit();
  s.cells_named_by_instance = true;
  // Instance names as yosys flattens them: generate scopes hold dots of their own.
  s.hierarchy[3].path = "top/g_u[0].u_unit";
  for (std::size_t i = 4; i < s.hierarchy.size(); ++i) {
    s.hierarchy[i].path.replace(0, std::string("top/u_unit").size(), "top/g_u[0].u_unit");
  }
  PowerReport r;
  r.by_instance = {cell("c0", 1, 0, 0),                          // the top's own
                   cell("u_precompute.c3", 2, 1, 0),             // precompute
                   cell("u_precompute.u_add.c7", 4, 0, 0),       // precompute, whole
                   cell("g_u[0].u_unit.u_table.c1", 8, 0, 1),    // tables
                   cell("g_u[0].u_unit.u_pe.u_add.c2", 16, 0, 0),  // adders
                   cell("g_u[0].u_unit.u_pe.c9", 32, 0, 0),      // accumulators
                   cell("_12_", 64, 0, 0)};                      // a port buffer
  r.by_cell_type["(input ports)"] = {3, 0, 128, 0};
  const std::vector<ComponentPower> items = component_powers(s, r);
  std::vector<std::tuple<std::string, std::string, double>> got;
  for (const ComponentPower& c : items) got.emplace_back(c.component, c.module, c.total_w());
  using Item = std::tuple<std::string, std::string, double>;
  // In the areas' order (precompute once), then the items outside the hierarchy.
  CHECK(got == std::vector<Item>{{"other", "lut_dot_unit_precompute", 1},
                                 {"precompute", "lut_table_precompute", 7},
                                 {"other", "lut_dot_unit", 0},
                                 {"tables", "lut_table_reg", 9},
                                 {"control", "lut_ctrl", 0},
                                 {"accumulators", "lut_pe", 32},
                                 {"lookup muxes", "lut_lookup", 0},
                                 {"adders", "fp16_add_scaled", 16},
                                 {"other", "(output buffers)", 64},
                                 {"other", "(input ports)", 128}});
  CHECK(items[1].switching_w == 1);
  CHECK(items[3].leakage_w == 1);
  CHECK(total(items) == 257);

  // A cell of an instance the hierarchy does not have: the netlist is not this synthesis's.
  r.by_instance.push_back(cell("g_u[1].u_unit.c0", 1, 0, 0));
  CHECK_THROWS_WITH(component_powers(s, r), Catch::Contains("cell g_u[1].u_unit.c0") &&
                                                Catch::Contains("no instance"));
  // Cells not named by instance (a flat synthesis): all the top's.
  s.cells_named_by_instance = false;
  r.by_instance = {cell("_1_", 1, 0, 0), cell("_2_", 2, 0, 0)};
  r.by_cell_type.clear();
  const std::vector<ComponentPower> flat = component_powers(s, r);
  CHECK(flat.front().module == "lut_dot_unit_precompute");
  CHECK(flat.front().total_w() == 3);
  CHECK(total(flat) == 3);
  CHECK(component_powers(SynthesisResult{}, r).empty());
}

TEST_CASE("component power of a composed design: the same sum over its blocks' items",
          "[ppa][studies]") {
  // An array of M = 2 rows and 8 elements: M x unit + (MN - M) x element.
  const std::vector<ComponentPower> unit = {{"tables", "lut_table_reg", 1, 2, 3},
                                            {"accumulators", "lut_pe", 4, 0, 1}};
  const std::vector<ComponentPower> element = {{"accumulators", "lut_pe", 5, 1, 0},
                                               {"lookup muxes", "lut_lookup", 2, 0, 0}};
  const std::vector<ComponentPower> array = combine({{2, &unit}, {6, &element}});
  REQUIRE(array.size() == 3);
  CHECK(array[0].module == "lut_table_reg");
  CHECK(array[0].total_w() == 12);
  CHECK(array[1].module == "lut_pe");
  CHECK(array[1].internal_w == 2 * 4 + 6 * 5);
  CHECK(array[1].switching_w == 6);
  CHECK(array[1].leakage_w == 2);
  CHECK(array[2].total_w() == 12);
  CHECK(total(array) == 2 * total(unit) + 6 * total(element));
}
