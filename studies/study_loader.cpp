#include "studies/study_loader.hpp"

#include <stdexcept>

#include "core/config/output_name.hpp"
#include "studies/hardware_configs.hpp"

namespace lutsim {

LoadedStudy load_study(config::ConfigDocument doc, const std::vector<std::string>& overrides,
                       const std::filesystem::path& configs_dir, config::ConfigFiles& files,
                       const StudyRegistry& registry, LoadedParts parts) {
  HardwareConfigs hardware(configs_dir, files);
  for (const auto& o : overrides) {
    if (!hardware.route(o)) doc.apply_override(files.parsed_override(o));
  }
  auto root = doc.root();
  StudyContext context{configs_dir, hardware, files};
  LoadedStudy out;
  out.study = registry.create(root, context);
  out.kind = doc.resolved().at("study").get<std::string>();
  out.name = config::get_output_name(
      root, "name",
      {.description = "names the results folder (results/<name>/)", .default_value = out.kind});
  doc.check_all_consumed();
  hardware.check_all_routed_used();
  out.resolved = doc.take_resolved();
  out.member_texts["hw"] = hardware.resolved_text();
  if (parts == LoadedParts::kAll) {
    out.resolved["hw"] = hardware.resolved();
    out.params = doc.take_params();
  }
  return out;
}

LoadedStudy load_study(config::ConfigDocument doc, const std::vector<std::string>& overrides,
                       const std::filesystem::path& configs_dir, const StudyRegistry& registry) {
  config::ConfigFiles files;
  return load_study(std::move(doc), overrides, configs_dir, files, registry, LoadedParts::kAll);
}

nlohmann::json recorded_config(const LoadedStudy& loaded, const StudyResult& result) {
  if (!loaded.resolved.contains("hw")) {
    throw std::logic_error("recorded_config: the study " + loaded.name +
                           " was loaded without its hardware configs' JSON");
  }
  nlohmann::json config = loaded.resolved;
  config.update(result.record_notes);
  return config;
}

}  // namespace lutsim
