#include <functional>
#include <map>

#include "ppa/studies/kinds/ppa_studies.hpp"
#include "ppa/studies/ppa_study.hpp"

namespace lutsim::ppa {
namespace {

using Factory = std::function<std::unique_ptr<PpaStudy>(config::ConfigReader&, PpaRunSpec)>;

template <class S>
Factory make() {
  return [](config::ConfigReader& root, PpaRunSpec run) {
    return std::make_unique<S>(root, std::move(run));
  };
}

Factory make_dot_units(const DotUnitsStudy::Defaults& defaults) {
  return [&defaults](config::ConfigReader& root, PpaRunSpec run) {
    return std::make_unique<DotUnitsStudy>(root, std::move(run), defaults);
  };
}

// Every PPA study by its `study:` name.
const std::map<std::string, Factory>& registry() {
  static const std::map<std::string, Factory> studies{
      {"ppa_dot_units", make_dot_units(DotUnitsStudy::kDotUnits)},
      {"ppa_group_size", make<GroupSizeStudy>()},
      {"ppa_array_shapes", make<ArrayShapesStudy>()},
      {"ppa_weight_bits", make_dot_units(DotUnitsStudy::kWeightBits)},
      {"ppa_ablation", make<AblationStudy>()},
      {"ppa_tensor_core", make<TensorCoreStudy>()},
  };
  return studies;
}

}  // namespace

std::vector<std::string> ppa_study_names() {
  std::vector<std::string> names;
  for (const auto& [name, factory] : registry()) names.push_back(name);
  return names;
}

std::unique_ptr<PpaStudy> read_ppa_study(config::ConfigReader& root) {
  const auto study = root.get<std::string>(
      "study", {.description = "which PPA study", .allowed = ppa_study_names()});
  PpaRunSpec run = read_ppa_run_spec(root, study);
  return registry().at(study)(root, std::move(run));
}

}  // namespace lutsim::ppa
