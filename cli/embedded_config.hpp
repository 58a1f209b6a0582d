#pragma once

#include <string_view>

namespace lutsim::cli {

struct EmbeddedConfig {
  std::string_view name;  // how errors and outputs refer to it
  std::string_view text;  // the YAML
};

// Study configs as they were at build time, so the commands run without a
// config file: configs/studies/numerics_accuracy.yaml and compare_default.yaml.
EmbeddedConfig embedded_accuracy_config();
EmbeddedConfig embedded_compare_config();

}  // namespace lutsim::cli
