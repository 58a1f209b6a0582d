#include "cli/config_loading.hpp"

#include "cli/embedded_config.hpp"

namespace lutsim::cli {

config::ConfigDocument load_config(const std::string& path, const std::vector<std::string>& sets) {
  auto doc = [&] {
    if (!path.empty()) return config::ConfigDocument::load_file(path);
    const EmbeddedConfig e = embedded_default_config();
    return config::ConfigDocument::load_string(e.text, std::string(e.name), ".");
  }();
  for (const auto& s : sets) doc.apply_override(s);
  return doc;
}

}  // namespace lutsim::cli
