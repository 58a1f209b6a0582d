#include <catch2/catch.hpp>

#include "ppa/flow/cell_library.hpp"
#include "ppa/flow/liberty_cells.hpp"

using namespace lutsim::ppa;

TEST_CASE("flow: liberty scan reads area, state groups and output pins", "[ppa][flow]") {
  const std::string text = R"(/* a comment with { braces } */
library (demo) {
  time_unit : "1ns";
  cell (INV) {
    area : 0.5;
    pin (A) { direction : input; capacitance : 1.25; }
    pin (Y) { direction : output; function : "!A"; }
  }
  cell (FF) {
    area : 4.25;
    ff (IQ, IQN) { next_state : "D"; clocked_on : "CK"; }
    pin (Q) {
      direction : output;
    }
  }
  cell (ICG) {
    area : 2
    statetable ("CLK ENA", "IQ") { \
      table : "L L : - : L , \
               H - : - : N "; }
    pin (GCLK) { direction : output; }
  }
}
)";
  const LibertyCells cells = parse_liberty_cells(text, "demo.lib");
  REQUIRE(cells.size() == 3);
  CHECK(cells.at("INV").area_um2 == Approx(0.5));
  CHECK_FALSE(cells.at("INV").sequential);
  CHECK(cells.at("INV").output_pins == std::vector<std::string>{"Y"});
  CHECK(cells.at("INV").pin_capacitance == std::map<std::string, double>{{"A", 1.25}});
  CHECK(cells.at("FF").pin_capacitance.empty());
  CHECK(cells.at("FF").sequential);
  CHECK(cells.at("FF").area_um2 == Approx(4.25));
  CHECK(cells.at("FF").output_pins == std::vector<std::string>{"Q"});
  CHECK(cells.at("ICG").sequential);
  CHECK(cells.at("ICG").area_um2 == Approx(2.0));
}

TEST_CASE("flow: liberty scan rejects broken text", "[ppa][flow]") {
  CHECK_THROWS_WITH(parse_liberty_cells("library (x) { cell (A) { area : 1; }", "x.lib"),
                    Catch::Contains("x.lib"));
  CHECK_THROWS_WITH(parse_liberty_cells("library (x) { }", "x.lib"), Catch::Contains("no cells"));
}

TEST_CASE("flow: prepared libraries: NanGate45 and the merged ASAP7", "[ppa][flow]") {
  const auto nangate = liberty_cells(cell_library("nangate45").liberty);
  CHECK(nangate->at("DFF_X1").sequential);
  CHECK(nangate->at("DFF_X1").area_um2 == Approx(4.522));
  CHECK_FALSE(nangate->at("NAND2_X1").sequential);
  CHECK(nangate->at("LOGIC1_X1").output_pins == std::vector<std::string>{"Z"});
  CHECK(nangate->at("BUF_X1").pin_capacitance.at("A") == Approx(0.974659));

  const CellLibrary asap7_lib = cell_library("asap7");
  CHECK(asap7_lib.node_nm == 7.0);
  CHECK(asap7_lib.supply_v == Approx(0.70));
  CHECK(asap7_lib.time_unit_ns == Approx(1e-3));
  const auto asap7 = liberty_cells(asap7_lib.liberty);
  CHECK(asap7->size() == 202);  // every cell of the five files (asap7/README.md)
  CHECK(asap7->at("DFFHQNx1_ASAP7_75t_R").sequential);
  CHECK(asap7->at("AND2x2_ASAP7_75t_R").area_um2 == Approx(0.08748));
  CHECK(asap7->at("TIEHIx1_ASAP7_75t_R").output_pins == std::vector<std::string>{"H"});
  CHECK(asap7->at("TIELOx1_ASAP7_75t_R").output_pins == std::vector<std::string>{"L"});
  CHECK_THROWS_AS(cell_library("sky130"), std::invalid_argument);
}
