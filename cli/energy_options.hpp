#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "ppa/energy/energy_pricing.hpp"

namespace lutsim::cli {

// Adds --energy (a name in configs/energy or a path; default nangate45_hbm2).
void add_energy_option(CLI::App& cmd, std::string& energy);

// The energy config `name_or_path` names: <configs_dir>/energy/<name>.yaml or the path.
ppa::EnergyPricing load_energy(const std::string& name_or_path,
                               const std::filesystem::path& configs_dir);

// The pricing as a run record keeps it: name, file, one line per price with its source.
nlohmann::json energy_record(const ppa::EnergyPricing& pricing);

// mJ per token of `actions` spread over `tokens`.
double energy_per_token_mj(const ppa::EnergyPricing& pricing, const ActionCounts& actions,
                           std::int64_t tokens);

// The column description of energy per token.
inline constexpr const char* kEnergyPerTokenText =
    "energy of one forward pass / its tokens: batch x seq_len (prefill) or batch (decode)";

}  // namespace lutsim::cli
