#include "ppa/power/activity_sim.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "ppa/flow/cell_library.hpp"
#include "ppa/power/vcd_activity.hpp"

using namespace lutsim::ppa;

TEST_CASE("Activity simulation: clock, input timing and the warm-up window",
          "[ppa][power][simulation]") {
  const std::filesystem::path dir = std::filesystem::path(LUTSIM_POWER_TEST_WORK_DIR) / "sim_inv";
  std::filesystem::create_directories(dir);
  {
    std::ofstream v(dir / "inv.v");
    v << "module inv_reg(clk, a, y, q);\n  input clk;\n  input a;\n  output y;\n  output q;\n"
         "  INV_X1 u1 (.A(a), .ZN(y));\n  DFF_X1 u2 (.CK(clk), .D(y), .Q(q));\nendmodule\n";
  }
  ActivitySimulationRequest r;
  r.netlist = dir / "inv.v";
  r.cell_models = cell_library("nangate45").cell_models;
  r.top = "inv_reg";
  r.ports = {{"clk", PortDirection::kInput},
             {"a", PortDirection::kInput},
             {"y", PortDirection::kOutput},
             {"q", PortDirection::kOutput}};
  r.stimulus.cycles = 10;
  r.stimulus.warmup_cycles = 2;
  r.stimulus.inputs = {{"a", 1, {"0", "1", "0", "1", "0", "1", "0", "1", "0", "1"}}};
  r.clock_period_s = 10e-9;
  r.work_dir = dir;
  const SimulatedActivity sim = simulate_activity(r);
  CHECK(sim.cycles_in_window == 8);
  CHECK(sim.window_start_s == Approx(20e-9));
  CHECK(sim.window_end_s == Approx(100e-9));

  const VcdActivity vcd =
      VcdActivity::read(sim.vcd, {sim.scope, sim.window_start_s, sim.window_end_s});
  CHECK(vcd.window_s() == Approx(80e-9));
  // The clock rises and falls once per cycle: 16 transitions, high half the time.
  CHECK(vcd.find("clk")->transitions == 16);
  CHECK(vcd.duty(*vcd.find("clk")) == Approx(0.5));
  // Cycle k's value is applied T/10 after edge k-1: cycles 3..9 change inside the window.
  CHECK(vcd.find("a")->transitions == 7);
  CHECK(vcd.find("y")->transitions == 7);
  // q takes y at each rising edge; edges 2..9 (at 25 .. 95 ns) are inside the window.
  CHECK(vcd.find("q")->transitions == 8);

  r.stimulus.inputs[0].hex_per_cycle.pop_back();
  CHECK_THROWS_WITH(simulate_activity(r), Catch::Contains("one per cycle"));
}
