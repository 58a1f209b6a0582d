#pragma once
// Static timing of a synthesized netlist with Debian's OpenSTA (`sta`).

#include <filesystem>
#include <string>

#include "ppa/flow/cell_library.hpp"
#include "ppa/flow/synthesis.hpp"

namespace lutsim::ppa {

struct TimingResult {
  double critical_path_ns = 0;  // worst register-to-register / in-to-reg / reg-to-out path
  double max_clock_mhz = 0;     // 1000 / critical_path_ns
  std::string startpoint, endpoint;
  bool combinational_only = false;  // no clock port: path input-to-output
};

// Times the design (clock on `clock_port` if it has one; inputs and outputs
// constrained as stated in the implementation). Throws ToolError when sta fails.
TimingResult analyze_timing(const SynthesisResult& synthesis, const CellLibrary& library,
                            const std::string& clock_port = "clk");

}  // namespace lutsim::ppa
