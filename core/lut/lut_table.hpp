#pragma once

#include <span>
#include <vector>

#include "core/lut/lut_config.hpp"

namespace lutsim {

// The precomputed table of one group of k activations x[0..k).
//
// Full entry for a k-bit index idx (bit i of idx is the weight-plane bit that
// meets activation i):
//   symmetric forms:  T[idx] = sum_i d_i x_i, d_i = bit_i(idx) ? +1 : -1
//   unsigned form:    T[idx] = sum_i bit_i(idx) x_i
// summed left to right (i = 0, 1, ..., k-1) in the entry format: for FP16 every
// partial sum is rounded to binary16 (round to nearest even); integer entries
// are exact. The unsigned form skips digits that are 0.
//
// The half form stores H[i] = T[i | 2^(k-1)], i < 2^(k-1) (the last
// activation's digit +1); the top index bit selects negation:
//   lookup(idx) = bit_{k-1}(idx) ? H[idx & m] : -H[~idx & m],  m = 2^(k-1) - 1.
// Since round-to-nearest-even is sign-symmetric, T[~idx] = -T[idx] holds
// bit for bit, so the half form returns exactly what the full form does.
//
// INT8 quantization (TableEntryFormat::kInt8Quantized) quantizes the stored
// FP16 entries with one scale per table: scale = fp16(max|entry| / 127)
// (1 if all entries are 0), code = clamp(round_half_even(entry / scale), +-127).
struct LutTable {
  std::vector<double> entries;  // stored entries: FP16 values, integers or INT8 codes
  double scale = 1.0;           // an entry's real value is entries[i] * scale
};

// Throws std::invalid_argument if x.size() != cfg.geometry.k.
LutTable precompute_table(std::span<const double> x, const LutGemmConfig& cfg);

// The adders the RTL's precompute of one table fires (shared prefix sums,
// rtl/lut_table_precompute.sv): half 2^K - 4 + 2^(K-1), symmetric full
// 2^(K+1) - 4, unsigned full 2^K - K - 1 (one per entry of two or more set
// bits). What sim/ counts per table and ppa/ prices the precompute by.
int precompute_adders(int k, TableForm form);

// The signed stored entry selected by a k-bit index (see above); the caller
// multiplies by table.scale for quantized tables.
double table_lookup(const LutTable& table, unsigned index, const LutGemmConfig& cfg);

}  // namespace lutsim
