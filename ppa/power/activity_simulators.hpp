#pragma once
// The gate-level activity simulators, registered by name. Each follows stimulus.hpp's timing
// convention and returns the activity of every net of the netlist:
//  - "levelized": lutsim's own zero-delay cycle simulator (levelized_sim.hpp), the default;
//  - "iverilog": iverilog/vvp with the library's Verilog cell models (activity_sim.hpp) and
//    the VCD reader, the reference the levelized simulator is checked against.

#include <filesystem>
#include <string>
#include <vector>

#include "ppa/power/gate_netlist.hpp"
#include "ppa/power/liberty_library.hpp"
#include "ppa/power/netlist_activity.hpp"
#include "ppa/power/stimulus.hpp"

namespace lutsim::ppa {

struct ActivityRun {
  const LibertyLibrary& liberty;
  const GateNetlist& netlist;
  std::filesystem::path netlist_file;  // the netlist as written (for external simulators)
  std::filesystem::path cell_models;   // Verilog models of the library's cells
  const Stimulus& stimulus;
  double clock_period_s = 0;
  std::filesystem::path work_dir;  // where a simulator may write its files
};

using ActivitySimulator = NetlistActivity (*)(const ActivityRun&);

inline constexpr const char* kDefaultActivitySimulator = "levelized";

// The simulator registered as `name`; throws std::invalid_argument naming those there are.
ActivitySimulator activity_simulator(const std::string& name);
std::vector<std::string> activity_simulator_names();

}  // namespace lutsim::ppa
