#pragma once

#include "compiler/cost/node_timer.hpp"
#include "sim/tile/end_to_end.hpp"

namespace lutsim {

// The compiler's NodeTimer on the tile model, with simulate_forward's
// conventions for a system whose low-bit linears run on LUT tensor cores:
// - lut_linear: the LUT kernel's best tiling (best_gemm with lut_kernel);
//   linear (16-bit weights): the dense kernel's; attention products: dense
//   FP16 GEMMs batched over their instances (attention unfused);
// - precompute, norm, elementwise, row selection: memory-bound kernels, the
//   fixed kernel time plus DRAM time for the tensor written (tables in their
//   entry type) and each operand read, at most the node's own values of it;
// - input and reshape: no time (a reshape is a view);
// plus the launch gap per kernel when system.launch_gaps.
// Throws std::invalid_argument for a low-bit linear (split_precompute has
// not run: where its tables come from is not in the graph), and for a LUT
// linear when the GPU has no LUT tensor cores.
class TileNodeTimer : public compiler::NodeTimer {
 public:
  explicit TileNodeTimer(SystemSpec system) : sys_(std::move(system)) {}

  double time_s(const compiler::NodeRun& run) const override;

 private:
  double gemm_time_s(const GemmKernel& kernel, const ir::GemmDims& d) const;
  double memory_time_s(const compiler::NodeRun& run) const;

  SystemSpec sys_;
};

}  // namespace lutsim
