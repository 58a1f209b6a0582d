#include <catch2/catch.hpp>

#include "ppa/flow/yosys_stat.hpp"

using namespace lutsim::ppa;

TEST_CASE("flow: yosys stat report: modules, cell counts, areas", "[ppa][flow]") {
  const std::string report = R"(
10. Printing statistics.

=== $paramod\adder\W=s32'00000000000000000000000000000100 ===

   Number of wires:                 15
   Number of cells:                  3
     AND2_X1                         1
     XOR2_X1                         2

   Chip area for module '$paramod\adder\W=s32'00000000000000000000000000000100': 4.256000

=== top ===

   Number of wires:                 33
   Number of cells:                 10
     $paramod\adder\W=s32'00000000000000000000000000000100      2
     DFF_X1                          8

   Area for cell type $paramod\adder\W=s32'00000000000000000000000000000100 is unknown!

   Chip area for module '\top': 36.176000

=== design hierarchy ===

   top                               1
     $paramod\adder\W=s32'00000000000000000000000000000100      2

   Number of cells:                 16
     AND2_X1                         2

   Chip area for top module '\top': 44.688000
)";
  const auto modules = parse_yosys_stat(report, "stat.txt");
  REQUIRE(modules.size() == 2);
  CHECK(modules[0].module == "$paramod\\adder\\W=s32'00000000000000000000000000000100");
  CHECK(modules[0].cells == 3);
  CHECK(modules[0].cells_by_type.at("XOR2_X1") == 2);
  CHECK(modules[0].area_um2 == Approx(4.256));
  CHECK(modules[1].module == "top");
  CHECK(modules[1].cells == 10);
  CHECK(modules[1].cells_by_type.size() == 2);
  CHECK(modules[1].area_um2 == Approx(36.176));
  CHECK(modules[1].has_area);
  CHECK_THROWS_WITH(parse_yosys_stat("nothing", "stat.txt"), Catch::Contains("stat.txt"));
}
