#pragma once
// Realistic input activity for a design's gate-level power simulation.
//
// Data (documented in every PPA output): activations are drawn from N(0, 1)
// and encoded as binary16 (FP16), as FP8 E4M3 widened exactly to binary16
// (FP8), or as INT8 codes round(32 x) clamped to [-127, 127] (INT8); weights are
// uniformly random b-bit codes (random bits); MAC designs take them dequantized
// (FP16: s (2c - (2^b - 1)) with a group scale s drawn uniformly in [1/64, 1/32] per
// column and dot product; INT8: the signed code). LUT tables are the golden
// precompute (core/lut/lut_table) of the activations they serve, so table
// entries toggle as real tables do. Every design runs back to back with no
// bubbles: bit-serial designs take one weight plane per cycle and a new table
// (or activation group) every W_BIT cycles, dot products of 8 groups; MAC
// designs take new operands every cycle, dot products of 8 vectors.

#include <cstdint>

#include "ppa/design/design_point.hpp"
#include "ppa/power/stimulus.hpp"

namespace lutsim::ppa {

// Reset for the first cycles, then steady-state traffic; `cycles` includes the
// warm-up (Stimulus::warmup_cycles), which power analysis skips.
Stimulus design_stimulus(const DesignPoint& design, int cycles, std::uint64_t seed);

}  // namespace lutsim::ppa
