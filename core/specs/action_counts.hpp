#pragma once

#include <map>

#include "core/lut/lut_config.hpp"
#include "core/numerics/data_type.hpp"

namespace lutsim {

// What a kernel, an operator or a forward pass does, counted: the simulators
// fill it, ppa/ prices it (ppa/energy/energy_pricing.hpp). No energy here.
// Counts are doubles so that a count times an op's occurrences cannot
// overflow; they are exact integers up to 2^53.
struct ActionCounts {
  // MAC tensor-core multiply-accumulates by operand type, as the units
  // execute them (padded tiles included).
  std::map<DataType, double> tensor_core_macs;
  // LUT tensor-core lookups by table entry format: one stored entry of one
  // table (k activations) selected for one weight bit plane of one output
  // and accumulated. A b-bit M x N x K GEMM with k-activation tables does
  // M x N x (K / k) x b of them.
  std::map<TableEntryFormat, double> lut_lookups;
  // CUDA-core instructions: weight dequantization, table precompute additions.
  double cuda_core_ops = 0.0;
  // Operand fragments the tensor units read from the register file.
  double register_file_bytes = 0.0;
  // Shared memory: tiles written from L2 plus fragments read into registers.
  double smem_bytes = 0.0;
  // Through L2: operand tiles read by the threadblocks, outputs written.
  double l2_bytes = 0.0;
  // Unique DRAM traffic.
  double dram_bytes = 0.0;

  ActionCounts& operator+=(const ActionCounts& other);
  // Every count times `times` (e.g. an op's occurrences per forward pass).
  ActionCounts scaled(double times) const;
};

}  // namespace lutsim
