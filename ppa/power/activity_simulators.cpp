#include "ppa/power/activity_simulators.hpp"

#include <map>
#include <stdexcept>

#include "ppa/power/activity_sim.hpp"
#include "ppa/power/levelized_sim.hpp"
#include "ppa/power/vcd_activity.hpp"

namespace lutsim::ppa {
namespace {

NetlistActivity levelized(const ActivityRun& run) {
  try {
    return simulate_levelized(run.liberty, run.netlist, run.stimulus, run.clock_period_s);
  } catch (const std::runtime_error& e) {  // what it does not model: name the netlist file
    throw std::runtime_error(run.netlist_file.string() + ": " + e.what());
  }
}

NetlistActivity iverilog(const ActivityRun& run) {
  ActivitySimulationRequest request;
  request.netlist = run.netlist_file;
  request.cell_models = run.cell_models;
  request.top = run.netlist.module_name();
  request.ports = run.netlist.ports();
  request.stimulus = run.stimulus;
  request.clock_period_s = run.clock_period_s;
  request.work_dir = run.work_dir;
  const SimulatedActivity sim = simulate_activity(request);
  NetlistActivity out = netlist_activity(
      run.netlist, VcdActivity::read(sim.vcd, {sim.scope, sim.window_start_s, sim.window_end_s}));
  out.simulator = "iverilog";
  return out;
}

const std::map<std::string, ActivitySimulator>& registry() {
  static const std::map<std::string, ActivitySimulator> simulators{{"levelized", levelized},
                                                                   {"iverilog", iverilog}};
  return simulators;
}

}  // namespace

ActivitySimulator activity_simulator(const std::string& name) {
  const auto it = registry().find(name);
  if (it != registry().end()) return it->second;
  std::string known;
  for (const std::string& n : activity_simulator_names()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown activity simulator '" + name + "' (known: " + known + ")");
}

std::vector<std::string> activity_simulator_names() {
  std::vector<std::string> names;
  for (const auto& [name, simulator] : registry()) names.push_back(name);
  return names;
}

}  // namespace lutsim::ppa
