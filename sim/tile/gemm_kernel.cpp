#include "sim/tile/gemm_kernel.hpp"

#include <stdexcept>
#include <string>

#include "core/lut/quantized_weights.hpp"
#include "sim/tile/unaligned_fallback.hpp"

namespace lutsim {
namespace {

constexpr double kWeightsPerScale = 128.0;  // group size of the FP16 weight scales
constexpr double kScaleBytes = 2.0;
// CUDA-core instructions per weight element to unpack, convert and scale it
// (bit-manipulation dequantization as in Marlin: about one LOP3/PRMT/HFMA2
// per element). An assumption of the family, not calibrated.
constexpr double kDequantOpsPerWeight = 1.0;

double mma_rate(const HardwareSpec& hw, DataType t) {
  require_one_of(t, kMmaTypes, "MAC tensor-core operand");
  switch (t) {
    case DataType::kInt8:
      return hw.int8_mac_per_cycle_per_sm;
    case DataType::kFp8E4M3:
      return hw.fp8_fma_per_cycle_per_sm;
    default:  // fp16, bf16
      return hw.fp16_fma_per_cycle_per_sm;
  }
}

// The GPU's power-limited rate for MMAs in `t`; 0 when the config has none.
double power_limited_rate(const HardwareSpec& hw, DataType t) {
  if (!hw.power_limit) return 0.0;
  switch (t) {
    case DataType::kFp16:
      return hw.power_limit->fp16_fma_per_s;
    case DataType::kBf16:
      return hw.power_limit->bf16_fma_per_s;
    case DataType::kInt8:
      return hw.power_limit->int8_mac_per_s;
    case DataType::kFp8E4M3:
      return hw.power_limit->fp8_fma_per_s;
    default:
      require_one_of(t, kMmaTypes, "MAC tensor-core operand");
      return 0.0;
  }
}

// Multiply-adds of one DP4A: a dot product of four INT8 pairs into an INT32
// (PTX ISA, dp4a).
constexpr double kDp4aMacs = 4.0;
// The CUDA-core INT8 GEMM's rows as measured (16-byte rows of A, B and Y:
// validation/data/h100-sxm-20261125/prefill.csv, attn_value_NN); rows off it
// take kernels nothing measured.
constexpr int kMeasuredRowBytes = 16;

std::string shape_text(const GemmShape& s) {
  return "M=" + std::to_string(s.m) + " N=" + std::to_string(s.n) + " K=" + std::to_string(s.k);
}

double low_bit_weight_bytes(int bits) {
  return bits / 8.0 + kScaleBytes / kWeightsPerScale;
}

}  // namespace

std::string_view to_string(KernelFamily f) {
  switch (f) {
    case KernelFamily::kDense:
      return "dense";
    case KernelFamily::kDequant:
      return "dequant";
    case KernelFamily::kLut:
      return "lut";
  }
  return "?";
}

double lut_table_entry_bytes(TableEntryFormat f) {
  return bytes_of(table_entry_dtype(f));  // FP16, INT8 codes, or INT16 exact sums
}

GemmKernel dense_kernel(const HardwareSpec& hw, DataType type) {
  GemmKernel k;
  k.family = KernelFamily::kDense;
  k.name = "dense " + std::string(to_string(type));
  k.macs_per_cycle_per_sm = mma_rate(hw, type);
  k.power_limited_macs_per_s = power_limited_rate(hw, type);
  k.mma_type = type;
  k.a_bytes_per_elem = k.b_bytes_per_elem = bytes_of(type);
  k.c_bytes_per_elem = output_bytes(type);
  k.k_step_multiplier = 2 / bytes_of(type);  // the same bytes per step
  return k;
}

GemmKernel cuda_core_int8_kernel(const HardwareSpec& hw) {
  if (hw.int8_dot_macs_per_cycle_per_sm <= 0.0) {
    throw std::invalid_argument(
        hw.name + ": an INT8 GEMM with an N-major B runs on the CUDA cores (the tensor cores "
                  "take 8-bit operands K-major only), and the config gives no "
                  "cuda_core.int8_dot_macs_per_cycle_per_sm to time it with");
  }
  GemmKernel k = dense_kernel(hw, DataType::kInt8);
  k.name = "cuda-core dp4a int8";
  k.mac_unit = MacUnit::kCudaCore;
  k.macs_per_cycle_per_sm = hw.int8_dot_macs_per_cycle_per_sm;
  k.macs_per_cuda_core_op = kDp4aMacs;
  k.power_limited_macs_per_s = 0.0;
  return k;
}

GemmKernel library_dense_kernel(const HardwareSpec& hw, const GemmShape& s) {
  if (s.b_major == OperandMajor::kK) return dense_kernel(hw, s.type);
  switch (s.type) {
    case DataType::kInt8: {
      GemmKernel k = cuda_core_int8_kernel(hw);
      const int aligned = gemm_row_alignment_bytes(k, s, kMeasuredRowBytes);
      if (aligned < kMeasuredRowBytes) {
        throw std::invalid_argument(
            "an INT8 GEMM with an N-major B and " + shape_text(s) + " is not modelled: its rows "
            "are " + std::to_string(aligned) + "-byte aligned, and the CUDA-core kernel was "
            "measured with " + std::to_string(kMeasuredRowBytes) + "-byte rows only");
      }
      return k;
    }
    case DataType::kFp8E4M3:
      throw std::invalid_argument(
          "an FP8 GEMM with an N-major B is not modelled (" + shape_text(s) + "): the tensor "
          "cores take 8-bit operands K-major only and cuBLASLt runs FP8 in the TN layout only");
    default:  // 16-bit operands are transposed as they load
      return dense_kernel(hw, s.type);
  }
}

GemmKernel dense_linear_kernel(const HardwareSpec& hw, int weight_bits, DataType act) {
  const int format_bits = 8 * bytes_of(act);
  if (weight_bits != format_bits) {
    throw std::invalid_argument(
        "a dense kernel multiplies weights in the activation's format: with " +
        std::string(to_string(act)) + " activations the weights are " +
        std::to_string(format_bits) + "-bit, got " + std::to_string(weight_bits) +
        "-bit weights (low-bit weights run as dequant or lut kernels)");
  }
  return dense_kernel(hw, act);
}

GemmKernel dequant_kernel(const HardwareSpec& hw, int weight_bits, DataType mma) {
  check_weight_bits(weight_bits);
  const double rate = mma_rate(hw, mma);
  GemmKernel k;
  k.family = KernelFamily::kDequant;
  k.name = "dequant w" + std::to_string(weight_bits) + " " + std::string(to_string(mma));
  k.a_bytes_per_elem = bytes_of(mma);
  k.b_bytes_per_elem = low_bit_weight_bytes(weight_bits);
  k.c_bytes_per_elem = 2.0;
  k.macs_per_cycle_per_sm = rate;
  k.power_limited_macs_per_s = power_limited_rate(hw, mma);
  k.mma_type = mma;
  k.cuda_ops_per_weight = kDequantOpsPerWeight;
  k.cuda_ops_per_cycle_per_sm = hw.cuda_core_ops_per_cycle_per_sm;
  return k;
}

GemmKernel lut_kernel(const HardwareSpec& hw, int weight_bits, DataType act) {
  return lut_kernel(hw, weight_bits, act, lut_datapath(hw, weight_bits, act).table_format);
}

GemmKernel lut_kernel(const HardwareSpec& hw, int weight_bits, DataType act,
                      TableEntryFormat entries) {
  LutGemmConfig datapath = lut_datapath(hw, weight_bits, act);
  datapath.table_format = entries;
  try {
    datapath.validate();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(hw.name + " LUT kernel with " + std::string(to_string(entries)) +
                                " table entries: " + e.what());
  }
  const LutTensorCoreSpec& l = *hw.lut_tensor_core;
  const double table_bytes_per_act = 1.0 * datapath.geometry.table_entries() *
                                     lut_table_entry_bytes(datapath.table_format) /
                                     datapath.geometry.k;
  GemmKernel k;
  k.family = KernelFamily::kLut;
  k.name = "lut w" + std::to_string(weight_bits) + " " + std::string(to_string(act));
  if (entries != lut_datapath(hw, weight_bits, act).table_format) {
    k.name += " " + std::string(to_string(entries)) + " tables";
  }
  k.a_bytes_per_elem = table_bytes_per_act;
  k.b_bytes_per_elem = low_bit_weight_bytes(weight_bits);
  k.c_bytes_per_elem = 2.0;
  k.macs_per_cycle_per_sm =
      static_cast<double>(hw.tensor_cores_per_sm) * l.one_bit_lookups_per_cycle() / weight_bits;
  k.datapath = datapath;
  k.table_format = datapath.table_format;
  k.lookups_per_mac = static_cast<double>(weight_bits) / l.geometry.k;
  k.k_multiple = l.geometry.k;
  // Elongated tiles (small M, large N), as the M2N64K4 LMMA favours: each
  // table is read once per warp and broadcast along N inside the array. The
  // search tries warp tiles of whole array tiles; 16 x 256 is the default
  // where a tiling names none.
  k.warp_m = 16;
  k.warp_n = 256;
  k.warp_m_multiple = l.geometry.m;
  k.warp_n_multiple = l.geometry.n;
  k.elongated_tiles = true;
  k.register_tables = true;
  return k;
}

}  // namespace lutsim
