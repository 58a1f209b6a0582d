#pragma once

#include <string>
#include <string_view>

#include "core/config/config_reader.hpp"

namespace lutsim::config {

// Reads a string that names a folder or file a run writes under its output
// folder (a study's `name:`). It must be one path component of letters,
// digits, '_', '-' and '.', not starting with '.', at most kMaxOutputNameLength
// characters: so it can neither climb out ("../x"), start elsewhere ("/x"),
// nor hide. Anything else is a ConfigError at the key saying so.
inline constexpr std::size_t kMaxOutputNameLength = 100;
std::string get_output_name(ConfigReader& reader, std::string_view key,
                            const Param<std::string>& param);

}  // namespace lutsim::config
