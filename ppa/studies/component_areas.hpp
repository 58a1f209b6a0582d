#pragma once
// A synthesized design's area itemized by the component each RTL module is
// (tables, lookup muxes, adders, accumulators, pipeline registers, precompute,
// control), from the per-module areas of its hierarchy (ppa/flow/synthesis.hpp).

#include <string>
#include <vector>

#include "ppa/flow/synthesis.hpp"

namespace lutsim::ppa {

struct ComponentArea {
  std::string component;  // "tables", "lookup muxes", ..., "other"
  std::string module;     // the RTL module the cells belong to ("lut_table_reg")
  int instances = 0;      // instances of that module counted here
  double area_um2 = 0;    // their cells (a precompute unit: with everything below it)
};

// The design's cells by component, one item per (component, module), in order of first
// appearance; the items sum to the design's area. A module's own cells count for its
// component: lut_table_reg tables, lut_lookup lookup muxes, fp16_add(_scaled) adders,
// fp16_mul(_int) multipliers, lut_pe accumulators (the accumulator register and, integer
// tables, its adder), mac_pe mac datapath (integer products, adder tree and accumulator
// are its own cells; FP16: the accumulator register), pipe_reg pipeline registers,
// lut_ctrl control; lut_table_precompute (and lut_table_precompute_pipe) is precompute with
// everything below it but its pipe_reg instances (pipeline registers, like every pipe_reg);
// any other module's own cells are "other". Cells outside the hierarchy (output-port
// buffers) are "other" of module "(output buffers)". Empty when the result has no hierarchy.
std::vector<ComponentArea> component_areas(const SynthesisResult& synthesis);

// The module name of the cells outside the hierarchy.
inline constexpr const char* kOutsideHierarchy = "(output buffers)";

// The component and module the own cells of each level of synthesis.hierarchy count for,
// in its order: below a precompute unit, the unit's (inside_precompute), except its
// pipe_reg instances, which are pipeline registers.
struct LevelComponent {
  std::string component;
  std::string module;
  bool inside_precompute = false;
};
std::vector<LevelComponent> level_components(const SynthesisResult& synthesis);

}  // namespace lutsim::ppa
