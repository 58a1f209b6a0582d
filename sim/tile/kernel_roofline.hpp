#pragma once

#include <cstdint>
#include <string_view>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_kernel.hpp"

namespace lutsim {

// What bounds a kernel's time: its SMs' work, DRAM or L2 traffic.
enum class GemmBound { kCompute, kDram, kL2 };
std::string_view to_string(GemmBound b);

// SMs that run at least one of `ctas` threadblocks.
double active_sms(const HardwareSpec& hw, std::int64_t ctas);

// The fraction of its peak MAC rate kernel `k` sustains: the config's
// tensor_efficiency on the tensor cores, 1 on the CUDA cores (the DP4A rate as
// configured; validation/README.md, "INT8 with an N-major B").
double mac_efficiency(const HardwareSpec& hw, const GemmKernel& k);

// SM cycles for `macs` of kernel `k` on one SM at its clock-limited MAC rate
// (x mac_efficiency).
double mac_cycles(const HardwareSpec& hw, const GemmKernel& k, double macs);

// Seconds for a whole kernel's `macs` at the GPU's power-limited rate (0: no
// power limit): the board power limit bounds the kernel's average tensor rate,
// not each SM's, so a kernel whose SMs idle part of the time (a partial last
// wave, memory stalls) runs its MMAs at the clock-limited rate.
double power_limited_s(const GemmKernel& k, double macs);

// DRAM bandwidth a kernel of `ctas` threadblocks reaches: peak x
// `efficiency` (by default calibration.dram_efficiency), or what its active
// SMs can pull, whichever is lower.
double achievable_dram_bw(const HardwareSpec& hw, std::int64_t ctas);
double achievable_dram_bw(const HardwareSpec& hw, std::int64_t ctas, double efficiency);

// Seconds to move `bytes` through L2 at its measured bandwidth x l2_efficiency.
double l2_seconds(const HardwareSpec& hw, double bytes);

struct KernelTime {
  double time_s = 0.0;
  GemmBound bound = GemmBound::kCompute;
};

// One kernel from its compute, DRAM and L2 times: fixed_s + max(compute,
// memory) + (1 - overlap) x min(compute, memory), memory = max(DRAM, L2).
KernelTime combine_kernel_times(const CalibrationSpec& c, double fixed_s, double compute_s,
                                double dram_s, double l2_s);

}  // namespace lutsim
