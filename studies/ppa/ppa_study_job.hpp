#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "ppa/studies/ppa_study.hpp"
#include "studies/study.hpp"

namespace lutsim {

// Every PPA study (ppa/studies/kinds: ppa_dot_units, ppa_group_size, ...) as
// a Study, registered under its own `study:` name, so `lutsim ppa` and
// `lutsim sweep` run it like any other study. Besides the PPA study's spec
// it reads where the run finds rtl/ and ppa/ (`source_dir`, default: the
// folder above the configs) and where it caches synthesized designs by
// content (`cache_dir`). Tables <name> (one row per design point) and
// <name>_modules (area per RTL module of every synthesized design).
class PpaStudyJob final : public Study {
 public:
  PpaStudyJob(config::ConfigReader& root, StudyContext& context);
  std::string plan() const override;
  StudyResult run(const StudyProgress& progress) const override;

 private:
  std::unique_ptr<ppa::PpaStudy> study_;
  std::filesystem::path source_dir_;
  std::filesystem::path cache_dir_;
  int jobs_ = 1;  // resolved: the spec's, one per core when it says 0
};

}  // namespace lutsim
