#pragma once

#include <string_view>

namespace lutsim::cli {

struct EmbeddedConfig {
  std::string_view name;  // how errors and outputs refer to it
  std::string_view text;  // the YAML
};

// configs/studies/numerics_accuracy.yaml as it was at build time.
EmbeddedConfig embedded_default_config();

}  // namespace lutsim::cli
