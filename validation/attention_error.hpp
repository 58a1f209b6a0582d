#pragma once

#include <string>
#include <vector>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/attention_model.hpp"
#include "validation/accuracy_bars.hpp"
#include "validation/measured_attention.hpp"
#include "validation/model_error.hpp"

namespace lutsim {

// The fused-attention model against one measured call.
struct AttentionPointError {
  std::size_t index = 0;       // into AttentionDataset::calls
  AttentionEstimate estimate;  // the fastest tiling and split the model found
  double predicted_s = 0.0;    // estimate.time_s (the call's GPU time)
  double error = 0.0;          // (predicted - measured) / measured
};

struct AttentionDatasetError {
  std::string dataset;
  std::string gpu;
  std::vector<ErrorSummary> groups;  // "all"
  std::vector<AttentionPointError> points;  // in the dataset's order

  const ErrorSummary& group(const std::string& name) const { return find_group(groups, name); }
  // The n points with the largest |error|, largest first.
  std::vector<AttentionPointError> worst(std::size_t n) const;
};

// Every call of `data` predicted by best_attention on `hw`.
AttentionDatasetError evaluate_attention_dataset(const AttentionDataset& data,
                                                 const HardwareSpec& hw);

// bar_failure for an attention dataset: "" within the bar, else the message
// naming the dataset, its MAPE against the bar and the worst calls.
std::string attention_bar_failure(const AccuracyBar& bar, const AttentionDataset& data,
                                  const AttentionDatasetError& error,
                                  std::size_t worst_count = 10);

// One line per point: "<label> heads=32/8 d=128: measured .. us, predicted .. us, +..%".
std::string describe_attention_points(const AttentionDataset& data,
                                      const std::vector<AttentionPointError>& points);

}  // namespace lutsim
