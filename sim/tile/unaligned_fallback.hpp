#pragma once

#include <cstdint>
#include <optional>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_kernel.hpp"
#include "sim/tile/gemm_shape.hpp"

namespace lutsim {

// Dense GEMMs whose rows are off the library's alignment. In
// Y[M,N] = A[M,K] B[N,K]^T (row-major, the linear layer's layout) the rows of
// A and B are K elements long and those of Y N elements; cuBLASLt on Hopper
// runs its TMA/wgmma kernels only when every row starts on an
// `aligned_bytes` boundary, and otherwise falls back to kernels that load
// operands with per-thread loads as wide as the rows' alignment allows, at most
// max_load_bytes. Measured (validation/data/h200-20261126/unaligned.csv): their
// dense rate and their DRAM stream both scale with the operand elements one
// load carries, whatever the shape.

// Largest power of two (<= cap) that divides a row of `elements` x
// `bytes_per_element` bytes.
int row_alignment_bytes(std::int64_t elements, double bytes_per_element, int cap);

// The alignment of the GEMM's rows: the least of its operand rows (A: K
// elements; B: K elements, or N where B is N-major) and output rows (N
// elements), capped at `cap` bytes.
int gemm_row_alignment_bytes(const GemmKernel& k, const GemmShape& s, int cap);

// How a dense GEMM off the alignment runs: operand elements per load and the
// fallback kernels' whole-GPU rates at that width.
struct UnalignedFallback {
  int row_alignment_bytes = 0;
  double elements_per_load = 0.0;
  double macs_per_s = 0.0;           // whole GPU
  double dram_elements_per_s = 0.0;  // operand elements, whole GPU
};

// None for an aligned GEMM, for a kernel that is not the library's dense one
// on the tensor cores (dequant and LUT kernels: the project's own, no
// alignment rule modelled; the CUDA-core INT8 kernel takes aligned rows only,
// library_dense_kernel), and
// on a GPU whose config has no unaligned_fallback rates (the A100 configs: their
// penalty is not measured, so such a GEMM is timed as an aligned one).
std::optional<UnalignedFallback> unaligned_fallback(const HardwareSpec& hw, const GemmKernel& k,
                                                    const GemmShape& s);

// A GPU whose config has no unaligned_fallback rates (the A100 configs) times
// an unaligned GEMM as an aligned one. This says when that happens: the rows'
// alignment of a library dense tensor-core GEMM when it is below
// kLibraryRowAlignmentBytes on such a GPU, else 0. The A100's libraries also
// load operands 16 bytes at a time in their fastest kernels (cp.async of 16
// bytes, CUTLASS 2.x's default alignment of 8 FP16 elements), so such a time
// is a lower bound, by an amount not measured.
inline constexpr int kLibraryRowAlignmentBytes = 16;
int unmodelled_unaligned_row_bytes(const HardwareSpec& hw, const GemmKernel& k, const GemmShape& s);

// The fallback's compute and DRAM seconds for `macs` MACs and `dram_bytes`
// operand bytes on `busy_sms` SMs (its rates are whole-GPU rates).
double fallback_compute_s(const HardwareSpec& hw, const UnalignedFallback& f, double macs,
                          double busy_sms);
double fallback_dram_s(const HardwareSpec& hw, const GemmKernel& k, const UnalignedFallback& f,
                       double operand_bytes, double busy_sms);

}  // namespace lutsim
