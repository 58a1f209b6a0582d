#include "ppa/energy/energy_estimate.hpp"

#include <stdexcept>

namespace lutsim::ppa {

double EnergyBreakdown::total_j() const {
  return tensor_core_j + lut_j + cuda_core_j + register_file_j + smem_j + l2_j + dram_j + static_j;
}

std::string NotPriced::message() const {
  return pricing + " has no price for " + type + " " + action;
}

const EnergyBreakdown& EnergyEstimate::energy() const {
  if (!priced()) throw std::logic_error("energy asked of an estimate that is not priced");
  return std::get<EnergyBreakdown>(value_);
}

const NotPriced& EnergyEstimate::not_priced() const {
  if (priced()) throw std::logic_error("not_priced asked of an estimate that is priced");
  return std::get<NotPriced>(value_);
}

}  // namespace lutsim::ppa
