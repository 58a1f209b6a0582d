#include "validation/attention_error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lutsim {

std::vector<AttentionPointError> AttentionDatasetError::worst(std::size_t n) const {
  std::vector<AttentionPointError> sorted = points;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const AttentionPointError& a, const AttentionPointError& b) {
                     return std::abs(a.error) > std::abs(b.error);
                   });
  sorted.resize(std::min(n, sorted.size()));
  return sorted;
}

AttentionDatasetError evaluate_attention_dataset(const AttentionDataset& data,
                                                 const HardwareSpec& hw) {
  AttentionDatasetError d{data.name, hw.name, {}, {}};
  std::vector<double> rel;
  for (std::size_t i = 0; i < data.calls.size(); ++i) {
    const MeasuredAttention& m = data.calls[i];
    AttentionPointError p;
    p.index = i;
    p.estimate = best_attention(hw, m.shape);
    p.predicted_s = p.estimate.time_s;
    p.error = (p.predicted_s - m.measured_s) / m.measured_s;
    rel.push_back(p.error);
    d.points.push_back(p);
  }
  if (!rel.empty()) d.groups.push_back(summarize_errors("all", rel));
  return d;
}

std::string describe_attention_points(const AttentionDataset& data,
                                      const std::vector<AttentionPointError>& points) {
  std::string out;
  for (const AttentionPointError& p : points) {
    const MeasuredAttention& m = data.calls[p.index];
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  " heads=%lld/%lld d=%lld: measured %.2f us, predicted %.2f us, %+.1f%%\n",
                  static_cast<long long>(m.shape.q_heads),
                  static_cast<long long>(m.shape.kv_heads),
                  static_cast<long long>(m.shape.head_dim), m.measured_s * 1e6,
                  p.predicted_s * 1e6, 100 * p.error);
    out += "  " + m.label + buf;
  }
  return out;
}

std::string attention_bar_failure(const AccuracyBar& bar, const AttentionDataset& data,
                                  const AttentionDatasetError& error, std::size_t worst_count) {
  return bar_miss_message(bar, {data.name, data.source, data.gpu_config}, error.groups, [&] {
    const std::vector<AttentionPointError> worst = error.worst(worst_count);
    return WorstShapes{worst.size(), describe_attention_points(data, worst)};
  });
}

}  // namespace lutsim
