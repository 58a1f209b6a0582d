#pragma once

#include <string>
#include <vector>

#include "core/io/result_table.hpp"
#include "studies/compare/compare_study.hpp"

namespace lutsim {

// Every row with its latency, energy per token (its action counts priced by
// `pricing` plus its GPU's static power x its latency; a row whose actions have no price keeps its latency and says
// which price is missing) and speedups, in the rows' order.
ResultTable compare_table(const std::vector<CompareRow>& rows, const ppa::EnergyPricing& pricing);

// The distinct missing prices of the rows (empty when every row is priced),
// e.g. "<energy config> has no price for int8_quantized LUT lookups".
std::vector<std::string> energy_not_priced(const std::vector<CompareRow>& rows,
                                           const ppa::EnergyPricing& pricing);

// For people: per model, scenario and precision, the FP16 baseline's latency
// and each low-bit system's speedup over it.
ResultTable compare_summary_table(const std::vector<CompareRow>& rows);

}  // namespace lutsim
