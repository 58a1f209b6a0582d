// lutsim's levelized activity simulator on hand-checkable netlists of NanGate45 cells: the
// timing convention of stimulus.hpp (the same figures the iverilog path gives in
// activity_sim_test.cpp), x resolution, and what it refuses.
#include "ppa/power/levelized_sim.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "ppa/flow/cell_library.hpp"
#include "ppa/power/power_calculator.hpp"

using namespace lutsim::ppa;

namespace {

const LibertyLibrary& nangate45() {
  return cached_liberty_library(cell_library("nangate45").liberty);
}

GateNetlist netlist(const std::string& body, const std::string& ports) {
  const std::string text = "module t(" + ports + ");\n" + body + "endmodule\n";
  return GateNetlist::parse(text, "t.v", "t", library_pin_directions(nangate45()));
}

const GateNetlist& inv_reg() {
  static const GateNetlist nl = netlist(
      "  input clk;\n  input a;\n  output y;\n  output q;\n"
      "  INV_X1 u1 (.A(a), .ZN(y));\n  DFF_X1 u2 (.CK(clk), .D(y), .Q(q));\n",
      "clk, a, y, q");
  return nl;
}

Stimulus alternating(int cycles, int warmup) {
  Stimulus s;
  s.cycles = cycles;
  s.warmup_cycles = warmup;
  PortWaveform a{"a", 1, {}};
  for (int c = 0; c < cycles; ++c) a.hex_per_cycle.push_back(c % 2 ? "1" : "0");
  s.inputs = {a};
  return s;
}

const SignalActivity& of(const GateNetlist& nl, const NetlistActivity& a, const std::string& net) {
  return a.nets.at(static_cast<std::size_t>(nl.find_net(net)));
}

}  // namespace

TEST_CASE("Levelized simulation: clock, input timing and the warm-up window",
          "[ppa][power][simulation]") {
  const GateNetlist& nl = inv_reg();
  const NetlistActivity a = simulate_levelized(nangate45(), nl, alternating(10, 2), 10e-9);
  CHECK(a.simulator == "levelized");
  CHECK(a.window_s == Approx(80e-9));
  // The figures activity_sim_test.cpp checks on iverilog's VCD.
  CHECK(of(nl, a, "clk").transitions == 16);
  CHECK(a.duty(nl.find_net("clk")) == Approx(0.5));
  CHECK(of(nl, a, "a").transitions == 7);
  CHECK(of(nl, a, "y").transitions == 7);
  CHECK(of(nl, a, "q").transitions == 8);
  // Cycle c's value is applied at (10 c - 4) ns: a is 1 from 26 to 36, 46 to 56, 66 to 76
  // and 86 to the end (100 ns) inside the window (20, 100] ns.
  CHECK(of(nl, a, "a").time_at_one_s == Approx((3 * 10 + 14) * 1e-9));
}

TEST_CASE("Levelized simulation: flip-flops start at x, and x inside the window is refused",
          "[ppa][power][simulation]") {
  // A toggle flip-flop without reset never leaves x.
  const GateNetlist toggle = netlist(
      "  input clk;\n  output q;\n  wire d;\n"
      "  INV_X1 u1 (.A(q), .ZN(d));\n  DFF_X1 u2 (.CK(clk), .D(d), .Q(q));\n",
      "clk, q");
  Stimulus s;
  s.cycles = 4;
  s.warmup_cycles = 1;
  CHECK_THROWS_WITH(simulate_levelized(nangate45(), toggle, s, 10e-9),
                    Catch::Contains("net 'q' is still x when the activity window opens") &&
                        Catch::Contains("iverilog"));
  // x resolved exactly: an unconnected input pin is x, yet AND with a 0 input is 0.
  const GateNetlist open_pin = netlist(
      "  input clk;\n  input a;\n  output y;\n  AND2_X1 u1 (.A1(a), .ZN(y));\n", "clk, a, y");
  s.inputs = {{"a", 1, {"0", "0", "0", "0"}}};
  const NetlistActivity zero = simulate_levelized(nangate45(), open_pin, s, 10e-9);
  CHECK(of(open_pin, zero, "y").transitions == 0);
  CHECK(of(open_pin, zero, "y").time_at_one_s == 0);
  // With a = 1 (cycle 2, applied at 16 ns) the output is unknown inside the window.
  s.inputs = {{"a", 1, {"0", "0", "1", "0"}}};
  CHECK_THROWS_WITH(simulate_levelized(nangate45(), open_pin, s, 10e-9),
                    Catch::Contains("net 'y' is x at 16000 ps, inside the activity window"));
}

TEST_CASE("Levelized simulation: what it does not model is refused", "[ppa][power][simulation]") {
  Stimulus s;
  s.cycles = 4;
  s.warmup_cycles = 1;
  const GateNetlist loop = netlist(
      "  input clk;\n  input a;\n  output y;\n  wire n;\n"
      "  NAND2_X1 u1 (.A1(a), .A2(y), .ZN(n));\n  INV_X1 u2 (.A(n), .ZN(y));\n",
      "clk, a, y");
  CHECK_THROWS_WITH(simulate_levelized(nangate45(), loop, s, 10e-9),
                    Catch::Contains("combinational loop through instance u"));
  const GateNetlist latch = netlist(
      "  input clk;\n  input a;\n  output q;\n  DLH_X1 u1 (.G(clk), .D(a), .Q(q));\n", "clk, a, q");
  CHECK_THROWS_WITH(simulate_levelized(nangate45(), latch, s, 10e-9),
                    Catch::Contains("instance u1 (DLH_X1): latches are not modelled"));
  const GateNetlist reset = netlist(
      "  input clk;\n  input a;\n  input rn;\n  output q;\n"
      "  DFFR_X1 u1 (.CK(clk), .D(a), .RN(rn), .Q(q));\n",
      "clk, a, rn, q");
  CHECK_THROWS_WITH(simulate_levelized(nangate45(), reset, s, 10e-9),
                    Catch::Contains("asynchronous clear/preset is not modelled"));
  const GateNetlist gated = netlist(
      "  input clk;\n  input a;\n  output q;\n  wire g;\n"
      "  BUF_X1 u0 (.A(clk), .Z(g));\n  DFF_X1 u1 (.CK(g), .D(a), .Q(q));\n",
      "clk, a, q");
  CHECK_THROWS_WITH(simulate_levelized(nangate45(), gated, s, 10e-9),
                    Catch::Contains("u1 is clocked through logic"));
  s.inputs = {{"a", 1, {"0", "1", "0"}}};
  CHECK_THROWS_WITH(simulate_levelized(nangate45(), inv_reg(), s, 10e-9),
                    Catch::Contains("one per cycle"));
}
