#pragma once
// A hardware config committed under configs/hw/, for tests run from the repo root.

#include <string>

#include "core/specs/hardware_spec.hpp"

namespace lutsim::test {

inline HardwareSpec committed_hardware(const std::string& name) {
  return load_hardware("configs/hw/" + name + ".yaml");
}

// A100-LUT-4X with a sixteenth of its L2 bandwidth: there the tables' L2
// re-reads bound a short-K LUT GEMM and the tiling search holds the tables
// in registers, which no committed LUT GPU does.
inline HardwareSpec l2_starved_a100_lut_4x() {
  HardwareSpec hw = committed_hardware("a100_lut_4x");
  hw.l2_bw_bytes_per_cycle /= 16.0;
  return hw;
}

}  // namespace lutsim::test
