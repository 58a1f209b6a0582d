#pragma once
// The committed default energy pricing, configs/energy/nangate45_hbm2.yaml,
// loaded once, for tests run from the repo root.

#include "ppa/energy/energy_pricing.hpp"

namespace lutsim::test {

inline const ppa::EnergyPricing& committed_pricing() {
  static const ppa::EnergyPricing p =
      ppa::load_energy_pricing("configs/energy/nangate45_hbm2.yaml");
  return p;
}

}  // namespace lutsim::test
