#pragma once

#include "core/config/config_reader.hpp"
#include "sim/tile/end_to_end.hpp"

namespace lutsim {

// Keys every study that times forward passes reads the same way.
struct ForwardPassKeys {
  PrecomputeMode precompute = PrecomputeMode::kFused;
  bool launch_gaps = false;
  AttentionMode attention = AttentionMode::kFused;
};

// Reads precompute, launch_gaps and attention from `r`.
ForwardPassKeys read_forward_pass_keys(config::ConfigReader& r);

}  // namespace lutsim
