#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/embedded_config.hpp"
#include "core/config/config_document.hpp"

namespace lutsim::cli {

// Loads the config at `path`, or `fallback` (an embedded config) when `path`
// is empty, then applies each "key=value" override in order.
config::ConfigDocument load_config(const std::string& path, const std::vector<std::string>& sets,
                                   std::optional<EmbeddedConfig> fallback = std::nullopt);

// The configs/ folder holding hw/ and models/: `given` when not empty, else
// the first found above the lutsim binary, then above the working directory.
// Throws std::runtime_error saying where it looked.
std::filesystem::path configs_dir(const std::string& given);

}  // namespace lutsim::cli
