#pragma once
// Power of a gate-level netlist from its cell library and simulated switching activity,
// computed the way current OpenSTA (2.4, VCD-annotated) does:
//  - switching: 1/2 V^2 C_load x (toggles / time) of every cell output net, with C_load the
//    load pins' capacitance plus the library's default wire-load estimate;
//  - internal: per output toggle, the mean of the rise and fall internal_power energies at
//    (input slew, load), the related-pin arcs weighted by related-pin activity x sensitivity;
//    plus input-pin (e.g. clock pin) energies per input toggle, weighted by their `when`;
//  - leakage: `when`-state leakage weighted by state probability, the rest at
//    cell_leakage_power.
// State and `when` probabilities assume independent pins (as OpenSTA's BDD evaluation does).
// Slews come from the driving cells' output transition tables at their load, in topological
// order; primary inputs and the clock get the ideal slews in PowerOptions.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "ppa/flow/cell_library.hpp"
#include "ppa/power/activity_simulators.hpp"
#include "ppa/power/gate_netlist.hpp"
#include "ppa/power/liberty_library.hpp"
#include "ppa/power/netlist_activity.hpp"
#include "ppa/power/stimulus.hpp"

namespace lutsim::ppa {

// How leakage is weighted: by the probability of each `when` state (the rest of the time at
// cell_leakage_power, as OpenSTA), or cell_leakage_power alone (the library's state average).
enum class LeakageModel { kStateWeighted, kCellAverage };

struct PowerOptions {
  double clock_period_s = 10e-9;  // for the cycle count in the report
  double input_slew_s = 0;        // slew of primary inputs (OpenSTA default: ideal, 0)
  double clock_slew_s = 0;        // slew of the ideal clock
  // Add the library's default_wire_load to net loads. Off by default: OpenSTA applies a
  // wire-load model only when set_wire_load_model asks for one, and the reference values
  // (ppa/reference/README.md) match pin capacitance alone.
  bool wire_load = false;
  LeakageModel leakage = LeakageModel::kStateWeighted;
  // Count the switching of nets driven by top-level input ports (the clock included) as if an
  // ideal driver charged their load pins: the energy of delivering operands and clock to the
  // block, which a block replicated in an array pays. Off by default, as OpenSTA (no driving
  // cell, no switching power); reported under the cell type "(input ports)".
  bool input_net_switching = false;
  // The gate-level simulator measure_power takes activity from (activity_simulators.hpp).
  std::string activity_simulator = kDefaultActivitySimulator;
};

struct CellTypePower {
  int count = 0;
  double internal_w = 0, switching_w = 0, leakage_w = 0;
  double total_w() const { return internal_w + switching_w + leakage_w; }
};

struct CellInstancePower {
  std::string name;  // the netlist's instance name
  CellTypePower power;
};

struct PowerReport {
  double internal_w = 0;
  double switching_w = 0;  // attributed to the cell driving the net
  double leakage_w = 0;
  double total_w = 0;
  std::map<std::string, CellTypePower> by_cell_type;
  // Per cell instance, in the netlist's order (the switching of the nets it drives): what
  // a caller itemizes by instance name. Input-port switching, when counted, is only in
  // by_cell_type.
  std::vector<CellInstancePower> by_instance;
  double clock_period_s = 0;
  double window_s = 0;  // simulated time the activity was measured over
  double cycles_analyzed = 0;
  std::vector<std::string> notes;  // modelling assumptions that bear on the numbers
};

// Throws std::runtime_error when a netlist cell is not in the library, std::logic_error when
// the activity is not of this netlist.
PowerReport compute_power(const LibertyLibrary& library, const GateNetlist& netlist,
                          const NetlistActivity& activity, const PowerOptions& options);

// Which pins of the library's cells are outputs (for GateNetlist::read).
PinIsOutput library_pin_directions(const LibertyLibrary& library);

// Simulates `stimulus` on the netlist at `clock_hz` with options.activity_simulator (files, if
// the simulator writes any, in `work_dir`) and computes the power (the liberty is parsed once
// per process).
// `options.clock_period_s` is set from clock_hz.
PowerReport measure_power(const std::filesystem::path& netlist, const std::string& top,
                          const CellLibrary& library, const Stimulus& stimulus, double clock_hz,
                          const std::filesystem::path& work_dir, PowerOptions options = {});

}  // namespace lutsim::ppa
