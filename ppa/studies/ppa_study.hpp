#pragma once
// Running a PPA study: every design point it needs is evaluated (in parallel,
// with progress), then assembled into one results table and a few findings.

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/io/result_table.hpp"
#include "ppa/flow/node_scaling.hpp"
#include "ppa/studies/design_evaluation.hpp"
#include "ppa/studies/ppa_study_spec.hpp"

namespace lutsim::ppa {

// Evaluates one design point (full flow or analytic model).
using DesignEvaluator = std::function<DesignPpa(const DesignPoint&)>;

struct PpaRunOptions {
  DesignEvaluator evaluate;
  int jobs = 1;                                         // evaluations in parallel
  NodeScaling scaling;  // to the comparison node (28 nm): the *_28nm columns
  std::function<void(const std::string&)> progress;     // one line per finished design
};

struct PpaStudyResult {
  ResultTable table;
  // Area per module of every synthesized design (<name>_modules.{csv,json}); no rows
  // for the analytic model.
  ResultTable modules;
  std::vector<std::string> findings;  // one-line conclusions (best K, ratios, ...)
  std::vector<std::string> notes;     // what the numbers include and exclude
};

PpaStudyResult run_ppa_study(const PpaStudySpec& spec, const PpaRunOptions& options);

// The evaluator of the study's method on its cell library: the full flow over
// repo_dir/rtl, or the component model in repo_dir/configs/ppa/components_<library>.yaml.
DesignEvaluator make_evaluator(const PpaStudySpec& spec, const std::filesystem::path& repo_dir,
                               const std::filesystem::path& cache_dir);

}  // namespace lutsim::ppa
