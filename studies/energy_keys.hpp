#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/config/config_reader.hpp"
#include "core/io/result_table.hpp"
#include "core/specs/action_counts.hpp"
#include "ppa/energy/energy_pricing.hpp"
#include "studies/study.hpp"

namespace lutsim {

// The `energy` key of a study that prices its action counts: a name in
// <configs_dir>/energy or a path (default nangate45_hbm2), read and priced
// once per context.files.
ppa::EnergyPricing read_energy_key(config::ConfigReader& root, const StudyContext& context);
// The same, the pricing context.files keeps (shared by the run's studies).
std::shared_ptr<const ppa::EnergyPricing> read_shared_energy_key(config::ConfigReader& root,
                                                                 const StudyContext& context);

// The pricing as a run record keeps it: name, file, what is counted and one
// line per price with its source.
nlohmann::json energy_record(const ppa::EnergyPricing& pricing);

// mJ per token of `energy` spread over `tokens`.
double energy_per_token_mj(const ppa::EnergyBreakdown& energy, std::int64_t tokens);

// A cell of an energy_per_token column: mJ/token when priced, else
// "not priced: <energy config> has no price for <type> <action>", so a row
// keeps its latency and names the missing price.
ResultTable::Cell energy_per_token_cell(const ppa::EnergyEstimate& estimate, std::int64_t tokens);

// The column description of energy per token.
inline constexpr const char* kEnergyPerTokenText =
    "energy of one forward pass (its actions + static power x latency) / its tokens: batch x "
    "seq_len (prefill) or batch (decode)";

}  // namespace lutsim
