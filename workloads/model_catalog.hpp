#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config_files.hpp"
#include "core/specs/model_spec.hpp"

namespace lutsim {

// The key a model is looked up by: lower case, letters and digits only, so
// that "Llama-2-70B", "llama2_70b" and "LLAMA 2 70b" all give "llama270b".
std::string model_key(std::string_view name);

// Reads one model YAML strictly (read_model, then check_all_consumed).
// Throws config::ConfigError.
ModelSpec load_model_yaml(const std::filesystem::path& file);
// The same, of a model YAML already loaded as `doc`.
ModelSpec read_model_yaml(config::ConfigDocument doc);

// The first `<dir>/configs` holding a `models` folder, looking in each start
// directory and then its parents, in the order given (e.g. the binary's
// folder, then the working directory).
std::optional<std::filesystem::path> find_configs_dir(
    const std::vector<std::filesystem::path>& starts);

// The models of <configs_dir>/models/*.yaml, looked up by name or path. The
// catalog reads only that folder and the paths it is given.
class ModelCatalog {
 public:
  // Lists the folder (does not parse the files). Throws config::ConfigError
  // when <configs_dir>/models is not a folder or two files share a key.
  explicit ModelCatalog(const std::filesystem::path& configs_dir);

  const std::filesystem::path& models_dir() const { return models_dir_; }

  // File stems, sorted: {"bitnet_b158_1_3b", ..., "opt_6_7b"}.
  std::vector<std::string> names() const;

  // The file for a model name (matched by model_key against file stems).
  std::optional<std::filesystem::path> find(std::string_view name) const;

  // Why `name_or_path` names no model (neither a catalog name nor an existing
  // file), for a caller to report at its own key; nothing when it names one.
  std::optional<std::string> not_found(std::string_view name_or_path) const;

  // A model by name ("OPT-175B", case and punctuation ignored) or by path: an
  // argument holding a '/' or ending in .yaml/.yml/.json is a path; a .json
  // file is read as a Hugging Face config.json (load_hf_config). Throws
  // config::ConfigError for an unknown name (listing the known ones) or a bad
  // file.
  ModelSpec load(std::string_view name_or_path) const;
  // The same, with YAML files parsed through `files` (each once per run).
  ModelSpec load(std::string_view name_or_path, config::ConfigFiles& files) const;

 private:
  std::filesystem::path models_dir_;
  std::map<std::string, std::filesystem::path> files_;  // model_key(stem) -> file
};

}  // namespace lutsim
