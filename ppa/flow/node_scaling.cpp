#include "ppa/flow/node_scaling.hpp"

#include <sstream>
#include <stdexcept>

namespace lutsim::ppa {

NodeScaling node_scaling(double from_node_nm, double from_supply_v, double to_node_nm,
                         double to_supply_v) {
  if (from_node_nm <= 0 || to_node_nm <= 0 || from_supply_v <= 0 || to_supply_v <= 0) {
    throw std::invalid_argument("node scaling: nodes and supply voltages must be positive");
  }
  NodeScaling k;
  k.from_node_nm = from_node_nm;
  k.to_node_nm = to_node_nm;
  k.from_supply_v = from_supply_v;
  k.to_supply_v = to_supply_v;
  const double s = to_node_nm / from_node_nm;
  const double v = to_supply_v / from_supply_v;
  k.area = s * s;
  k.delay = s;
  k.energy = s * v * v;
  k.power = k.energy;
  std::ostringstream m;
  m << "constant-field (Dennard) scaling, Dennard et al., IEEE JSSC SC-9(5), 1974: " << from_node_nm
    << " nm " << from_supply_v << " V -> " << to_node_nm << " nm " << to_supply_v
    << " V; area x (L'/L)^2 = " << k.area << ", delay x L'/L = " << k.delay
    << ", energy and power at equal clock x (L'/L)(V'/V)^2 = " << k.energy
    << "; first-order only (inaccurate for FinFET nodes; leakage not modeled)";
  k.method = m.str();
  return k;
}

NodeScaling scaling_to_comparison_node(const CellLibrary& library) {
  NodeScaling k =
      node_scaling(library.node_nm, library.supply_v, kComparisonNodeNm, kComparisonSupplyV);
  k.method += "; " + library.name + " supply " + std::to_string(library.supply_v).substr(0, 4) +
              " V from its liberty, 28 nm supply 0.9 V assumed";
  return k;
}

}  // namespace lutsim::ppa
