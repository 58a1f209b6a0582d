#pragma once

#include <vector>

#include "core/io/result_table.hpp"
#include "studies/compare/compare_study.hpp"

namespace lutsim {

// Every row with its latency, energy per token (its action counts priced by
// `pricing`) and speedups, in the rows' order.
ResultTable compare_table(const std::vector<CompareRow>& rows, const ppa::EnergyPricing& pricing);

// For people: per model, scenario and precision, the FP16 baseline's latency
// and each low-bit system's speedup over it.
ResultTable compare_summary_table(const std::vector<CompareRow>& rows);

}  // namespace lutsim
