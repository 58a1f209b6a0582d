#pragma once
// Static timing of a synthesized netlist with Debian's OpenSTA (`sta`).
//
// Constraints (ppa/flow/timing.cpp), the same for every design and library:
//  - command units ns (`set_cmd_units -time ns`; ASAP7's liberty is in ps);
//  - a clock of period kTimingClockPeriodNs on `clock_port` if the netlist has
//    that port, else a virtual clock of that period (combinational_only);
//  - input delay 0 on every input but the clock, output delay 0 on every
//    output, relative to that clock: in-to-reg, reg-to-reg, reg-to-out and
//    in-to-out paths are all timed in one cycle;
//  - ideal clock (no clock tree), inputs with ideal (zero) transition, outputs
//    without external load, no wire load model: a pre-layout, gates-only figure;
//  - `report_checks -path_delay max` (worst setup path, typical corner).
// The critical path is period - slack: the data arrival time plus the capture
// flop's setup time (clock-to-Q of the launching flop included); the maximum
// clock is its inverse. Results are cached in the synthesis work directory.

#include <filesystem>
#include <string>

#include "ppa/flow/cell_library.hpp"
#include "ppa/flow/synthesis.hpp"

namespace lutsim::ppa {

inline constexpr double kTimingClockPeriodNs = 10.0;

struct TimingResult {
  double critical_path_ns = 0;  // worst register-to-register / in-to-reg / reg-to-out path
  double max_clock_mhz = 0;     // 1000 / critical_path_ns
  std::string startpoint, endpoint;
  bool combinational_only = false;  // no clock port: path input-to-output
  double clock_period_ns = 0;       // the constraint the path was timed against
  double slack_ns = 0;              // clock_period_ns - critical_path_ns
  std::filesystem::path report;     // OpenSTA log with the full path report
  bool from_cache = false;
};

// Times the design (clock on `clock_port` if it has one; inputs and outputs
// constrained as stated above). Throws ToolError when sta fails and
// std::runtime_error when its report has no path.
TimingResult analyze_timing(const SynthesisResult& synthesis, const CellLibrary& library,
                            const std::string& clock_port = "clk");

}  // namespace lutsim::ppa
