#include "core/config/config_files.hpp"

namespace lutsim::config {

ConfigDocument ConfigFiles::load(const std::filesystem::path& path) {
  return parsed<ConfigDocument>(path, [](const std::filesystem::path& p) {
           return ConfigDocument::load_file(p);
         })->copy();
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
