#include "studies/hardware_configs.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "core/config/config_document.hpp"

namespace lutsim {
namespace {

config::ConfigError override_error(std::string_view assignment, std::string key_path,
                                   std::string message) {
  return config::ConfigError({"--set " + std::string(assignment), 1, 7}, std::move(key_path),
                             std::move(message));
}

}  // namespace

HardwareConfigs::HardwareConfigs(std::filesystem::path configs_dir, config::ConfigFiles& files)
    : configs_dir_(std::move(configs_dir)), files_(files) {}

bool HardwareConfigs::route(std::string_view assignment) {
  if (!assignment.starts_with(kPrefix)) return false;
  const std::size_t equals = assignment.find('=');
  const std::size_t dot = assignment.find('.', kPrefix.size());
  if (dot == std::string_view::npos || dot == kPrefix.size() || dot > equals) {
    throw override_error(assignment, std::string(assignment.substr(0, equals)),
                         "expected hw.<config>.<key>=<value>, <config> a hardware config the "
                         "study uses (e.g. hw.a100_lut_4x.lut_tensor_core.array_n=128)");
  }
  routed_.push_back({std::string(assignment.substr(kPrefix.size(), dot - kPrefix.size())),
                     std::string(assignment.substr(0, dot + 1)),
                     std::string(assignment.substr(dot + 1))});
  return true;
}

const HardwareSpec& HardwareConfigs::load(const std::string& name_or_path,
                                          const config::ConfigReader& where, std::string_view key) {
  const std::filesystem::path path = hardware_config_path(name_or_path, configs_dir_);
  const std::string stem = path.stem().string();
  if (const auto found = loaded_.find(stem); found != loaded_.end()) {
    if (found->second->path != path) {
      throw where.error(key, "hardware configs " + found->second->path.string() + " and " +
                                 path.string() + " share the name '" + stem +
                                 "' that hw.<config> overrides address");
    }
    return found->second->spec;
  }
  // The spec is a pure function of the file and its overrides: without
  // overrides it is read once per run (every point of a sweep that sets no
  // key of this config shares it, and looks at no file); with them, for this
  // object alone, so the run keeps no copy per point.
  const auto read = [&](const std::filesystem::path& file) {
    std::error_code ignored;
    if (!std::filesystem::is_regular_file(file, ignored)) {
      throw where.error(key, "'" + name_or_path + "' names no hardware config: " + file.string() +
                                 (std::filesystem::exists(file, ignored) ? " is not a regular file"
                                                                         : " does not exist"));
    }
    return read_config(file, stem);
  };
  const bool overridden = std::any_of(routed_.begin(), routed_.end(),
                                      [&](const Routed& r) { return r.config == stem; });
  auto loaded = overridden ? std::make_shared<const Loaded>(read(path))
                           : files_.parsed<Loaded>(path, read);
  return loaded_.emplace(stem, std::move(loaded)).first->second->spec;
}

HardwareConfigs::Loaded HardwareConfigs::read_config(const std::filesystem::path& path,
                                                     const std::string& stem) const {
  auto doc = files_.load(path);
  for (const Routed& r : routed_) {
    if (r.config == stem) doc.apply_override(files_.parsed_override(r.rest, r.prefix));
  }
  auto root = doc.root();
  HardwareSpec spec = read_hardware(root);
  doc.check_all_consumed();
  std::vector<std::filesystem::path> files;
  for (const std::string& f : doc.extends_chain()) {
    std::error_code ec;
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(f, ec);
    files.push_back(ec ? std::filesystem::path(f).lexically_normal() : canonical);
  }
  nlohmann::json resolved = doc.resolved();
  std::string text = resolved.dump();
  return {path, std::move(spec), std::move(resolved), std::move(text), std::move(files)};
}

const HardwareConfigs::Loaded& HardwareConfigs::loaded_of(const HardwareSpec& spec) const {
  for (const auto& [stem, loaded] : loaded_) {
    if (&loaded->spec == &spec) return *loaded;
  }
  throw std::logic_error("HardwareConfigs: " + spec.name + " was not loaded here");
}

bool HardwareConfigs::builds_on(const HardwareSpec& design, const HardwareSpec& base) const {
  const auto& files = loaded_of(design).files;
  return std::find(files.begin(), files.end(), loaded_of(base).files.front()) != files.end();
}

std::string HardwareConfigs::extends_text(const HardwareSpec& spec) const {
  std::string text;
  for (const auto& f : loaded_of(spec).files) {
    text += (text.empty() ? "" : " -> ") + f.filename().string();
  }
  return text;
}

const HardwareSpec& HardwareConfigs::read(config::ConfigReader& root, std::string_view key,
                                          std::string description) {
  return load(root.get<std::string>(key, {.description = std::move(description)}), root, key);
}

void HardwareConfigs::check_all_routed_used() const {
  for (const Routed& r : routed_) {
    if (loaded_.count(r.config)) continue;
    std::string used;
    for (const auto& [stem, loaded] : loaded_) used += (used.empty() ? "" : ", ") + stem;
    throw override_error(r.prefix + r.rest, "hw." + r.config,
                         "the study uses no hardware config '" + r.config +
                             "' (it uses: " + (used.empty() ? "none" : used) + ")");
  }
}

nlohmann::json HardwareConfigs::resolved() const {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [stem, loaded] : loaded_) out[stem] = loaded->resolved;
  return out;
}

std::string HardwareConfigs::resolved_text() const {
  // Members in key order, as dump() writes an object: loaded_ is ordered by stem.
  std::string out = "{";
  for (const auto& [stem, loaded] : loaded_) {
    if (out.size() > 1) out += ',';
    out += nlohmann::json(stem).dump() + ':' + loaded->resolved_text;
  }
  return out + '}';
}

}  // namespace lutsim
