#pragma once
// The compiler's Tiler on the tile model: a LUT GEMM is tiled as best_gemm
// tiles lut_kernel (the fastest of the tile model's candidate tilings whose
// warp tile and K step the query allows), its warp tile the kernel's and its
// tables staged through shared memory, as the tile model's LUT kernel has
// them. The CLI hands one to the lowering
// (compiler/lowering/lower_gemm.hpp); the compiler does not link sim.

#include "compiler/lowering/tiler.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_kernel.hpp"
#include "sim/tile/gemm_model.hpp"
#include "sim/tile/gemm_shape.hpp"

namespace lutsim {

// The tile model's estimate `e` of `kernel` on `shape` as the compiler's
// TileChoice (CTA and warp tile, K step and steps per CTA, the CTA's shared
// memory and registers, the bound).
compiler::TileChoice tile_choice(const GemmKernel& kernel, const GemmShape& shape,
                                 const GemmEstimate& e);

class TileModelTiler : public compiler::Tiler {
 public:
  explicit TileModelTiler(HardwareSpec hw) : hw_(std::move(hw)) {}

  // best_gemm(hw, lut_kernel(hw, bits, act), {M, N, K}) over the allowed
  // tiles; throws as they do, naming the GEMM.
  compiler::TileChoice choose(const compiler::TileQuery& query) const override;

 private:
  HardwareSpec hw_;
};

}  // namespace lutsim
