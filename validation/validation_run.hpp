#pragma once
// What `lutsim validate` evaluates and how: the datasets to predict (every
// entry of the catalog, or one measurement file), each with the hardware
// config that predicts it, evaluated against the model and held to its bar.
// The CLI prints and plots the outcome; this decides what is evaluated.

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/numerics/data_type.hpp"
#include "core/specs/hardware_spec.hpp"
#include "validation/accuracy_bars.hpp"
#include "validation/attention_error.hpp"
#include "validation/dataset_catalog.hpp"
#include "validation/measured_attention.hpp"
#include "validation/measured_gemm.hpp"
#include "validation/model_error.hpp"
#include "validation/validation_report.hpp"

namespace lutsim {

// One measurement file instead of the catalog (`lutsim validate --data`).
// Settings left empty come from the file's catalog entries, else its format.
struct DataRequest {
  std::filesystem::path csv;
  std::string hw;                // hardware config it was measured on
  std::string timing;            // "kernel" or "events"
  std::vector<DataType> types;   // operand types evaluated
};

// A GEMM dataset and what predicts it.
struct GemmValidationJob {
  MeasuredDataset data;
  HardwareSpec hw;
  nlohmann::json resolved;  // the dataset's settings and the hardware config as read
};

// A fused-attention set (sdpa format) and what predicts it.
struct AttentionValidationJob {
  AttentionDataset data;
  HardwareSpec hw;
  nlohmann::json resolved;
};

struct ValidationJobs {
  std::vector<GemmValidationJob> gemm;
  std::vector<AttentionValidationJob> attention;
};

// Every dataset of the catalog, each with the hardware config it declares.
ValidationJobs catalog_jobs(const DatasetCatalog& catalog, const std::filesystem::path& configs);

// The datasets of one file: one per catalog entry of the file (the entry
// declaring exactly the requested types when given), else one with the
// file's first entry's settings, or with request.hw when the file is not
// declared (an error naming the catalog when neither). An undeclared SDPA
// file with request.hw: one per phase. A prediction other than the declared
// one (another hardware config, other types) gets a name of its own, so
// neither the declared bar nor its plots apply to it.
ValidationJobs data_jobs(const DataRequest& request, const DatasetCatalog& catalog,
                         const std::filesystem::path& configs);

struct GemmOutcome {
  const GemmValidationJob* job;
  DatasetError error;
  const AccuracyBar* bar;  // null: no bar for this dataset
  std::string missed;      // bar_failure's message, "" when within or no bar
};

struct AttentionOutcome {
  const AttentionValidationJob* job;
  AttentionDatasetError error;
  const AccuracyBar* bar;
  std::string missed;
};

struct ValidationOutcome {
  std::vector<GemmOutcome> gemm;
  std::vector<AttentionOutcome> attention;
  ValidationReport report;
  nlohmann::json resolved;  // catalog, bars and every dataset's settings
  std::string failures;     // the missed bars that are not open, one message each
};

// Called before each dataset is evaluated: its name, points and hardware.
using ValidationProgress = std::function<void(const std::string& dataset, std::size_t points,
                                              std::string_view unit, const std::string& hw)>;

// Evaluates every job against the model and its bar. The outcome refers to
// `jobs`, which must outlive it.
ValidationOutcome run_validation(const ValidationJobs& jobs, const DatasetCatalog& catalog,
                                 const AccuracyBars& bars,
                                 const ValidationProgress& progress = {});

}  // namespace lutsim
