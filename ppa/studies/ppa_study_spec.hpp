#pragma once
// The `lutsim ppa <study.yaml>` studies, read from their config.

#include <cstdint>
#include <string>
#include <vector>

#include "core/config/config_reader.hpp"
#include "core/lut/lut_config.hpp"
#include "ppa/design/design_point.hpp"

namespace lutsim::ppa {

enum class PpaStudyKind {
  kDotUnits,     // 1: LUT vs MAC vs ADD dot units (DP-K) per precision pair
  kGroupSize,    // 2: LUT dot unit group size K
  kArrayShapes,  // 3: array shapes at a fixed M*N*K
  kWeightBits,   // 4: weight-bit scaling, conventional LUT vs LUT TC vs MAC vs ADD
  kAblation,     // 5: conventional LUT -> LUT Tensor Core, step by step
  kTensorCore,   // 6: whole tensor cores and an SM's worth
};

// Throughput-normalised, replicated copies of one design (a tensor core built
// from `copies` arrays, or an array built from units).
struct TensorCoreVariant {
  std::string name;
  DesignPoint design;
  int copies = 1;
};

struct PpaStudySpec {
  PpaStudyKind kind = PpaStudyKind::kDotUnits;
  std::string name;             // results/<name>/
  std::string library;          // cell library (ppa/flow/cell_library.hpp)
  std::string method;           // "synthesis" (full flow) or "analytic" (component model)
  double clock_mhz = 0;         // clock of the power simulation and throughput
  int power_cycles = 0;         // gate-level cycles simulated per design
  std::uint64_t seed = 1;
  int jobs = 0;                 // designs evaluated in parallel (0: one per core)

  // Study-specific axes (unused ones keep their defaults).
  std::vector<std::string> designs;  // dot_units / weight_bits: lut, lut_conventional, mac, add
  std::vector<int> group_sizes;
  std::vector<int> weight_bits;
  std::vector<DataType> activations;
  std::vector<DesignPoint> shapes;   // array_shapes: M, N, K (kind lut_array)
  DesignPoint ablation_array;        // ablation: the final LUT array
  std::vector<TensorCoreVariant> tensor_cores;
  int tensor_cores_per_sm = 4;
};

std::string to_string(PpaStudyKind kind);

// Reads a PPA study (`study: ppa_dot_units` ... `ppa_tensor_core`). Throws
// ConfigError with file, line and key on bad input.
PpaStudySpec read_ppa_study(config::ConfigReader& root);

}  // namespace lutsim::ppa
