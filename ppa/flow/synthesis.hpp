#pragma once
// Logic synthesis of an RTL top onto a cell library with yosys 0.23, following
// the flow verified in PPA_NOTES (synth; dfflibmap; abc; opt_clean -purge; stat).

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ppa/flow/cell_library.hpp"

namespace lutsim::ppa {

struct SynthesisRequest {
  std::string top;                                          // RTL module to synthesize
  std::vector<std::filesystem::path> sources;               // SystemVerilog files
  std::vector<std::pair<std::string, long long>> parameters;  // top parameter overrides
  CellLibrary library;
  // Results are cached under cache_dir/<hash of sources, parameters, library, flow>;
  // a complete earlier run is reused (nothing half-written is ever reused).
  std::filesystem::path cache_dir;
};

// Area of one level of the design hierarchy (a submodule instance path).
struct HierarchyArea {
  std::string path;    // "top", "top/u_pe[3]", ...
  std::string module;  // module name (with its parameters as yosys names it)
  double area_um2 = 0;
  int cells = 0;
};

struct SynthesisResult {
  std::filesystem::path netlist;     // flat gate-level Verilog (write_verilog -noattr)
  std::filesystem::path work_dir;    // logs, stat reports
  std::string top;                   // top module name in the netlist
  double area_um2 = 0;               // total cell area
  double sequential_area_um2 = 0;    // flip-flops and latches
  int cells = 0;
  int flops = 0;
  std::map<std::string, int> cells_by_type;
  std::vector<HierarchyArea> hierarchy;  // area per hierarchy level, top first
  bool from_cache = false;
};

// Synthesizes (or reuses a cached result). Throws ToolError when yosys fails.
SynthesisResult synthesize(const SynthesisRequest& request);

}  // namespace lutsim::ppa
