#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <typeindex>
#include <utility>

#include "core/config/config_document.hpp"

namespace lutsim::config {

// The config files one run reads, each parsed once: a sweep reads the same
// study, hardware, energy, model and component-table files at every point,
// and parsing YAML costs far more than running a tile-model point. load()
// hands out a fresh, unread copy of the parsed file, so overrides, strict
// reading and the unknown-key check work on it exactly as on
// ConfigDocument::load_file's, with the same file:line:column in errors.
// Owned by whoever runs the points (no global cache); safe to use from several
// threads at once.
class ConfigFiles {
 public:
  // ConfigDocument::load_file(path) the first time, a copy of that parse
  // after. A file that fails to load is not kept: it throws every time.
  ConfigDocument load(const std::filesystem::path& path);

  // ParsedOverride::parse(assignment, routed_prefix) the first time, the same
  // parse after (a sweep applies each axis value to many points).
  ParsedOverride parsed_override(std::string_view assignment, std::string_view routed_prefix = "");

  // The T that parse(path) returns, made once per file and type: for files
  // read by a parser of their own (a component table). Shared and immutable.
  template <class T, class Parse>
  std::shared_ptr<const T> parsed(const std::filesystem::path& path, Parse&& parse);

 private:
  using Key = std::pair<std::filesystem::path, std::type_index>;
  std::shared_ptr<const void> find(const Key& key);
  // Keeps `made` unless another thread kept one first; returns the one kept.
  std::shared_ptr<const void> keep(const Key& key, std::shared_ptr<const void> made);

  std::mutex mutex_;
  std::map<Key, std::shared_ptr<const void>> parsed_;
};

template <class T, class Parse>
std::shared_ptr<const T> ConfigFiles::parsed(const std::filesystem::path& path, Parse&& parse) {
  const Key key{path, std::type_index(typeid(T))};
  std::shared_ptr<const void> found = find(key);
  // Parsed outside the lock, so a parser may load other files through this
  // object; two threads may both parse a file the first time, one result is kept.
  if (!found) found = keep(key, std::make_shared<const T>(parse(path)));
  return std::static_pointer_cast<const T>(found);
}

}  // namespace lutsim::config
