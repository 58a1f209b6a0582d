#pragma once
// Scaling area, delay and energy/power from a cell library's technology node to
// another node, for comparison with results published in that node (28 nm).
//
// Method: classical constant-field (Dennard) scaling, R. H. Dennard et al.,
// "Design of ion-implanted MOSFET's with very small physical dimensions", IEEE
// J. Solid-State Circuits SC-9(5), 1974, with the supply voltage of each node
// stated rather than scaled with the feature size:
//   s = L_to / L_from;  area x s^2;  delay x s;  capacitance x s;
//   dynamic energy per operation x s * (V_to / V_from)^2;
//   power at the same clock frequency x the energy factor.
// Stillmaker & Baas (Integration 58, 2017) fit more accurate factors, but only
// for 180, 130, 90, 65, 45, 32, 20, 16, 14, 10 and 7 nm: 28 nm is not one of
// their nodes. Classical scaling is known to be inaccurate in deep-submicron
// and FinFET nodes (Stillmaker & Baas report errors up to 83x), most of all for
// leakage, which it does not model: treat scaled figures as first-order, and
// scaled leakage (same factor as power) as a rough placeholder.

#include <string>

#include "ppa/flow/cell_library.hpp"

namespace lutsim::ppa {

// The node published comparisons use, and the supply voltage assumed for it
// (an assumption, not a property of any library used here: a nominal core
// supply of 28 nm bulk CMOS).
inline constexpr double kComparisonNodeNm = 28.0;
inline constexpr double kComparisonSupplyV = 0.9;

struct NodeScaling {
  double from_node_nm = 0, to_node_nm = 0;
  double from_supply_v = 0, to_supply_v = 0;
  double area = 1;     // multiply an area by this
  double delay = 1;    // multiply a delay by this (divide a clock frequency by it)
  double energy = 1;   // multiply a dynamic energy per operation by this
  double power = 1;    // multiply a power at an unchanged clock frequency by this
  std::string method;  // the method, its source and the assumed voltages, for reports
};

// Factors from (node, supply) to (node, supply). Throws std::invalid_argument
// for a non-positive node or voltage.
NodeScaling node_scaling(double from_node_nm, double from_supply_v, double to_node_nm,
                         double to_supply_v);

// From the library's node and nominal supply to kComparisonNodeNm at
// kComparisonSupplyV.
NodeScaling scaling_to_comparison_node(const CellLibrary& library);

}  // namespace lutsim::ppa
