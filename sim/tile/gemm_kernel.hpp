#pragma once

#include <string>

#include "core/lut/lut_config.hpp"
#include "core/specs/hardware_datapath.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_shape.hpp"

namespace lutsim {

enum class KernelFamily {
  kDense,    // MAC tensor cores, both operands in the MMA type
  kDequant,  // low-bit weights dequantized on CUDA cores, then MAC tensor cores
  kLut,      // low-bit weights index precomputed tables on LUT tensor cores
};

std::string_view to_string(KernelFamily f);

// The unit that does a kernel's multiply-adds.
enum class MacUnit {
  kTensorCore,
  kCudaCore,  // DP4A dot products on the INT32 lanes (cuda_core_int8_kernel)
};

// What a GEMM kernel moves and computes per element of the problem
// Y[M,N] = A[M,K] B[N,K]^T: the tile model times any family from this.
struct GemmKernel {
  KernelFamily family = KernelFamily::kDense;
  std::string name;
  double a_bytes_per_elem = 2.0;  // activation operand per (row, k): FP16 2, INT8 1, LUT tables
  double b_bytes_per_elem = 2.0;  // weight operand per (column, k), scales included
  double c_bytes_per_elem = 2.0;  // output per (row, column)
  int k_step_multiplier = 1;      // K elements per main-loop step = tile.bk x this
  int k_multiple = 1;             // K must be a multiple of this (LUT: weights per table lookup)
  double macs_per_cycle_per_sm = 0.0;  // peak of the unit doing the multiply-adds
  MacUnit mac_unit = MacUnit::kTensorCore;
  double macs_per_cuda_core_op = 0.0;  // kCudaCore: MACs of one lane operation (DP4A: 4)
  double power_limited_macs_per_s = 0.0;  // whole GPU at its power limit; 0: not limited
  double cuda_ops_per_weight = 0.0;    // CUDA-core work per weight element a CTA loads
  double cuda_ops_per_cycle_per_sm = 0.0;
  double acc_bytes = 4.0;              // accumulator register bytes per output
  int warp_m = 64;                     // warp tile: A fragments are read bn / warp_n times,
  int warp_n = 64;                     // B fragments bm / warp_m times, from shared memory
  bool elongated_tiles = false;        // also search N-elongated CTA tiles (LUT)
  // > 0: search the warp tiles of candidate_lut_warp_tiles() that are whole
  // multiples of these (LUT: the array tile) instead of warp_m x warp_n.
  int warp_m_multiple = 0;
  int warp_n_multiple = 0;
  bool register_tables = false;        // may hold its tables in registers (TablePlacement)
  // lut: the datapath (table entries as stored) and whether each warp builds
  // its tables with lutpre (activation buffers): its warps' registers are
  // what the compiler's lowering allocates (compiler::warp_registers).
  LutGemmConfig datapath;
  bool lutpre_in_warp = false;
  // What the units execute, for the kernel's ActionCounts:
  DataType mma_type = DataType::kFp16;  // dense, dequant: operand type of the MMAs
  TableEntryFormat table_format = TableEntryFormat::kFp16;  // lut: entries looked up
  double lookups_per_mac = 0.0;  // lut: table lookups per multiply-accumulate, bits / k

  bool operator==(const GemmKernel&) const = default;
};

// Dense MMA in `type`, one of kMmaTypes (cuBLAS-like). Throws DataTypeError
// for another type.
GemmKernel dense_kernel(const HardwareSpec& hw, DataType type);

// INT8 GEMM on the CUDA cores, as cuBLAS runs one whose B operand is N-major
// (OperandMajor::kN): the tensor cores take 8-bit operands K-major only
// (PTX ISA: mma.sync's integer shapes are .row.col only, ldmatrix transposes
// 16-bit elements only, and wgmma's transpose operands are valid for
// .f16/.bf16 alone), so each INT32 lane does 4-way dot products (DP4A) at
// hw.int8_dot_macs_per_cycle_per_sm, not derated by tensor_efficiency and with no
// tensor power limit. Throws std::invalid_argument when the config does not
// give that rate.
GemmKernel cuda_core_int8_kernel(const HardwareSpec& hw);

// The library's dense kernel for `s` (cuBLAS-like): MMA in s.type on the tensor
// cores, whose 16-bit operands may be stored either way (ldmatrix.trans and
// wgmma transpose them as they load); INT8 with an N-major B on the CUDA cores
// (cuda_core_int8_kernel). Throws std::invalid_argument for FP8 with an
// N-major B (cuBLASLt runs FP8 in the TN layout only; no other kernel is
// modelled) and DataTypeError for a type outside kMmaTypes.
GemmKernel library_dense_kernel(const HardwareSpec& hw, const GemmShape& s);

// The dense kernel of a linear layer with `weight_bits`-bit weights: dense MMA
// multiplies weights stored in the activation's own format, so the weights are
// 16-bit (FP16/BF16) with 16-bit float activations and 8-bit (INT8/FP8) with
// int8/fp8 activations. Any other pairing (e.g. FP16 weights with int8
// activations, or low-bit weights) throws std::invalid_argument naming it
// instead of running a different precision.
GemmKernel dense_linear_kernel(const HardwareSpec& hw, int weight_bits, DataType act);

// Dequantization-based mpGEMM (Marlin/BitBLAS-like): b-bit weights with one
// FP16 scale per 128 weights, dequantized in registers, then MMA in `mma`
// (FP16 for FP16 activations, INT8 for INT8 activations; one of kMmaTypes).
GemmKernel dequant_kernel(const HardwareSpec& hw, int weight_bits, DataType mma);

// LUT mpGEMM on the GPU's LUT tensor cores (lut_datapath): activations arrive
// as tables of 2^(k-1) (symmetric) or 2^k entries per k activations; b bit
// planes take b array passes. FP8 activations give the same tables as FP16
// ones (entries in table_format), so only the precompute's arithmetic differs.
GemmKernel lut_kernel(const HardwareSpec& hw, int weight_bits, DataType act);
// The same with tables stored in `entries` instead of the datapath's format
// (e.g. INT8-quantized entries of FP16 tables, where the plan quantized
// them). Throws std::invalid_argument for a format core's golden numerics do
// not model with `act` (integer activations: exact integer sums only).
GemmKernel lut_kernel(const HardwareSpec& hw, int weight_bits, DataType act,
                      TableEntryFormat entries);

// Bytes of one table entry as the LUT kernel stores it.
double lut_table_entry_bytes(TableEntryFormat f);

}  // namespace lutsim
