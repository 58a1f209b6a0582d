#include "studies/study_registry.hpp"

#include <stdexcept>

#include "studies/accuracy/accuracy_study.hpp"
#include "studies/compare/compare_study.hpp"
#include "studies/design_point/design_point_study.hpp"
#include "studies/gemm/gemm_study.hpp"
#include "studies/model/model_study.hpp"
#include "studies/ppa/ppa_study_job.hpp"

namespace lutsim {

void StudyRegistry::add(std::string name, StudyFactory factory) {
  if (!factories_.emplace(name, std::move(factory)).second) {
    throw std::logic_error("study '" + name + "' registered twice");
  }
}

std::unique_ptr<Study> StudyRegistry::create(config::ConfigReader& root,
                                             StudyContext& context) const {
  const auto kind = root.get<std::string>(
      "study",
      {.description = "which study runs (its spec is the rest of the config)", .allowed = names()});
  return factories_.find(kind)->second(root, context);
}

std::vector<std::string> StudyRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& [name, factory] : factories_) out.push_back(name);
  return out;
}

const StudyRegistry& builtin_studies() {
  static const StudyRegistry registry = [] {
    StudyRegistry r;
    r.add<AccuracyStudy>();
    r.add<CompareStudy>();
    r.add<DesignPointStudy>();
    r.add<GemmStudy>();
    r.add<ModelStudy>();
    for (const std::string& name : ppa::ppa_study_names()) {
      r.add(name, [](config::ConfigReader& root, StudyContext& context) {
        return std::make_unique<PpaStudyJob>(root, context);
      });
    }
    return r;
  }();
  return registry;
}

}  // namespace lutsim
