#pragma once
// A hardware config committed under configs/hw/, for tests run from the repo root.

#include <string>

#include "core/specs/hardware_spec.hpp"

namespace lutsim::test {

inline HardwareSpec committed_hardware(const std::string& name) {
  return load_hardware("configs/hw/" + name + ".yaml");
}

}  // namespace lutsim::test
