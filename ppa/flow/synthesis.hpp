#pragma once
// Logic synthesis of an RTL top onto a cell library with yosys 0.23, following
// the flow verified in PPA_NOTES (synth; dfflibmap; abc; opt_clean -purge; stat).
//
// The script (ppa/flow/synthesis.cpp):
//   read_verilog -sv <sources>; hierarchy -check -top <top> [-chparam <name> <value>]...
//   synth -top <top> [-flatten]; dfflibmap -liberty <lib>;
//   abc -liberty <lib> [-D <delay target ps> -constr abc.constr];
//   opt_clean -purge; hilomap -singleton (the library's tie cells, where constants remain);
//   stat -top <top>                  -> cells per module
//   rename -enumerate -pattern c%    -> every cell named c<i> in its module (name_cells)
//   flatten; opt_clean -purge; stat  -> cells of the netlist
//   write_verilog -noattr netlist.v
// Areas are the cell counts times the liberty's cell areas (what `stat -liberty`
// computes, without parsing the liberty once more).
// With keep_hierarchy (the default) every module is mapped once per
// parameterization, as in a hierarchical ASIC flow: an array of 128 identical PEs
// maps one PE (seconds instead of minutes), and the area of every instance is
// known exactly; logic is not optimized across module boundaries (about 1% more
// area than a flat synthesis for lut_dot_unit). Cells are kept through the final
// flatten, so the netlist, its area and the hierarchy describe the same gates.
// Without keep_hierarchy the design is flattened before mapping (cross-boundary
// optimization) and the hierarchy has only the top.
//
// Mapping: without a delay target abc maps for its own best delay under a load-
// independent delay model, then recovers area (&nf); the fanout of a net costs
// nothing there, so high-fanout nets and long adder chains stay slow in OpenSTA.
// With a delay target (delay_target_ps > 0, the clock period the design is for)
// abc maps for that target and then buffers, upsizes and downsizes gates against
// load-dependent delays (yosys `abc -D -constr`: `&nf -D; buffer; upsize -D;
// dnsize -D`), each module's inputs driven by the library's buffer and each of its
// outputs loaded by one buffer input (abc.constr). abc sees one module at a time:
// a net that fans out across module boundaries is not buffered.

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ppa/flow/cell_library.hpp"

namespace lutsim::ppa {

struct SynthesisRequest {
  std::string top;                                            // RTL module to synthesize
  std::vector<std::filesystem::path> sources;                 // SystemVerilog files
  std::vector<std::pair<std::string, long long>> parameters;  // top parameter overrides
  CellLibrary library;
  // Results are cached under cache_dir/<hash of sources, parameters, library, flow>;
  // a complete earlier run is reused (nothing half-written is ever reused).
  std::filesystem::path cache_dir;
  bool keep_hierarchy = true;  // map module by module (see above); false: flatten first
  // abc's delay target in ps (the clock period the netlist is for); 0: none (see above).
  // A target needs the library's buffer (CellLibrary::buffer).
  double delay_target_ps = 0;
  // With keep_hierarchy: name every cell after its instance path, so power can be itemized
  // by module (SynthesisResult::cells_named_by_instance). Off, the netlist keeps yosys's
  // short names: a netlist that is only measured and timed, not simulated (a large array's
  // named netlist took about a third more yosys time, most of it writing the long names).
  // The same logic and cells either way.
  bool name_cells = true;
};

// Area of one level of the design hierarchy (a submodule instance path).
struct HierarchyArea {
  std::string path;         // "top", "top/u_pe[3]", ...
  std::string module;       // module name (with its parameters as yosys names it)
  double area_um2 = 0;      // this instance with everything below it
  int cells = 0;            // library cells in this instance and below it
  std::string base_module;  // RTL module name without parameters ("lut_pe")
  int depth = 0;            // 0 for the top
};

// One module (one parameterization of an RTL module) of the hierarchy.
struct ModuleArea {
  std::string module;       // as yosys names it
  std::string base_module;  // RTL module name
  int instances = 0;        // how many times it occurs in the design (the top: 1)
  double area_um2 = 0;      // one instance, submodules included
  double own_area_um2 = 0;  // one instance, its own cells only
  int cells = 0;            // library cells of one instance, submodules included
};

// With keep_hierarchy, the netlist names each cell that synthesis mapped after its
// instance path and its name in its module, `<instance path>.c<i>` (the path's levels
// joined by '.', as HierarchyArea::path without the top and with '.' for '/'; a cell of
// the top is `c<i>`). Cells added after flattening (port buffers) keep yosys's
// `_<i>_` names.
inline constexpr const char* kCellNamePrefix = "c";

struct SynthesisResult {
  std::filesystem::path netlist;   // flat gate-level Verilog (write_verilog -noattr)
  std::filesystem::path work_dir;  // logs, stat reports
  std::string top;                 // top module name in the netlist
  double area_um2 = 0;             // total cell area
  double sequential_area_um2 = 0;  // flip-flops and latches
  int cells = 0;
  int flops = 0;
  std::map<std::string, int> cells_by_type;
  std::vector<HierarchyArea> hierarchy;  // area per hierarchy level, top first
  bool cells_named_by_instance = false;  // cell names carry instance paths (kCellNamePrefix)
  bool from_cache = false;
  std::vector<ModuleArea> modules;  // area per module, by module name
  std::string library;              // cell library name
  double yosys_seconds = 0;         // wall time of the yosys run that produced the result
};

// The delay target for a clock: its period in ps (0 for clock_mhz 0: no target).
inline double delay_target_ps(double clock_mhz) { return clock_mhz > 0 ? 1e6 / clock_mhz : 0; }

// Synthesizes (or reuses a cached result). Throws ToolError when yosys fails
// (the message names the log and ends with its last lines) and
// std::runtime_error when its reports cannot be read.
SynthesisResult synthesize(const SynthesisRequest& request);

}  // namespace lutsim::ppa
