#include <catch2/catch.hpp>
#include <future>

#include "flow_test_support.hpp"
#include "core/io/text_file.hpp"
#include "ppa/flow/liberty_cells.hpp"
#include "ppa/flow/synthesis.hpp"
#include "ppa/flow/tool_run.hpp"

using namespace lutsim::ppa;
using lutsim::ppa::test::flow_data;
using lutsim::ppa::test::ScratchDir;
using lutsim::ppa::test::shared_cache;

namespace {

SynthesisRequest adder_pair(const std::string& library, const std::filesystem::path& cache) {
  SynthesisRequest r;
  r.top = "reg_adder_pair";
  r.sources = {flow_data("adder.sv"), flow_data("reg_adder_pair.sv")};
  r.parameters = {{"W", 4}};
  r.library = cell_library(library);
  r.cache_dir = cache;
  return r;
}

double liberty_area(const SynthesisResult& result, const CellLibrary& library) {
  const auto cells = liberty_cells(library.liberty);
  double area = 0;
  for (const auto& [type, count] : result.cells_by_type) area += count * cells->at(type).area_um2;
  return area;
}

// Every level's area is its own cells plus the levels directly below it.
void check_hierarchy_sums(const SynthesisResult& result) {
  REQUIRE_FALSE(result.hierarchy.empty());
  CHECK(result.hierarchy.front().path == result.top);
  CHECK(result.hierarchy.front().area_um2 == Approx(result.area_um2));
  CHECK(result.hierarchy.front().cells == result.cells);
  for (const HierarchyArea& level : result.hierarchy) {
    double children = 0;
    for (const HierarchyArea& other : result.hierarchy) {
      if (other.depth == level.depth + 1 && other.path.rfind(level.path + "/", 0) == 0) {
        children += other.area_um2;
      }
    }
    CHECK(children <= level.area_um2 + 1e-9);
  }
}

}  // namespace

TEST_CASE("flow: synthesis onto NanGate45: area, flops, hierarchy, cache", "[ppa][flow]") {
  ScratchDir cache("synth_nangate45");
  const SynthesisRequest request = adder_pair("nangate45", cache.path());
  const SynthesisResult first = synthesize(request);
  CHECK_FALSE(first.from_cache);
  CHECK(std::filesystem::is_regular_file(first.netlist));
  CHECK(first.top == "reg_adder_pair");
  CHECK(first.flops == 8);  // q[7:0], W = 4 per adder
  CHECK(first.cells_by_type.at("DFF_X1") == 8);
  CHECK(first.area_um2 > 0);
  CHECK(first.area_um2 == Approx(liberty_area(first, request.library)).epsilon(1e-6));
  CHECK(first.sequential_area_um2 == Approx(8 * 4.522));
  check_hierarchy_sums(first);

  REQUIRE(first.hierarchy.size() == 3);  // top, top/u_ab, top/u_cd
  CHECK(first.hierarchy[1].path == "reg_adder_pair/u_ab");
  CHECK(first.hierarchy[2].path == "reg_adder_pair/u_cd");
  CHECK(first.hierarchy[1].base_module == "adder");
  CHECK(first.hierarchy[1].area_um2 == Approx(first.hierarchy[2].area_um2));
  // What yosys `stat -liberty -top` printed for this design by hand (um^2).
  CHECK(first.area_um2 == Approx(87.78).epsilon(1e-4));
  REQUIRE(first.modules.size() == 2);
  for (const ModuleArea& m : first.modules) {
    CHECK(m.instances == (m.base_module == "adder" ? 2 : 1));
    if (m.base_module == "reg_adder_pair") {
      CHECK(m.area_um2 == Approx(m.own_area_um2 + 2 * first.hierarchy[1].area_um2));
    }
  }

  const SynthesisResult second = synthesize(request);
  CHECK(second.from_cache);
  CHECK(second.work_dir == first.work_dir);
  CHECK(second.area_um2 == first.area_um2);
  CHECK(second.hierarchy.size() == first.hierarchy.size());

  SynthesisRequest other = request;
  other.parameters = {{"W", 6}};
  const SynthesisResult wider = synthesize(other);
  CHECK_FALSE(wider.from_cache);
  CHECK(wider.flops == 12);
  CHECK(wider.area_um2 > first.area_um2);
}

TEST_CASE("flow: flat synthesis onto NanGate45 optimizes across modules", "[ppa][flow]") {
  SynthesisRequest request = adder_pair("nangate45", shared_cache());
  const SynthesisResult hierarchical = synthesize(request);
  request.keep_hierarchy = false;
  const SynthesisResult flat = synthesize(request);
  CHECK(flat.flops == 8);
  CHECK(flat.area_um2 <= hierarchical.area_um2);  // the unused carry outs are removed
  REQUIRE(flat.hierarchy.size() == 1);
  CHECK(flat.hierarchy[0].area_um2 == Approx(flat.area_um2));
}

// Cells named after their instances (the default) or left with yosys's names: the same
// netlist otherwise, cached apart.
TEST_CASE("flow: cell names by instance or yosys's own, the same cells", "[ppa][flow]") {
  SynthesisRequest request = adder_pair("nangate45", shared_cache());
  const SynthesisResult named = synthesize(request);
  request.name_cells = false;
  const SynthesisResult unnamed = synthesize(request);
  CHECK(named.cells_named_by_instance);
  CHECK_FALSE(unnamed.cells_named_by_instance);
  CHECK(unnamed.work_dir != named.work_dir);
  CHECK(unnamed.cells_by_type == named.cells_by_type);
  CHECK(unnamed.area_um2 == named.area_um2);
  REQUIRE(unnamed.hierarchy.size() == named.hierarchy.size());
  for (std::size_t i = 0; i < named.hierarchy.size(); ++i) {
    CHECK(unnamed.hierarchy[i].area_um2 == named.hierarchy[i].area_um2);
  }
  const std::string text = lutsim::read_text_file(named.netlist);
  CHECK(text.find("u_ab.c0") != std::string::npos);
  CHECK(lutsim::read_text_file(unnamed.netlist).find("u_ab.c0") == std::string::npos);
}

TEST_CASE("flow: synthesis onto ASAP7: area from the merged library, tie cells", "[ppa][flow]") {
  const SynthesisRequest request = adder_pair("asap7", shared_cache());
  const SynthesisResult result = synthesize(request);
  CHECK(result.flops == 8);
  CHECK(result.area_um2 == Approx(liberty_area(result, request.library)).epsilon(1e-6));
  check_hierarchy_sums(result);

  const SynthesisResult nangate = synthesize(adder_pair("nangate45", shared_cache()));
  CHECK(result.area_um2 < nangate.area_um2 / 8);  // ASAP7 is roughly 14-16x smaller

  SynthesisRequest constants;
  constants.top = "constant_out";
  constants.sources = {flow_data("constant_out.sv")};
  constants.library = request.library;
  constants.cache_dir = shared_cache();
  const SynthesisResult tied = synthesize(constants);
  CHECK(tied.cells_by_type.count("TIEHIx1_ASAP7_75t_R") == 1);
  CHECK(tied.cells_by_type.count("TIELOx1_ASAP7_75t_R") == 1);
  CHECK(tied.flops == 0);
}

TEST_CASE("flow: synthesis of broken RTL throws ToolError naming the yosys log", "[ppa][flow]") {
  ScratchDir cache("synth_error");
  SynthesisRequest request;
  request.top = "syntax_error";
  request.sources = {flow_data("syntax_error.sv")};
  request.library = cell_library("nangate45");
  request.cache_dir = cache.path();
  try {
    synthesize(request);
    FAIL("synthesize accepted a syntax error");
  } catch (const ToolError& e) {
    const std::string what = e.what();
    CHECK_THAT(what, Catch::Contains("yosys.log"));
    CHECK_THAT(what, Catch::Contains("syntax_error.sv"));
    CHECK_THAT(what, Catch::Contains(".failed"));
  }
  request.sources = {flow_data("no_such_file.sv")};
  CHECK_THROWS_AS(synthesize(request), std::invalid_argument);
}

TEST_CASE("flow: concurrent syntheses of one design share one cache entry", "[ppa][flow]") {
  ScratchDir cache("synth_concurrent");
  SynthesisRequest request;
  request.top = "adder";
  request.sources = {flow_data("adder.sv")};
  request.library = cell_library("nangate45");
  request.cache_dir = cache.path();
  auto a = std::async(std::launch::async, [&] { return synthesize(request); });
  auto b = std::async(std::launch::async, [&] { return synthesize(request); });
  const SynthesisResult ra = a.get(), rb = b.get();
  CHECK(ra.work_dir == rb.work_dir);
  CHECK(ra.area_um2 == rb.area_um2);
  CHECK(std::filesystem::is_regular_file(ra.netlist));
  int entries = 0;
  for (const auto& e : std::filesystem::directory_iterator(cache.path())) {
    (void)e;
    ++entries;
  }
  CHECK(entries == 1);  // the losing staging directory was removed
}
