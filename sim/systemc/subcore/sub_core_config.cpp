#include "sim/systemc/subcore/sub_core_config.hpp"

#include <string>

namespace lutsim::systemc {

SubCoreConfig sub_core_config(const HardwareSpec& hw) {
  if (!hw.sub_core) {
    throw UnsupportedSubCore(hw.name +
                             ": the hardware config has no sub_core section, which the "
                             "cycle-level sub-core needs (see configs/hw/a100_sxm4_80gb.yaml)");
  }
  if (hw.smem_bw_bytes_per_cycle_per_sm != kSmemBanks * kSmemBankBytes) {
    throw UnsupportedSubCore(
        hw.name +
        ": sm.smem_bw_bytes_per_cycle = " + std::to_string(hw.smem_bw_bytes_per_cycle_per_sm) +
        ": the sub-core models shared memory as 32 banks x 4 bytes (128 bytes/cycle) only");
  }
  const double partitions = hw.tensor_cores_per_sm;
  SubCoreConfig c;
  c.spec = *hw.sub_core;
  c.lut = hw.lut_tensor_core;
  c.fp16_fma_per_cycle = hw.fp16_fma_per_cycle_per_sm / partitions;
  c.int8_mac_per_cycle = hw.int8_mac_per_cycle_per_sm / partitions;
  c.fp8_fma_per_cycle = hw.fp8_fma_per_cycle_per_sm / partitions;
  c.cuda_ops_per_cycle = hw.cuda_core_ops_per_cycle_per_sm / partitions;
  c.smem_bytes = hw.smem_bytes_per_sm;
  c.warp_registers = static_cast<int>(hw.effective_register_file_bytes_per_sm() /
                                      hw.tensor_cores_per_sm / kWarpRegisterBytes);
  return c;
}

}  // namespace lutsim::systemc
