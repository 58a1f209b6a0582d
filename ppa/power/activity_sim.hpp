#pragma once
// Gate-level simulation for switching activity: writes an iverilog testbench around a
// synthesized netlist, drives its inputs cycle by cycle from $readmemh files, toggles the
// clock and dumps a VCD of the netlist's own nets.
//
// Timing convention (period T, times from 0): the clock starts low, rises at k*T + T/2
// (edge k, k = 0 .. cycles-1) and falls at (k+1)*T. Input values of cycle 0 are applied at 0
// and those of cycle k+1 at T/10 after edge k, so edge k samples cycle k's values. The
// simulation is zero-delay: no glitches, so no glitch power. Input ports that are neither the
// clock nor in the stimulus are held at 0.

#include <filesystem>
#include <string>
#include <vector>

#include "ppa/power/gate_netlist.hpp"

namespace lutsim::ppa {

// Values of one input port, one hex string per cycle (the full port width, MSB first, as
// $readmemh reads it; shorter strings are zero-extended).
struct PortWaveform {
  std::string port;
  int width = 0;
  std::vector<std::string> hex_per_cycle;
};

struct Stimulus {
  std::string clock_port = "clk";  // empty for a purely combinational design
  int cycles = 0;                  // simulated cycles, warm-up included
  int warmup_cycles = 0;           // cycles (e.g. reset) left out of the activity window
  std::vector<PortWaveform> inputs;
};

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
