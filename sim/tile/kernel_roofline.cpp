#include "sim/tile/kernel_roofline.hpp"

#include <algorithm>

namespace lutsim {

std::string_view to_string(GemmBound b) {
  switch (b) {
    case GemmBound::kCompute:
      return "compute";
    case GemmBound::kDram:
      return "dram";
    case GemmBound::kL2:
      return "l2";
  }
  return "?";
}

double active_sms(const HardwareSpec& hw, std::int64_t ctas) {
  return static_cast<double>(std::min<std::int64_t>(ctas, hw.sm_count));
}

double mac_efficiency(const HardwareSpec& hw, const GemmKernel& k) {
  return k.mac_unit == MacUnit::kTensorCore ? hw.calibration.tensor_efficiency : 1.0;
}

double mac_cycles(const HardwareSpec& hw, const GemmKernel& k, double macs) {
  return macs / (k.macs_per_cycle_per_sm * mac_efficiency(hw, k));
}

double power_limited_s(const GemmKernel& k, double macs) {
  return k.power_limited_macs_per_s > 0.0 ? macs / k.power_limited_macs_per_s : 0.0;
}

double achievable_dram_bw(const HardwareSpec& hw, std::int64_t ctas, double efficiency) {
  return std::min(hw.dram_bw_bytes_per_s * efficiency,
                  active_sms(hw, ctas) * hw.calibration.max_dram_bw_per_sm_bytes_per_s);
}

double achievable_dram_bw(const HardwareSpec& hw, std::int64_t ctas) {
  return achievable_dram_bw(hw, ctas, hw.calibration.dram_efficiency);
}

double l2_seconds(const HardwareSpec& hw, double bytes) {
  return bytes / (hw.l2_bw_bytes_per_cycle * hw.sm_clock_hz * hw.calibration.l2_efficiency);
}

KernelTime combine_kernel_times(const CalibrationSpec& c, double fixed_s, double compute_s,
                                double dram_s, double l2_s) {
  const double memory_s = std::max(dram_s, l2_s);
  KernelTime t;
  t.bound = compute_s >= memory_s ? GemmBound::kCompute
                                  : (dram_s >= l2_s ? GemmBound::kDram : GemmBound::kL2);
  t.time_s = fixed_s + std::max(compute_s, memory_s) +
             (1.0 - c.mem_compute_overlap) * std::min(compute_s, memory_s);
  return t;
}

}  // namespace lutsim
