#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/config/config_document.hpp"
#include "core/config/config_files.hpp"
#include "studies/study.hpp"
#include "studies/study_registry.hpp"

namespace lutsim {

// What load_study keeps of the resolved config besides the study.
enum class LoadedParts {
  kAll,  // the resolved config with its hardware configs as JSON, the params
  // What a sweep point needs for its key and stored config: `resolved`
  // without "hw" (its text is in member_texts), no params. A sweep point
  // copies no JSON of the hardware configs it shares with other points.
  kSweepPoint,
};

// A study read from its config, ready to run.
struct LoadedStudy {
  std::unique_ptr<Study> study;
  std::string kind;  // its `study:` key
  std::string name;  // `name:`, default the kind: results go to results/<name>/
  // The study config resolved, with "hw": {config: resolved} (kAll)
  nlohmann::json resolved;
  // "hw" -> resolved["hw"].dump(), from each hardware config's text written
  // once per run when no override touches it: the whole config's text is
  // store::JsonObjectText(resolved, member_texts).text()
  std::map<std::string, std::string> member_texts;
  std::vector<config::ParamInfo> params;  // of the study config, in declaration order (kAll)
};

// Applies the overrides ("key=value"; "hw.<config>.<key>=value" goes to a
// hardware config, see HardwareConfigs), builds the study its `study:` key
// names and checks strictly that every key of every config was read. Every
// other config file (hardware, energy, models) is read through `files`.
// Throws config::ConfigError naming the file (or override) and key.
LoadedStudy load_study(config::ConfigDocument doc, const std::vector<std::string>& overrides,
                       const std::filesystem::path& configs_dir, config::ConfigFiles& files,
                       const StudyRegistry& registry = builtin_studies(),
                       LoadedParts parts = LoadedParts::kAll);
// The same, every file parsed for this study alone (a study keeps no
// reference to the files it was read with).
LoadedStudy load_study(config::ConfigDocument doc, const std::vector<std::string>& overrides,
                       const std::filesystem::path& configs_dir,
                       const StudyRegistry& registry = builtin_studies());

// The config the study's outputs record: `loaded.resolved` with the run's
// notes. std::logic_error for a study loaded without its hardware configs'
// JSON (LoadedParts::kSweepPoint).
nlohmann::json recorded_config(const LoadedStudy& loaded, const StudyResult& result);

}  // namespace lutsim
