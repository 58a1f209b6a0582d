#include "core/config/config_files.hpp"

namespace lutsim::config {

ConfigDocument ConfigFiles::load(const std::filesystem::path& path) {
  return parsed<ConfigDocument>(path, [](const std::filesystem::path& p) {
           return ConfigDocument::load_file(p);
         })->copy();
}

ParsedOverride ConfigFiles::parsed_override(std::string_view assignment,
                                            std::string_view routed_prefix) {
  // Kept beside the files under its text; a newline (never in a routed
  // prefix, which is a key path) ends the prefix.
  const std::string text = "--set " + std::string(routed_prefix) + "\n" + std::string(assignment);
  return *parsed<ParsedOverride>(text, [&](const std::filesystem::path&) {
    return ParsedOverride::parse(assignment, routed_prefix);
  });
}

std::shared_ptr<const void> ConfigFiles::find(const Key& key) {
  std::lock_guard lock(mutex_);
  const auto it = parsed_.find(key);
  return it == parsed_.end() ? nullptr : it->second;
}

std::shared_ptr<const void> ConfigFiles::keep(const Key& key, std::shared_ptr<const void> made) {
  std::lock_guard lock(mutex_);
  return parsed_.try_emplace(key, std::move(made)).first->second;
}

}  // namespace lutsim::config
