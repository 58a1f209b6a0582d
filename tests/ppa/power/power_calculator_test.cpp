#include "ppa/power/power_calculator.hpp"

#include <catch2/catch.hpp>

#include "ppa/power/vcd_activity.hpp"

using namespace lutsim::ppa;

namespace {

// One inverter cell in ns / fF / nW / V units (energies in fJ) with numbers that are easy to
// follow by hand.
const char* kLibrary = R"(
library (hand) {
  time_unit : "1ns";
  leakage_power_unit : "1nW";
  voltage_unit : "1V";
  capacitive_load_unit (1, ff);
  nom_voltage : 1.0;
  power_lut_template (by_slew) { variable_1 : input_transition_time; index_1 ("0, 1"); }
  lu_table_template (by_load) { variable_1 : total_output_net_capacitance; index_1 ("0, 4"); }
  cell (INV) {
    area : 1;
    cell_leakage_power : 25;
    leakage_power () { when : "A"; value : 10; }
    leakage_power () { when : "!A"; value : 50; }
    pin (A) {
      direction : input;
      capacitance : 2;
      internal_power () {
        rise_power (scalar) { values ("0.4"); }
        fall_power (scalar) { values ("0.2"); }
      }
    }
    pin (Y) {
      direction : output;
      function : "!A";
      internal_power () {
        related_pin : "A";
        rise_power (by_slew) { values ("2, 4"); }
        fall_power (scalar) { values ("1"); }
      }
      timing () {
        related_pin : "A";
        timing_sense : negative_unate;
        rise_transition (by_load) { values ("0.1, 0.5"); }
        fall_transition (scalar) { values ("0.2"); }
      }
    }
  }
}
)";

// a -> u1 -> n1 -> u2 -> y
const char* kInverterChainNetlist = R"(
module chain(a, y);
  input a;
  output y;
  wire n1;
  INV u1 (.A(a), .Y(n1));
  INV u2 (.A(n1), .Y(y));
endmodule
)";

// 40 ns: a toggles at 5, 10, 15, 20 ns and is 1 for 30 ns; n1 is its complement, y = a.
const char* kInverterChainVcd = R"($timescale 1ns $end
$scope module tb $end $scope module dut $end
$var wire 1 ! a $end
$var wire 1 " n1 $end
$var wire 1 # y $end
$upscope $end $upscope $end
$enddefinitions $end
#0
1! 0" 1#
#5
0! 1" 0#
#10
1! 0" 1#
#15
0! 1" 0#
#20
1! 0" 1#
#40
)";

}  // namespace

TEST_CASE("Power: an inverter chain computed by hand", "[ppa][power][calculator]") {
  const LibertyLibrary lib = LibertyLibrary::parse(kLibrary, "hand.lib");
  const GateNetlist nl =
      GateNetlist::parse(kInverterChainNetlist, "chain.v", "chain", library_pin_directions(lib));
  const NetlistActivity vcd =
      netlist_activity(nl, VcdActivity::parse(kInverterChainVcd, "chain.vcd", {"tb.dut", 0, {}}));
  PowerOptions options;
  options.clock_period_s = 10e-9;
  const PowerReport r = compute_power(lib, nl, vcd, options);

  // 4 toggles in 40 ns on every net: 1e8 transitions/s.
  // Switching: only n1 has a load (u2.A, 2 fF): 1/2 * 2 fF * 1 V^2 * 1e8 /s.
  CHECK(r.switching_w == Approx(0.5 * 2e-15 * 1e8));
  // Internal, output Y (mean of rise and fall energy per output toggle):
  //   u1: input slew 0 -> rise 2 fJ, fall 1 fJ: 1.5 fJ.
  //   u2: output rise follows the input's fall slew (negative unate), n1 fall slew 0.2 ns
  //       -> rise 2 + 2 * 0.2 = 2.4 fJ, fall 1 fJ: 1.7 fJ.
  // Internal, input A: mean(0.4, 0.2) = 0.3 fJ per input toggle, both cells.
  CHECK(r.internal_w == Approx((1.5e-15 + 1.7e-15 + 2 * 0.3e-15) * 1e8));
  // Leakage by state: a is 1 for 3/4 of the time, so u1 sees A = 1 3/4 of the time
  // (0.75 * 10 + 0.25 * 50 = 20 nW) and u2 1/4 of the time (0.25 * 10 + 0.75 * 50 = 40 nW).
  CHECK(r.leakage_w == Approx(60e-9));
  CHECK(r.total_w == Approx(r.internal_w + r.switching_w + r.leakage_w));
  CHECK(r.cycles_analyzed == Approx(4));
  CHECK(r.by_cell_type.at("INV").count == 2);

  options.leakage = LeakageModel::kCellAverage;
  CHECK(compute_power(lib, nl, vcd, options).leakage_w == Approx(50e-9));

  // Input-port nets counted: a drives u1.A (2 fF) with 1e8 transitions/s.
  options.input_net_switching = true;
  const PowerReport with_inputs = compute_power(lib, nl, vcd, options);
  CHECK(with_inputs.switching_w == Approx(r.switching_w + 0.5 * 2e-15 * 1e8));
  CHECK(with_inputs.by_cell_type.at("(input ports)").switching_w == Approx(0.5 * 2e-15 * 1e8));
}

TEST_CASE("Power: a net missing from the VCD is an error", "[ppa][power][calculator]") {
  const LibertyLibrary lib = LibertyLibrary::parse(kLibrary, "hand.lib");
  const GateNetlist nl =
      GateNetlist::parse(kInverterChainNetlist, "chain.v", "chain", library_pin_directions(lib));
  const std::string partial =
      std::string(kInverterChainVcd)
          .replace(std::string(kInverterChainVcd).find("$var wire 1 \" n1 $end"), 21, "");
  const VcdActivity vcd = VcdActivity::parse(partial, "p.vcd", {"tb.dut", 0, {}});
  CHECK_THROWS_WITH(netlist_activity(nl, vcd), Catch::Contains("'n1'"));
}
