#pragma once
// Switching activity of every net of one gate netlist over a time window, whichever
// simulator measured it (ppa/power/activity_simulators.hpp): what the power calculator reads.

#include <string>
#include <vector>

namespace lutsim::ppa {

struct SignalActivity {
  double transitions = 0;  // in the window; a change to or from x counts as half of one
  double time_at_one_s = 0;
};

struct NetlistActivity {
  double window_s = 0;
  std::vector<SignalActivity> nets;  // by GateNetlist net index (constant nets: unused)
  std::string simulator;             // the activity simulator's name, for reports

  double density_per_s(int net) const { return nets[net].transitions / window_s; }
  double duty(int net) const { return nets[net].time_at_one_s / window_s; }
};

}  // namespace lutsim::ppa
