#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config_files.hpp"
#include "core/specs/hardware_spec.hpp"

namespace lutsim {

// The hardware configs one study uses, loaded strictly when the study reads
// its spec, so that every hardware key can be overridden like a study key:
// an override "hw.<config>.<key>=<value>" (from --set or a sweep axis) is
// applied to configs/hw/<config>.yaml before it is read, <config> being the
// file's stem (a100_lut_4x). A key the hardware reader does not know is a
// ConfigError naming the override text and the key.
class HardwareConfigs {
 public:
  static constexpr std::string_view kPrefix = "hw.";

  // Files are parsed through `files`, which must outlive this object.
  HardwareConfigs(std::filesystem::path configs_dir, config::ConfigFiles& files);

  // Keeps the override if it addresses a hardware config (starts with
  // kPrefix) and says so; ConfigError if it does but names no key.
  bool route(std::string_view assignment);

  // The config `name_or_path` (see hardware_config_path) with the overrides
  // routed to its stem; loaded once, by stem (two paths with one stem are a
  // ConfigError at `where`).
  const HardwareSpec& load(const std::string& name_or_path, const config::ConfigReader& where,
                           std::string_view key);

  // load() of the config named by the string at `key` of `root`.
  const HardwareSpec& read(config::ConfigReader& root, std::string_view key,
                           std::string description);

  // Whether the config of `design` is the config of `base` or extends it,
  // directly or through others: whether `design` is built on that GPU. Both
  // are specs as load() returned them.
  bool builds_on(const HardwareSpec& design, const HardwareSpec& base) const;
  // "h100_lut_4x.yaml -> h100_sxm.yaml": the files of `spec`'s config, the
  // config first, then what it extends.
  std::string extends_text(const HardwareSpec& spec) const;

  // ConfigError for the first routed override whose config was not loaded,
  // listing the configs that were.
  void check_all_routed_used() const;

  // {stem: fully resolved hardware config} of every config loaded.
  nlohmann::json resolved() const;
  // resolved().dump(), from each config's text written when it was loaded
  // (once per run for a config no override touches).
  std::string resolved_text() const;

 private:
  struct Routed {
    std::string config;  // the stem it addresses
    std::string prefix;  // "hw.<config>."
    std::string rest;    // "<key>=<value>"
  };
  struct Loaded {
    std::filesystem::path path;
    HardwareSpec spec;
    nlohmann::json resolved;
    std::string resolved_text;                 // resolved.dump()
    std::vector<std::filesystem::path> files;  // canonical: the config, then what it extends
  };
  const Loaded& loaded_of(const HardwareSpec& spec) const;
  // The config at `path` with the overrides routed to `stem`, read strictly.
  Loaded read_config(const std::filesystem::path& path, const std::string& stem) const;

  std::filesystem::path configs_dir_;
  config::ConfigFiles& files_;
  std::vector<Routed> routed_;
  // Shared with the other HardwareConfigs of the run (through files_).
  std::map<std::string, std::shared_ptr<const Loaded>, std::less<>> loaded_;
};

}  // namespace lutsim
