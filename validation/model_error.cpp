#include "validation/model_error.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "sim/tile/kernel_roofline.hpp"

namespace lutsim {

ErrorSummary summarize_errors(const std::string& group, const std::vector<double>& rel) {
  ErrorSummary s;
  s.group = group;
  s.count = static_cast<std::int64_t>(rel.size());
  for (double e : rel) {
    s.mape += std::abs(e);
    s.mean_signed += e;
    s.max_abs = std::max(s.max_abs, std::abs(e));
  }
  if (!rel.empty()) {
    s.mape /= rel.size();
    s.mean_signed /= rel.size();
  }
  return s;
}

namespace {

double with_launch_gap(const HardwareSpec& hw, const MeasuredGemm& m, double kernel_s) {
  return m.timing == TimingMethod::kEvents ? kernel_s + hw.kernel_launch_overhead_s : kernel_s;
}

}  // namespace

const char* m_regime(std::int64_t m) {
  if (m <= kGemvMaxM) return "gemv";
  return m <= kSmallMaxM ? "small_m" : "large_m";
}

const ErrorSummary& find_group(const std::vector<ErrorSummary>& groups, const std::string& name) {
  for (const auto& g : groups) {
    if (g.group == name) return g;
  }
  throw std::out_of_range("no error group '" + name + "'");
}

const ErrorSummary& DatasetError::group(const std::string& name) const {
  return find_group(groups, name);
}

std::vector<PointError> DatasetError::worst(const MeasuredDataset& data, std::size_t n) const {
  std::vector<PointError> sorted = points;
  std::stable_sort(sorted.begin(), sorted.end(), [](const PointError& a, const PointError& b) {
    return std::abs(a.error) > std::abs(b.error);
  });
  std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t, DataType,
                      OperandMajor>>
      seen;
  std::vector<PointError> out;
  for (const PointError& p : sorted) {
    if (out.size() == n) break;
    const GemmShape& s = data.gemms[p.index].shape;
    if (seen.insert({s.m, s.n, s.k, s.batch, s.type, s.b_major}).second) out.push_back(p);
  }
  return out;
}

double predict_measured(const HardwareSpec& hw, const MeasuredGemm& m) {
  return with_launch_gap(hw, m, best_dense_gemm(hw, m.shape).time_s);
}

bool memory_bound(const HardwareSpec& hw, const GemmShape& s) {
  const double bytes =
      (static_cast<double>(s.m) * s.k + static_cast<double>(s.n) * s.k) * bytes_of(s.type) +
      static_cast<double>(s.m) * s.n * output_bytes(s.type);
  const GemmKernel k = library_dense_kernel(hw, s);
  const double flops_per_s =
      2.0 * k.macs_per_cycle_per_sm * hw.sm_count * hw.sm_clock_hz * mac_efficiency(hw, k);
  const double bytes_per_s = hw.dram_bw_bytes_per_s * hw.calibration.dram_efficiency;
  return s.flops() / s.batch / bytes < flops_per_s / bytes_per_s;
}

DatasetError evaluate_dataset(const MeasuredDataset& data, const HardwareSpec& hw) {
  DatasetError d{data.name, hw.name, {}, {}};
  std::map<std::string, std::vector<double>> rel;
  for (std::size_t i = 0; i < data.gemms.size(); ++i) {
    const MeasuredGemm& m = data.gemms[i];
    PointError p;
    p.index = i;
    p.estimate = best_dense_gemm(hw, m.shape);
    p.predicted_s = with_launch_gap(hw, m, p.estimate.time_s);
    p.error = (p.predicted_s - m.measured_s) / m.measured_s;
    p.memory_bound = memory_bound(hw, m.shape);
    rel["all"].push_back(p.error);
    rel[m_regime(m.shape.m)].push_back(p.error);
    rel[p.memory_bound ? "memory_bound" : "compute_bound"].push_back(p.error);
    d.points.push_back(p);
  }
  for (const char* g : {"all", "gemv", "small_m", "large_m", "memory_bound", "compute_bound"}) {
    if (rel.count(g)) d.groups.push_back(summarize_errors(g, rel[g]));
  }
  return d;
}

void check_same_gpu(const MeasuredDataset& data, const HardwareSpec& hw) {
  if (data.measured_sm_count == 0 || data.measured_sm_count == hw.sm_count) return;
  throw std::runtime_error(data.source.string() + ": measured on " + data.measured_on +
                           ", but the hardware config '" + data.gpu_config + "' (" + hw.name +
                           ") has " + std::to_string(hw.sm_count) +
                           " SMs: predict it with the config of the GPU it was measured on");
}

}  // namespace lutsim
