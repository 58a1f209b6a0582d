#include "studies/ppa/ppa_study_job.hpp"

#include <algorithm>
#include <thread>

#include "ppa/flow/cell_library.hpp"
#include "ppa/flow/node_scaling.hpp"

namespace lutsim {

PpaStudyJob::PpaStudyJob(config::ConfigReader& root, StudyContext& context)
    : study_(ppa::read_ppa_study(root)) {
  source_dir_ = root.get<std::string>(
      "source_dir", {.description = "lutsim source tree holding rtl/ and ppa/ (the full flow "
                                    "synthesizes its rtl/); default: the folder above the configs",
                     .default_value = context.configs_dir.parent_path().string()});
  cache_dir_ = root.get<std::string>(
      "cache_dir", {.description = "where evaluated designs are cached, keyed by the content of "
                                   "their RTL, cell library and settings",
                    .default_value = std::string("results/ppa_cache")});
  const int jobs = study_->run_spec().jobs;
  jobs_ = jobs > 0 ? jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

std::string PpaStudyJob::plan() const {
  const ppa::PpaRunSpec& spec = study_->run_spec();
  return std::to_string(study_->plan().rows.size()) + " rows on " + spec.library + " (" +
         spec.method + "), " + std::to_string(jobs_) + " design(s) evaluated in parallel; cache " +
         cache_dir_.string();
}

StudyResult PpaStudyJob::run(const StudyProgress& progress) const {
  const ppa::PpaRunSpec& spec = study_->run_spec();
  ppa::PpaRunOptions options;
  options.evaluate = ppa::make_evaluator(spec, source_dir_, cache_dir_);
  options.jobs = jobs_;
  options.scaling = ppa::scaling_to_comparison_node(ppa::cell_library(spec.library));
  options.progress = progress;
  ppa::PpaStudyResult r = ppa::run_ppa_study(*study_, options);

  StudyResult out;
  out.tables = {{spec.name, std::move(r.table)},
                {spec.name + "_modules", std::move(r.modules)},
                {spec.name + "_components", std::move(r.components)}};
  for (const std::string& n : r.notes) out.report += "note: " + n + "\n";
  for (const std::string& f : r.findings) out.report += f + "\n";
  if (!out.report.empty()) out.report.pop_back();
  return out;
}

}  // namespace lutsim
