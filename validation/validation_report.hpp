#pragma once

#include "core/io/result_table.hpp"
#include "validation/accuracy_bars.hpp"
#include "validation/attention_error.hpp"
#include "validation/measured_gemm.hpp"
#include "validation/model_error.hpp"

namespace lutsim {

// The result tables `lutsim validate` writes, one row block per dataset:
// summary (MAPE, mean and max error per regime, with the bar when there is
// one), points (every measurement against the model: what
// validation/plot_validation.py reads) and worst (the largest errors) of GEMM
// sets; attention_points: every fused-attention call against the model.
struct ValidationReport {
  static constexpr std::size_t kWorstCount = 10;

  ValidationReport();
  // `bar` may be null (a dataset without a bar).
  void add(const MeasuredDataset& data, const DatasetError& error, const AccuracyBar* bar);
  void add(const AttentionDataset& data, const AttentionDatasetError& error,
           const AccuracyBar* bar);

  ResultTable summary;
  ResultTable points;
  ResultTable worst;
  ResultTable attention_points;

 private:
  void add_summary(const std::string& dataset, const std::string& gpu_config,
                   const std::vector<ErrorSummary>& groups, const AccuracyBar* bar);
};

}  // namespace lutsim
