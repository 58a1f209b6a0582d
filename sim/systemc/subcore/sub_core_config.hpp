#pragma once
// What the cycle-level SM sub-core is built from: the hardware config's
// `sub_core` section (issue, register file, latencies), its LUT tensor core
// (`lut_tensor_core`, timing through lut_unit_config, the same source as the
// LUT tile model) and the per-partition share of the SM's tensor, CUDA-core
// and shared-memory resources.

#include <cstdint>
#include <optional>
#include <stdexcept>

#include "compiler/program/operand_layout.hpp"
#include "core/specs/hardware_spec.hpp"

namespace lutsim::systemc {

// A hardware config or program the sub-core model cannot run as given (no
// sub_core section, a resource it does not model, an instruction the
// hardware lacks); the message names the key or the line.
class UnsupportedSubCore : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Shared memory as the model has it: 32 banks of 4 bytes, one 128-byte
// wavefront per cycle.
inline constexpr int kSmemBanks = 32;
inline constexpr int kSmemBankBytes = 4;
// Bytes one shared-memory wavefront serves (one word from every bank).
inline constexpr int kWavefrontBytes = kSmemBanks * kSmemBankBytes;
using lmma::kWarpLanes;
using lmma::kWarpRegisterBytes;

struct SubCoreConfig {
  SubCoreSpec spec;
  std::optional<LutTensorCoreSpec> lut;  // none: the GPU has no LUT tensor cores (lmma rejected)
  double fp16_fma_per_cycle = 0.0;       // one partition's share of the SM's tensor rates
  double int8_mac_per_cycle = 0.0;
  double fp8_fma_per_cycle = 0.0;
  double cuda_ops_per_cycle = 0.0;  // one partition's CUDA-core lanes
  std::int64_t smem_bytes = 0;      // the SM's shared memory, all of it the warp's to address
  int warp_registers = 0;           // one partition's register file / 128 bytes
};

// Throws UnsupportedSubCore when `hw` has no sub_core section or its shared
// memory is not the 32 x 4-byte banks the model has (sm.smem_bw_bytes_per_cycle
// != 128). Partitions = tensor cores per SM (one tensor core each).
SubCoreConfig sub_core_config(const HardwareSpec& hw);

}  // namespace lutsim::systemc
