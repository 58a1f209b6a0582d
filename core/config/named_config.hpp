#pragma once

#include <filesystem>
#include <string>

namespace lutsim {

// A config given as a name ("a100_lut_4x": <folder>/<name>.yaml) or as a path
// (it has a '/' or ends in .yaml, kept as given).
std::filesystem::path named_config_path(const std::string& name_or_path,
                                        const std::filesystem::path& folder);

}  // namespace lutsim
