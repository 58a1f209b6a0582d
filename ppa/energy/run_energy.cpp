#include "ppa/energy/run_energy.hpp"

namespace lutsim::ppa {

std::variant<double, NotPriced> static_power_w(const EnergyPricing& pricing,
                                               const HardwareSpec& gpu) {
  if (!gpu.static_power) {
    return NotPriced{"power (key power.static_w)", "static", "hardware config " + gpu.name};
  }
  double watts = gpu.static_power->watts;
  if (gpu.lut_tensor_core) {
    const TableEntryFormat format = gpu.lut_tensor_core->table_format;
    const auto leakage = pricing.lut_array_leakage.find(format);
    if (leakage == pricing.lut_array_leakage.end()) {
      return NotPriced{"LUT array leakage", std::string(to_string(format)),
                       pricing.file.string()};
    }
    const double lookups_per_cycle = static_cast<double>(gpu.sm_count) *
                                     gpu.tensor_cores_per_sm *
                                     gpu.lut_tensor_core->one_bit_lookups_per_cycle();
    watts += leakage->second.watts * lookups_per_cycle / leakage->second.one_bit_lookups_per_cycle;
  }
  return watts;
}

EnergyEstimate price_run(const EnergyPricing& pricing, const HardwareSpec& gpu,
                         const ActionCounts& counts, double seconds) {
  EnergyEstimate dynamic = price_actions(pricing, counts);
  if (!dynamic.priced()) return dynamic;
  const auto watts = static_power_w(pricing, gpu);
  if (const auto* missing = std::get_if<NotPriced>(&watts)) return *missing;
  EnergyBreakdown e = dynamic.energy();
  e.static_j = std::get<double>(watts) * seconds;
  return e;
}

}  // namespace lutsim::ppa
