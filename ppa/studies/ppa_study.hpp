#pragma once
// Running a PPA study: every design point it needs is evaluated (in parallel,
// with progress), then assembled into one results table and a few findings.
// Each study is one class (ppa/studies/kinds/) registered by its `study:` name.

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/result_table.hpp"
#include "ppa/flow/node_scaling.hpp"
#include "ppa/studies/design_evaluation.hpp"
#include "ppa/studies/ppa_study_spec.hpp"

namespace lutsim::ppa {

// One row of a study: its key cells, the design it prices and how many copies
// of that design the row stands for (units of an array, arrays of a core).
struct RowPlan {
  std::vector<ResultTable::Cell> keys;
  DesignPoint design;
  double copies = 1;
};

struct Plan {
  std::vector<ResultTable::Column> key_columns;
  std::vector<RowPlan> rows;
  std::vector<std::string> notes;
};

// Evaluated designs by DesignPoint::label().
using DesignResults = std::map<std::string, DesignPpa>;

// A PPA study: the rows it prices, and the conclusions it draws from them.
class PpaStudy {
 public:
  explicit PpaStudy(PpaRunSpec run) : run_(std::move(run)) {}
  virtual ~PpaStudy() = default;

  const PpaRunSpec& run_spec() const { return run_; }
  virtual Plan plan() const = 0;
  // One-line conclusions (best K, ratios, ...) from the evaluated plan.
  virtual std::vector<std::string> findings(const Plan& plan, const DesignResults& r) const = 0;

 private:
  PpaRunSpec run_;
};

// Reads `study:` (one of ppa_study_names()) and builds that study, which reads
// the rest. Throws ConfigError with file, line and key on bad input.
std::unique_ptr<PpaStudy> read_ppa_study(config::ConfigReader& root);
std::vector<std::string> ppa_study_names();

// Evaluates one design point (full flow or analytic model).
using DesignEvaluator = std::function<DesignPpa(const DesignPoint&)>;

struct PpaRunOptions {
  DesignEvaluator evaluate;
  int jobs = 1;         // evaluations in parallel
  NodeScaling scaling;  // to the comparison node (28 nm): the *_28nm columns
  // After each finished design: finished of total, and a line saying which
  // design and its area, power and evaluation time.
  std::function<void(std::size_t done, std::size_t total, std::string_view line)> progress;
};

struct PpaStudyResult {
  ResultTable table;
  // Area per module of every synthesized design (<name>_modules.{csv,json}); no rows
  // for the analytic model.
  ResultTable modules;
  // Area per component (tables, lookup muxes, adders, accumulators, pipeline registers,
  // precompute, control, other) of every synthesized design, with the module each item
  // comes from (<name>_components.{csv,json}); no rows for the analytic model.
  ResultTable components;
  std::vector<std::string> findings;  // one-line conclusions (best K, ratios, ...)
  std::vector<std::string> notes;     // what the numbers include and exclude
};

PpaStudyResult run_ppa_study(const PpaStudy& study, const PpaRunOptions& options);

// The evaluator of the study's method on its cell library: the full flow over
// repo_dir/rtl, or the component model in repo_dir/configs/ppa/components_<library>.yaml.
DesignEvaluator make_evaluator(const PpaRunSpec& spec, const std::filesystem::path& repo_dir,
                               const std::filesystem::path& cache_dir);

}  // namespace lutsim::ppa
