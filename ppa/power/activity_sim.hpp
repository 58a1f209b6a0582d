#pragma once
// Gate-level simulation for switching activity: writes an iverilog testbench around a
// synthesized netlist, drives its inputs cycle by cycle from $readmemh files, toggles the
// clock and dumps a VCD of the netlist's own nets.
//
// The timing convention is stimulus.hpp's.

#include <filesystem>
#include <string>
#include <vector>

#include "ppa/power/gate_netlist.hpp"
#include "ppa/power/stimulus.hpp"

namespace lutsim::ppa {

struct ActivitySimulationRequest {
  std::filesystem::path netlist;      // flat gate-level Verilog
  std::filesystem::path cell_models;  // Verilog models of the library cells
  std::string top;
  std::vector<NetlistPort> ports;  // the top's ports (GateNetlist::ports())
  Stimulus stimulus;
  double clock_period_s = 10e-9;
  std::filesystem::path work_dir;  // testbench, stimulus files, logs and the VCD go here
};

struct SimulatedActivity {
  std::filesystem::path vcd;
  std::string scope;          // VCD scope of the netlist's nets
  double window_start_s = 0;  // end of the warm-up
  double window_end_s = 0;    // end of the last cycle
  int cycles_in_window = 0;
};

// Writes the testbench and stimulus files, runs iverilog and vvp (run_tool), returns where
// the VCD is. Throws std::invalid_argument for a stimulus that does not fit the ports and
// ToolError when a tool fails.
SimulatedActivity simulate_activity(const ActivitySimulationRequest& request);

}  // namespace lutsim::ppa
