#include "sim/tile/unaligned_fallback.hpp"

#include <algorithm>
#include <cmath>

namespace lutsim {

int row_alignment_bytes(std::int64_t elements, double bytes_per_element, int cap) {
  const auto bytes = static_cast<std::int64_t>(std::llround(elements * bytes_per_element));
  int a = 1;
  while (a < cap && bytes % (2 * a) == 0) a *= 2;
  return a;
}

int gemm_row_alignment_bytes(const GemmKernel& k, const GemmShape& s, int cap) {
  const bool b_rows_of_k = s.b_major == OperandMajor::kK;
  const int k_rows = row_alignment_bytes(
      s.k, b_rows_of_k ? std::min(k.a_bytes_per_elem, k.b_bytes_per_elem) : k.a_bytes_per_elem,
      cap);
  const int n_rows = row_alignment_bytes(
      s.n, b_rows_of_k ? k.c_bytes_per_elem : std::min(k.b_bytes_per_elem, k.c_bytes_per_elem),
      cap);
  return std::min(k_rows, n_rows);
}

std::optional<UnalignedFallback> unaligned_fallback(const HardwareSpec& hw, const GemmKernel& k,
                                                    const GemmShape& s) {
  // No measured rates (the A100 configs): the GEMM is timed as an aligned one
  // (open: issue 14 asks for the A100's penalty, not measured).
  if (k.family != KernelFamily::kDense || k.mac_unit != MacUnit::kTensorCore ||
      !hw.unaligned_fallback) {
    return std::nullopt;
  }
  const int alignment = gemm_row_alignment_bytes(k, s, hw.unaligned_fallback->aligned_bytes);
  if (alignment >= hw.unaligned_fallback->aligned_bytes) return std::nullopt;
  const UnalignedFallbackSpec& u = *hw.unaligned_fallback;
  UnalignedFallback f;
  f.row_alignment_bytes = alignment;
  f.elements_per_load = std::min(alignment, u.max_load_bytes) / k.a_bytes_per_elem;
  f.macs_per_s = f.elements_per_load * u.macs_per_s_per_load_element;
  f.dram_elements_per_s = f.elements_per_load * u.dram_elements_per_s_per_load_element;
  return f;
}

int unmodelled_unaligned_row_bytes(const HardwareSpec& hw, const GemmKernel& k,
                                   const GemmShape& s) {
  if (k.family != KernelFamily::kDense || k.mac_unit != MacUnit::kTensorCore ||
      hw.unaligned_fallback) {
    return 0;
  }
  const int alignment = gemm_row_alignment_bytes(k, s, kLibraryRowAlignmentBytes);
  return alignment < kLibraryRowAlignmentBytes ? alignment : 0;
}

namespace {

double gpu_share(const HardwareSpec& hw, double busy_sms) {
  return busy_sms / static_cast<double>(hw.sm_count);
}

}  // namespace

double fallback_compute_s(const HardwareSpec& hw, const UnalignedFallback& f, double macs,
                          double busy_sms) {
  return macs / (f.macs_per_s * gpu_share(hw, busy_sms));
}

double fallback_dram_s(const HardwareSpec& hw, const GemmKernel& k, const UnalignedFallback& f,
                       double operand_bytes, double busy_sms) {
  return operand_bytes / k.a_bytes_per_elem / (f.dram_elements_per_s * gpu_share(hw, busy_sms));
}

}  // namespace lutsim
