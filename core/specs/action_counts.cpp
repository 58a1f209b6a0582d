#include "core/specs/action_counts.hpp"

namespace lutsim {

ActionCounts& ActionCounts::operator+=(const ActionCounts& other) {
  for (const auto& [type, n] : other.tensor_core_macs) tensor_core_macs[type] += n;
  for (const auto& [format, n] : other.lut_lookups) lut_lookups[format] += n;
  cuda_core_ops += other.cuda_core_ops;
  register_file_bytes += other.register_file_bytes;
  smem_bytes += other.smem_bytes;
  l2_bytes += other.l2_bytes;
  dram_bytes += other.dram_bytes;
  return *this;
}

ActionCounts ActionCounts::scaled(double times) const {
  ActionCounts s = *this;
  for (auto& [type, n] : s.tensor_core_macs) n *= times;
  for (auto& [format, n] : s.lut_lookups) n *= times;
  s.cuda_core_ops *= times;
  s.register_file_bytes *= times;
  s.smem_bytes *= times;
  s.l2_bytes *= times;
  s.dram_bytes *= times;
  return s;
}

}  // namespace lutsim
