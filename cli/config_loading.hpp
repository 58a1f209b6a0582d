#pragma once

#include <string>
#include <vector>

#include "core/config/config_document.hpp"

namespace lutsim::cli {

// Loads the config at `path`, or the embedded default study config when
// `path` is empty, then applies each "key=value" override in order.
config::ConfigDocument load_config(const std::string& path, const std::vector<std::string>& sets);

}  // namespace lutsim::cli
