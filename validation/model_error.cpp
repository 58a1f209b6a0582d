#include "validation/model_error.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "sim/tile/gemm_model.hpp"

namespace lutsim {
namespace {

std::string m_regime(std::int64_t m) {
  if (m <= kGemvMaxM) return "gemv";
  return m <= kSmallMaxM ? "small_m" : "large_m";
}

ErrorSummary summarize(const std::string& group, const std::vector<double>& rel) {
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

}  // namespace

const ErrorSummary& DatasetError::group(const std::string& name) const {
  for (const auto& g : groups) {
    if (g.group == name) return g;
  }
  throw std::out_of_range("no error group '" + name + "'");
}

double predict_measured(const HardwareSpec& hw, const MeasuredGemm& m) {
  const double kernel = best_dense_gemm(hw, m.shape).time_s;
  return m.timing == TimingMethod::kEvents ? kernel + hw.kernel_launch_overhead_s : kernel;
}

bool memory_bound(const HardwareSpec& hw, const GemmShape& s) {
  const double bytes =
      (static_cast<double>(s.m) * s.k + static_cast<double>(s.n) * s.k) * operand_bytes(s.type) +
      static_cast<double>(s.m) * s.n * output_bytes(s.type);
  const double flops_per_s = 2.0 * hw.fp16_fma_per_cycle_per_sm * hw.sm_count * hw.sm_clock_hz *
                             hw.calibration.tensor_efficiency;
  const double bytes_per_s = hw.dram_bw_bytes_per_s * hw.calibration.dram_efficiency;
  return s.flops() / s.batch / bytes < flops_per_s / bytes_per_s;
}

DatasetError evaluate_dataset(const MeasuredDataset& data, const HardwareSpec& hw) {
  std::map<std::string, std::vector<double>> rel;
  for (const MeasuredGemm& m : data.gemms) {
    const double e = (predict_measured(hw, m) - m.measured_s) / m.measured_s;
    rel["all"].push_back(e);
    rel[m_regime(m.shape.m)].push_back(e);
    rel[memory_bound(hw, m.shape) ? "memory_bound" : "compute_bound"].push_back(e);
  }
  DatasetError d{data.name, hw.name, {}};
  for (const char* g : {"all", "gemv", "small_m", "large_m", "memory_bound", "compute_bound"}) {
    if (rel.count(g)) d.groups.push_back(summarize(g, rel[g]));
  }
  return d;
}

}  // namespace lutsim
