#pragma once
// The energy of a run on one GPU: its counted actions priced by an energy
// config (dynamic) plus the GPU's static power for the run's whole time.
// Static power = the GPU's measured idle board power (hardware config,
// power.static_w; it holds the leakage of everything the base GPU has) + the
// leakage of its LUT tensor-core arrays (analytic PPA model, energy config).

#include <variant>

#include "core/specs/action_counts.hpp"
#include "core/specs/hardware_spec.hpp"
#include "ppa/energy/energy_estimate.hpp"
#include "ppa/energy/energy_pricing.hpp"

namespace lutsim::ppa {

// Watts `gpu` draws however busy it is, or what is missing to price them: a
// hardware config without power.static_w, or a LUT table format whose array
// leakage the energy config does not price.
std::variant<double, NotPriced> static_power_w(const EnergyPricing& pricing,
                                               const HardwareSpec& gpu);

// Dynamic energy of `counts` plus static power x `seconds`, or the first
// missing price (actions first).
EnergyEstimate price_run(const EnergyPricing& pricing, const HardwareSpec& gpu,
                         const ActionCounts& counts, double seconds);

}  // namespace lutsim::ppa
