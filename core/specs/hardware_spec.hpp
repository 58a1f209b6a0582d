#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/config/config_reader.hpp"
#include "core/lut/lut_config.hpp"

namespace lutsim {

// LUT tensor cores replacing an SM's MAC tensor cores: an M x N x K array of
// one-bit lookup-accumulates per tensor core per cycle (a b-bit weight takes
// b passes).
struct LutTensorCoreSpec {
  LutArrayGeometry geometry{.m = 2, .n = 64, .k = 4};
  TableEntryFormat table_format = TableEntryFormat::kFp16;
  int throughput_scale = 1;      // 1X, 4X, 8X: arrays of this shape per tensor core
  bool double_register = false;  // register file capacity doubled
  // Timing of one LUT unit (dot unit or array): what the cycle-level models
  // (sim/systemc) take; the tile-level model counts throughput only.
  int pipeline_depth_cycles = 1;       // last index vector -> result
  int initiation_interval_cycles = 1;  // between accepted index vectors

  // Per tensor core per cycle; "1X" = 512, the A100 INT8 tensor core's 8x4x16.
  std::int64_t one_bit_lookups_per_cycle() const {
    return geometry.one_bit_macs_per_pass() * throughput_scale;
  }

  bool operator==(const LutTensorCoreSpec&) const = default;
};

// One SM sub-core (SM partition: a warp scheduler, its register file slice,
// one tensor core and a quarter of the CUDA cores) as the cycle-level
// sub-core model (sim/systemc/subcore) sees it. Every field is a required key
// of the hardware YAML's `sub_core` section; the YAML says where each value
// comes from.
struct SubCoreSpec {
  int issue_width_instr_per_cycle = 1;  // warp instructions the scheduler issues per cycle
  int register_banks = 2;               // register `X<i>` lives in bank i mod banks
  int register_bank_width_bits = 64;    // per lane per cycle: 64 = two 32-bit registers
  int smem_latency_cycles = 23;         // ld.shared / ldmatrix issue -> data in registers
  int mma_overhead_cycles = 0;          // tensor-core cycles an mma holds beyond its MACs at the
                                        // SM's dense rate (mma.sync on Hopper: 2)
  int mma_pass_latency_cycles = 0;      // a dependent mma's latency per pass, a pass being
                                        // 128 bits of K of a row (f16 k8, s8 k16): each pass
                                        // accumulates onto the one before (0: none beyond
                                        // the occupancy)
  int mma_fixed_latency_cycles = 20;    // mma latency beyond the longer of its tensor-core
                                        // occupancy and its passes' latency
  int alu_latency_cycles = 4;           // a dependent CUDA-core instruction's latency

  bool operator==(const SubCoreSpec&) const = default;
};

// Physically meaningful factors the tile-level model is calibrated with,
// the same for every GEMM shape on a GPU (see validation/README.md for how
// each was obtained).
struct CalibrationSpec {
  double tensor_efficiency = 1.0;  // achieved / peak tensor throughput of a saturated SM
  double dram_efficiency = 1.0;    // achieved / peak DRAM bandwidth
  double l2_efficiency = 1.0;      // achieved / peak L2 bandwidth
  double max_dram_bw_per_sm_bytes_per_s = 0.0;  // what one SM can pull (outstanding requests)
  double mem_compute_overlap = 1.0;   // fraction of the shorter of memory/compute time hidden
  double kernel_fixed_time_s = 0.0;   // kernel start-up and drain, beyond launch
  double cta_latency_s = 0.0;         // per threadblock: pipeline fill and epilogue
  double splitk_reduce_time_s = 0.0;  // extra fixed time of a split-K reduction

  bool operator==(const CalibrationSpec&) const = default;
};

// Dense tensor rates the whole GPU sustains at its board power limit with every
// SM busy, per MMA type (measured: a power-limited GPU lowers its clock under
// sustained tensor load). They bound a kernel's average tensor rate: its MACs
// take at least MACs / rate, each SM at most its clock-limited rate; see
// validation/README.md.
struct PowerLimitSpec {
  double fp16_fma_per_s = 0.0;
  double bf16_fma_per_s = 0.0;
  double int8_mac_per_s = 0.0;
  double fp8_fma_per_s = 0.0;

  bool operator==(const PowerLimitSpec&) const = default;
};

// What the fused-attention kernel family (sim/tile/attention_model.hpp) needs
// beyond the GEMM model's parameters, each one value for every call.
struct FusedAttentionSpec {
  // Achieved / peak DRAM bandwidth of a kernel that streams K and V once, in
  // order (a plain read kernel's), where GEMMs use dram_efficiency.
  double stream_dram_efficiency = 1.0;
  // Fixed time of one fused-attention call (start-up and drain of its
  // kernels), in place of kernel_fixed_time_s.
  double call_fixed_time_s = 0.0;

  bool operator==(const FusedAttentionSpec&) const = default;
};

// The library's fallback GEMM kernels, run when a leading dimension of an
// operand or of the output is not a multiple of `aligned_bytes` (cuBLASLt on
// Hopper runs its TMA/wgmma kernels only on 16-byte-aligned rows). They load
// operands with per-thread loads no wider than the rows' alignment and
// max_load_bytes, so their rates scale with the elements one load carries
// (sim/tile/unaligned_fallback.hpp; measured in validation/data/h200-20261126).
struct UnalignedFallbackSpec {
  int aligned_bytes = 16;
  int max_load_bytes = 4;
  // Dense MACs per second of the whole GPU, per operand element per load.
  double macs_per_s_per_load_element = 0.0;
  // Operand elements streamed from DRAM per second of the whole GPU, per
  // operand element per load.
  double dram_elements_per_s_per_load_element = 0.0;

  bool operator==(const UnalignedFallbackSpec&) const = default;
};

// What the GPU draws however busy it is, counted over the whole of a run as
// static power (ppa/energy prices it; the tile model does not read it).
struct StaticPowerSpec {
  double watts = 0.0;
  std::string source;  // the measurement it comes from

  bool operator==(const StaticPowerSpec&) const = default;
};

// A GPU as the tile-level model sees it. Pure data read from configs/hw/*.yaml.
struct HardwareSpec {
  std::string name;
  int sm_count = 0;
  double sm_clock_hz = 0.0;
  std::int64_t register_file_bytes_per_sm = 0;
  std::int64_t smem_bytes_per_sm = 0;
  double smem_bw_bytes_per_cycle_per_sm = 0.0;
  int tensor_cores_per_sm = 0;
  double fp16_fma_per_cycle_per_sm = 0.0;       // dense, FP32 accumulate
  double int8_mac_per_cycle_per_sm = 0.0;       // dense
  double fp8_fma_per_cycle_per_sm = 0.0;        // 0: the GPU has no FP8 tensor cores
  double cuda_core_ops_per_cycle_per_sm = 0.0;  // FP32/INT32 lane operations
  // Special-function unit results (MUFU: exp2, reciprocal) per cycle per SM: the
  // softmax exponentials of fused attention; 0: not configured.
  double sfu_ops_per_cycle_per_sm = 0.0;
  // INT8 MACs per cycle per SM of DP4A dot products on the INT32 lanes (the
  // CUDA-core INT8 GEMM, sim/tile/gemm_kernel.hpp); 0: not configured.
  double int8_dot_macs_per_cycle_per_sm = 0.0;
  // No L2 capacity: the tile model reads every operand byte from DRAM once, as
  // a swizzled library kernel does by keeping a wave's tiles in L2 (see
  // sim/tile/gemm_model.hpp), so no figure depends on it.
  double l2_bw_bytes_per_cycle = 0.0;
  std::int64_t dram_bytes = 0;
  double dram_bw_bytes_per_s = 0.0;
  // A load's round trip to DRAM (a dependent pointer chase, L2 missed); it bounds
  // a main loop whose pipeline stages cannot cover it (sim/tile/gemm_model.cpp).
  // 0: not configured, no latency floor.
  double dram_latency_s = 0.0;
  double kernel_launch_overhead_s = 0.0;  // host launch gap seen by event timing
  // CTAs of a thread-block cluster that share one operand tile by TMA multicast
  // (Hopper, compute capability 9.0); 1: no clusters (Ampere and older).
  int cluster_multicast_ctas = 1;
  // The GEMM library's kernels include persistent stream-K ones (Hopper); the
  // tile search then also weighs that schedule (sim/tile/tiling.hpp).
  bool stream_k = false;
  CalibrationSpec calibration;
  std::optional<PowerLimitSpec> power_limit;  // none: only the clock limits the tensor rate
  std::optional<LutTensorCoreSpec> lut_tensor_core;
  std::optional<StaticPowerSpec> static_power;  // none: static energy is not priced
  std::optional<SubCoreSpec> sub_core;          // none: no cycle-level sub-core model
  std::optional<FusedAttentionSpec> fused_attention;  // none: fused attention cannot be timed
  // none: a dense GEMM with a leading dimension off the library's alignment is
  // refused (no measured fallback rates)
  std::optional<UnalignedFallbackSpec> unaligned_fallback;

  // The register file the LUT variant actually has (doubled if configured).
  std::int64_t effective_register_file_bytes_per_sm() const {
    return lut_tensor_core && lut_tensor_core->double_register ? 2 * register_file_bytes_per_sm
                                                               : register_file_bytes_per_sm;
  }

  bool operator==(const HardwareSpec&) const = default;
};

HardwareSpec read_hardware(config::ConfigReader& root);

// A hardware config given as a name ("a100_lut_4x": <configs_dir>/hw/<name>.yaml)
// or as a path (it has a '/' or ends in .yaml).
std::filesystem::path hardware_config_path(const std::string& name_or_path,
                                           const std::filesystem::path& configs_dir);

// Loads configs/hw/<file>.yaml strictly (extends applied, unknown keys are
// errors); stores the resolved config in *resolved when given.
HardwareSpec load_hardware(const std::filesystem::path& path, nlohmann::json* resolved = nullptr);

}  // namespace lutsim
