#pragma once
// What pricing counted actions gives: their energy, or which counted action
// the pricing has no price for. One rule for every study that prices: an
// action without a price makes the energy "not priced", by name; never zero,
// never an exception that takes the latencies down with it.

#include <string>
#include <variant>

namespace lutsim::ppa {

// Joules of counted actions, by where they are spent.
struct EnergyBreakdown {
  double tensor_core_j = 0.0;  // MAC tensor-core MACs
  double lut_j = 0.0;          // LUT tensor-core lookups
  double cuda_core_j = 0.0;
  double register_file_j = 0.0;
  double smem_j = 0.0;
  double l2_j = 0.0;
  double dram_j = 0.0;
  double static_j = 0.0;  // static power x the run's time

  double total_j() const;
};

// A counted action the pricing has no price for: which action, which type.
struct NotPriced {
  std::string action;  // e.g. "tensor-core MACs"
  std::string type;    // e.g. "bf16"
  std::string pricing;  // the energy config that lacks it

  // "<pricing> has no price for bf16 tensor-core MACs"
  std::string message() const;
};

// Either the energy of counted actions or the first action without a price.
class EnergyEstimate {
 public:
  EnergyEstimate(EnergyBreakdown energy) : value_(energy) {}
  EnergyEstimate(NotPriced missing) : value_(std::move(missing)) {}

  bool priced() const { return std::holds_alternative<EnergyBreakdown>(value_); }
  // Throw std::logic_error when asked for the alternative the estimate does
  // not hold (callers ask priced() first).
  const EnergyBreakdown& energy() const;
  const NotPriced& not_priced() const;

 private:
  std::variant<EnergyBreakdown, NotPriced> value_;
};

}  // namespace lutsim::ppa
