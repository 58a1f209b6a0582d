#include "ppa/power/liberty_library.hpp"

#include <catch2/catch.hpp>
#include <chrono>

#include "ppa/flow/cell_library.hpp"

using lutsim::ppa::LibertyError;
using lutsim::ppa::LibertyLibrary;
using lutsim::ppa::PinDirection;

namespace {

// A library in ps / pW / fF units with one inverter: a template-based table with an index
// override, a scalar table, state leakage and a wire load.
const char* kSmallLibrary = R"(
library (tiny) {
  time_unit : "1ps";
  leakage_power_unit : "1pW";
  voltage_unit : "1V";
  capacitive_load_unit (1, ff);
  nom_voltage : 0.7;
  default_wire_load : "small";
  wire_load ("small") {
    capacitance : 0.5;
    slope : 2.0;
    fanout_length (1, 1.0);
    fanout_length (3, 5.0);
  }
  power_lut_template (p2x2) {
    variable_1 : input_transition_time;
    variable_2 : total_output_net_capacitance;
    index_1 ("10, 20");
    index_2 ("1, 2");
  }
  /* a comment */
  cell (INV) {
    area : 0.25;
    cell_leakage_power : 100;
    leakage_power () { when : "A"; value : 150; }
    leakage_power () { when : "!A"; value : 50; }
    pin (A) { direction : input; capacitance : 0.5; }
    pin (Y) {
      direction : output;
      function : "!A";
      internal_power () {
        related_pin : "A";
        rise_power (p2x2) {
          index_2 ("2, 4");
          values ("1.0, 2.0", \
                  "3.0, 4.0");
        }
        fall_power (scalar) { values ("0.5"); }
      }
      timing () {
        related_pin : "A";
        timing_sense : negative_unate;
        rise_transition (scalar) { values ("7"); }
      }
    }
  }
}
)";

}  // namespace

TEST_CASE("Liberty: units are converted to SI", "[ppa][power][liberty]") {
  const LibertyLibrary lib = LibertyLibrary::parse(kSmallLibrary, "tiny.lib");
  CHECK(lib.name() == "tiny");
  CHECK(lib.units().time_s == Approx(1e-12));
  CHECK(lib.units().capacitance_f == Approx(1e-15));
  CHECK(lib.units().energy_j() == Approx(1e-15));
  CHECK(lib.nominal_voltage_v() == Approx(0.7));
  const auto& inv = lib.cell("INV");
  CHECK(inv.area_um2 == Approx(0.25));
  CHECK(inv.cell_leakage_w == Approx(100e-12));
  REQUIRE(inv.leakage_states.size() == 2);
  CHECK(inv.leakage_states[0].power_w == Approx(150e-12));
  CHECK(inv.leakage_states[0].when.text() == "A");
  REQUIRE(inv.find_pin("A"));
  CHECK(inv.find_pin("A")->capacitance_f == Approx(0.5e-15));
  CHECK(inv.find_pin("Y")->direction == PinDirection::kOutput);
  CHECK(inv.find_pin("Y")->function.text() == "!A");
}

TEST_CASE("Liberty: tables interpolate and extrapolate bilinearly", "[ppa][power][liberty]") {
  const LibertyLibrary lib = LibertyLibrary::parse(kSmallLibrary, "tiny.lib");
  const auto& arc = lib.cell("INV").find_pin("Y")->internal_power.at(0);
  CHECK(arc.related_pin == "A");
  // Index override (2, 4) fF on the load axis; slew axis 10, 20 ps from the template.
  CHECK(arc.rise_energy.at(10e-12, 2e-15) == Approx(1e-15));
  CHECK(arc.rise_energy.at(15e-12, 3e-15) == Approx(2.5e-15));
  CHECK(arc.rise_energy.at(20e-12, 4e-15) == Approx(4e-15));
  CHECK(arc.rise_energy.at(30e-12, 4e-15) == Approx(6e-15));  // extrapolated
  CHECK(arc.rise_energy.at(0, 0) == Approx(-2e-15));          // extrapolated below
  CHECK(arc.fall_energy.at(1, 1) == Approx(0.5e-15));         // scalar
  const auto& timing = lib.cell("INV").find_pin("Y")->transitions.at(0);
  CHECK(timing.rise_transition.at(0, 0) == Approx(7e-12));
  CHECK(timing.fall_transition.empty());
}

TEST_CASE("Liberty: wire load by fanout", "[ppa][power][liberty]") {
  const LibertyLibrary lib = LibertyLibrary::parse(kSmallLibrary, "tiny.lib");
  const auto* wl = lib.default_wire_load();
  REQUIRE(wl);
  CHECK(wl->wire_capacitance_f(0) == 0);
  CHECK(wl->wire_capacitance_f(1) == Approx(0.5e-15));
  CHECK(wl->wire_capacitance_f(2) == Approx(1.5e-15));  // length 3 interpolated
  CHECK(wl->wire_capacitance_f(5) == Approx(4.5e-15));  // 5 + 2 * 2 beyond the table
}

TEST_CASE("Liberty: syntax errors name the line", "[ppa][power][liberty]") {
  const std::string text =
      "library (bad) {\n  nom_voltage : 1.0;\n  cell (X) {\n    area 1.0;\n  }\n}\n";
  CHECK_THROWS_WITH(LibertyLibrary::parse(text, "bad.lib"),
                    Catch::Contains("bad.lib:4:") && Catch::Contains("expected ':' or '('"));
  CHECK_THROWS_WITH(LibertyLibrary::parse("library (x) {\n nom_voltage : 1;\n", "open.lib"),
                    Catch::Contains("open.lib:1:") && Catch::Contains("not closed"));
  CHECK_THROWS_AS(LibertyLibrary::parse("library (x) { nom_voltage : 1; cell (Y) { pin (A) "
                                        "{ function : \"A &\"; } } }",
                                        "f.lib"),
                  LibertyError);
}

TEST_CASE("Liberty: the whole NanGate45 library", "[ppa][power][liberty][nangate45]") {
  const auto start = std::chrono::steady_clock::now();
  const LibertyLibrary& lib =
      lutsim::ppa::cached_liberty_library(lutsim::ppa::cell_library("nangate45").liberty);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 2.0);  // well under a second in an optimized build
  CHECK(lib.cells().size() == 134);
  CHECK(lib.units().time_s == Approx(1e-9));
  CHECK(lib.units().leakage_w == Approx(1e-9));
  CHECK(lib.nominal_voltage_v() == Approx(1.1));
  const auto& and2 = lib.cell("AND2_X1");
  CHECK(and2.area_um2 == Approx(1.064));
  CHECK(and2.cell_leakage_w == Approx(25.066064e-9));
  CHECK(and2.find_pin("A1")->capacitance_f == Approx(0.918145e-15));
  const auto& dff = lib.cell("DFF_X1");
  CHECK(dff.state == "IQ");
  CHECK(dff.find_pin("CK")->is_clock);
  CHECK(dff.find_pin("CK")->internal_power.size() == 4);
  // AND2_X1 A1 -> ZN fall_transition at the table's first corner (0.00117378 ns, 0.365616 fF).
  const auto& arc = and2.find_pin("ZN")->transitions.at(0);
  CHECK(arc.related_pin == "A1");
  CHECK(arc.fall_transition.at(0.00117378e-9, 0.365616e-15) == Approx(0.00449470e-9));
  CHECK(&lib ==
        &lutsim::ppa::cached_liberty_library(lutsim::ppa::cell_library("nangate45").liberty));
  CHECK(lib.default_wire_load()->name == "5K_hvratio_1_1");
}
