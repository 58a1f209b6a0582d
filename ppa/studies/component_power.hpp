#pragma once
// A design's power itemized by component, as its area is (component_areas.hpp): each
// cell's power (internal, leakage and the switching of the nets it drives) counts for the
// module of the instance its netlist name gives (ppa/flow/synthesis.hpp, kCellNamePrefix).

#include <string>
#include <vector>

#include "ppa/flow/synthesis.hpp"
#include "ppa/power/power_calculator.hpp"

namespace lutsim::ppa {

struct ComponentPower {
  std::string component;  // "tables", "lookup muxes", ..., "other"
  std::string module;     // the RTL module the cells belong to
  double internal_w = 0, switching_w = 0, leakage_w = 0;
  double total_w() const { return internal_w + switching_w + leakage_w; }
};

// One item per (component, module), in order of first appearance, summing to the report's
// power. Cells outside the hierarchy are "other" of kOutsideHierarchy, the switching of
// nets driven by the top's input ports (when counted) "other" of "(input ports)". Without
// cell names that carry instance paths (a flat synthesis) every cell counts for the top.
// Empty when the synthesis has no hierarchy. Throws std::logic_error for a cell whose
// instance path is not in the hierarchy (a netlist of another synthesis).
std::vector<ComponentPower> component_powers(const SynthesisResult& synthesis,
                                             const PowerReport& report);

// sum of factor x items over the terms, item by (component, module), in order of first
// appearance: the power of a design composed of simulated blocks.
struct WeightedComponents {
  double factor;
  const std::vector<ComponentPower>* items;
};
std::vector<ComponentPower> combine(const std::vector<WeightedComponents>& terms);

}  // namespace lutsim::ppa
