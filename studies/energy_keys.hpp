#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "core/config/config_reader.hpp"
#include "core/specs/action_counts.hpp"
#include "ppa/energy/energy_pricing.hpp"

namespace lutsim {

// The `energy` key of a study that prices its action counts: a name in
// <configs_dir>/energy or a path (default nangate45_hbm2).
ppa::EnergyPricing read_energy_key(config::ConfigReader& root,
                                   const std::filesystem::path& configs_dir);

// The pricing as a run record keeps it: name, file, what is counted and one
// line per price with its source.
nlohmann::json energy_record(const ppa::EnergyPricing& pricing);

// mJ per token of `actions` spread over `tokens`. Throws std::invalid_argument
// naming an action that was counted but has no price.
double energy_per_token_mj(const ppa::EnergyPricing& pricing, const ActionCounts& actions,
                           std::int64_t tokens);

// The column description of energy per token.
inline constexpr const char* kEnergyPerTokenText =
    "energy of one forward pass / its tokens: batch x seq_len (prefill) or batch (decode)";

}  // namespace lutsim
