#include "core/config/named_config.hpp"

namespace lutsim {

std::filesystem::path named_config_path(const std::string& name_or_path,
                                        const std::filesystem::path& folder) {
  if (name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".yaml")) {
    return name_or_path;
  }
  return folder / (name_or_path + ".yaml");
}

}  // namespace lutsim
