#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "validation/measured_gemm.hpp"
#include "validation/model_error.hpp"

namespace lutsim {

// The MAPE a dataset's predictions must stay within (validation/bars.yaml).
struct AccuracyBar {
  std::string dataset;                // an id of validation/datasets.yaml
  double mape = 0.0;                  // fraction: 0.06 for 6%
  std::optional<double> regime_mape;  // bar of every regime with points, when set
  // "calibrated": the config's factors were fitted on this GPU's measurements;
  // "spec_sheet_no_refit": predicted from the spec-sheet config with the shared
  // factors, not refitted to this set.
  std::string basis;
  std::string where;  // "<bars file>:<line>:<column>" of the entry
  // Non-empty: the bar is not met yet, and why; reported but not enforced
  // (the CI test checks that it is still missed, so that it gets closed).
  std::string open;
};

struct AccuracyBars {
  std::filesystem::path file;
  std::vector<AccuracyBar> bars;
  nlohmann::json resolved;

  const AccuracyBar* find(const std::string& dataset) const;  // nullptr when none
};

// Reads the bars strictly (config::ConfigError naming file, line and key).
AccuracyBars load_accuracy_bars(const std::filesystem::path& yaml);

// "" when the dataset is within its bar(s); else one message naming the
// dataset and its file, each MAPE against its bar and where the bar is
// written, and the `worst_count` worst shapes (label, M, N, K, measured and
// predicted time, error).
std::string bar_failure(const AccuracyBar& bar, const MeasuredDataset& data,
                        const DatasetError& error, std::size_t worst_count = 10);

// What a bar message names: the dataset, its file and the config predicting it.
struct BarSubject {
  std::string name;
  std::filesystem::path source;
  std::string gpu_config;
};

// The worst shapes a bar message lists, one line each.
struct WorstShapes {
  std::size_t count = 0;
  std::string lines;
};

// bar_failure for any kind of dataset: "" when every group of `groups` is
// within its bar; else the message, with the shapes `worst` gives.
std::string bar_miss_message(const AccuracyBar& bar, const BarSubject& subject,
                             const std::vector<ErrorSummary>& groups,
                             const std::function<WorstShapes()>& worst);

// One line per point: "<label> M=.. N=.. K=..: measured .. us, predicted .. us, +..%".
std::string describe_points(const MeasuredDataset& data, const std::vector<PointError>& points);

}  // namespace lutsim
