#pragma once
// The input waveforms of a gate-level activity simulation, and the timing convention every
// activity simulator (ppa/power/activity_simulators.hpp) follows.
//
// Timing convention (period T rounded to whole ps, times from 0): the clock starts low, rises
// at k*T + T/2 (edge k, k = 0 .. cycles-1) and falls at (k+1)*T. Input values of cycle 0 are
// applied at 0 and those of cycle k+1 at T/10 after edge k, so edge k samples cycle k's values.
// The simulation is zero-delay: no glitches, so no glitch power. Input ports that are neither
// the clock nor in the stimulus are held at 0. Activity is counted over
// (warmup_cycles*T, cycles*T]: a net's value at the window start is its initial state.

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

// Throws std::invalid_argument ("stimulus: ...") when the stimulus does not fit the ports of
// `top`: cycles, warm-up, the clock port, each waveform's port, width, length and hex digits.
void check_stimulus(const Stimulus& stimulus, const std::vector<NetlistPort>& ports,
                    const std::string& top);

// The clock period in whole ps (as the simulators use it); throws std::invalid_argument
// below 20 ps.
long long clock_period_ps(double clock_period_s);

}  // namespace lutsim::ppa
