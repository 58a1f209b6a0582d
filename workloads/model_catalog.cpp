#include "workloads/model_catalog.hpp"

#include <algorithm>
#include <cctype>
#include <system_error>

#include "core/config/config_files.hpp"
#include "core/config/config_error.hpp"
#include "workloads/hf_config.hpp"

namespace lutsim {
namespace {

namespace fs = std::filesystem;
using config::ConfigError;

std::string lower_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

bool is_yaml(const fs::path& p) {
  const std::string ext = lower_extension(p);
  return ext == ".yaml" || ext == ".yml";
}

bool looks_like_path(std::string_view arg) {
  const fs::path p(arg);
  return arg.find('/') != std::string_view::npos || is_yaml(p) || lower_extension(p) == ".json";
}

}  // namespace

std::string model_key(std::string_view name) {
  std::string key;
  for (unsigned char c : name) {
    if (std::isalnum(c)) key += static_cast<char>(std::tolower(c));
  }
  return key;
}

ModelSpec load_model_yaml(const fs::path& file) {
  return read_model_yaml(config::ConfigDocument::load_file(file));
}

ModelSpec read_model_yaml(config::ConfigDocument doc) {
  auto root = doc.root();
  ModelSpec spec = read_model(root);
  doc.check_all_consumed();
  return spec;
}

std::optional<fs::path> find_configs_dir(const std::vector<fs::path>& starts) {
  for (const auto& start : starts) {
    std::error_code ec;
    const fs::path first = fs::absolute(start, ec);
    if (ec) continue;
    for (fs::path dir = first; !dir.empty(); dir = dir.parent_path()) {
      std::error_code missing;  // a folder that is not there is no error here
      if (fs::is_directory(dir / "configs" / "models", missing)) return dir / "configs";
      if (dir == dir.root_path()) break;
    }
  }
  return std::nullopt;
}

ModelCatalog::ModelCatalog(const fs::path& configs_dir) : models_dir_(configs_dir / "models") {
  std::error_code ec;
  if (!fs::is_directory(models_dir_, ec)) {
    throw ConfigError({models_dir_.string(), 0, 0}, "", "expected a folder of model configs");
  }
  for (const auto& entry : fs::directory_iterator(models_dir_)) {
    if (!entry.is_regular_file() || !is_yaml(entry.path())) continue;
    const std::string key = model_key(entry.path().stem().string());
    const auto [it, added] = files_.emplace(key, entry.path());
    if (!added) {
      throw ConfigError(
          {entry.path().string(), 0, 0}, "",
          "model name clashes with " + it->second.string() + " (both read as '" + key + "')");
    }
  }
}

std::vector<std::string> ModelCatalog::names() const {
  std::vector<std::string> out;
  for (const auto& [key, file] : files_) out.push_back(file.stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<fs::path> ModelCatalog::find(std::string_view name) const {
  const auto it = files_.find(model_key(name));
  if (it == files_.end()) return std::nullopt;
  return it->second;
}

ModelSpec ModelCatalog::load(std::string_view name_or_path) const {
  config::ConfigFiles files;
  return load(name_or_path, files);
}

std::optional<std::string> ModelCatalog::not_found(std::string_view name_or_path) const {
  if (looks_like_path(name_or_path)) {
    std::error_code ignored;
    if (fs::is_regular_file(fs::path(name_or_path), ignored)) return std::nullopt;
    return "no model file '" + std::string(name_or_path) + "'";
  }
  if (find(name_or_path)) return std::nullopt;
  std::string known;
  for (const auto& n : names()) known += (known.empty() ? "" : ", ") + n;
  return "unknown model '" + std::string(name_or_path) + "' (known: " + known +
         "; or give a path to a .yaml or a config.json)";
}

ModelSpec ModelCatalog::load(std::string_view name_or_path, config::ConfigFiles& files) const {
  if (looks_like_path(name_or_path)) {
    const fs::path file(name_or_path);
    if (lower_extension(file) == ".json") return load_hf_config(file);
    return read_model_yaml(files.load(file));
  }
  if (const auto file = find(name_or_path)) return read_model_yaml(files.load(*file));
  throw ConfigError({models_dir_.string(), 0, 0}, "", *not_found(name_or_path));
}

}  // namespace lutsim
