#pragma once
// lutsim's own gate-level activity simulator: zero-delay, cycle by cycle, over a synthesized
// netlist and the Liberty functions of its cells, with the timing convention of stimulus.hpp
// (the same waveforms and window as the iverilog path, activity_sim.hpp).
//
// Combinational cells are evaluated in topological order (levelized), each output pin from a
// truth table of its Liberty `function`, and only when one of its inputs changed; flip-flops
// take next_state on the rising edge of clocked_on. Nets hold 0, 1 or x (flip-flops start
// at x, undriven nets are x); a cell output is x only when the unknown inputs can change it.
// Refused, with the reason: latches, asynchronous clear/preset, a flip-flop clocked through
// logic (not straight from a top-level input), combinational loops, cells with an output
// pin that has no function, inout ports, and any net still (or again) x inside the activity
// window (count x transitions with the iverilog simulator instead).

#include "ppa/power/gate_netlist.hpp"
#include "ppa/power/liberty_library.hpp"
#include "ppa/power/netlist_activity.hpp"
#include "ppa/power/stimulus.hpp"

namespace lutsim::ppa {

// Throws std::invalid_argument for a stimulus that does not fit the netlist's ports and
// std::runtime_error for what the simulator does not model (see above).
NetlistActivity simulate_levelized(const LibertyLibrary& library, const GateNetlist& netlist,
                                   const Stimulus& stimulus, double clock_period_s);

}  // namespace lutsim::ppa
