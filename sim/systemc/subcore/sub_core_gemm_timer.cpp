#include "sim/systemc/subcore/sub_core_gemm_timer.hpp"

#include <cmath>
#include <stdexcept>

namespace lutsim::systemc {
namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b;
}

bool same_tiling(const Tiling& a, const Tiling& b) {
  return a.tile.bm == b.tile.bm && a.tile.bn == b.tile.bn && a.tile.bk == b.tile.bk &&
         a.tile.stages == b.tile.stages && a.split_k == b.split_k;
}

}  // namespace

std::optional<WarpKernel> sub_core_kernel(const GemmKernel& kernel, std::string* why_not) {
  if (kernel.family == KernelFamily::kLut) return WarpKernel::kLut;
  const bool dense = kernel.family == KernelFamily::kDense;
  if (dense && (kernel.mma_type == DataType::kFp16 || kernel.mma_type == DataType::kInt8)) {
    return WarpKernel::kMma;
  }
  if (why_not) {
    *why_not = dense ? "mma.sync in " + std::string(to_string(kernel.mma_type)) +
                           " has no golden numerics in the sub-core (fp16 and int8 do)"
                     : "dequantization kernels have no sub-core warp program";
  }
  return std::nullopt;
}

namespace {

// Output tiles the busiest SM computes: ceil(tiles / SMs) under data-parallel
// waves; under stream-K its equal share of all tiles' k-steps, in tiles.
double tiles_on_busiest_sm(const HardwareSpec& hw, const GemmKernel& kernel, const GemmShape& shape,
                           const GemmEstimate& tile) {
  if (tile.tiling.schedule != TileSchedule::kStreamK) {
    return static_cast<double>(ceil_div(tile.ctas, hw.sm_count));
  }
  const std::int64_t steps_per_tile =
      padded_k_slice(kernel, shape, tile.tiling) /
      (static_cast<std::int64_t>(tile.tiling.tile.bk) * kernel.k_step_multiplier);
  return static_cast<double>(ceil_div(tile.ctas * steps_per_tile, hw.sm_count)) /
         static_cast<double>(steps_per_tile);
}

}  // namespace

SubCoreGemmTimer::SubCoreGemmTimer(const HardwareSpec& hw)
    : hw_(hw), config_(sub_core_config(hw)) {}

const SubCoreGemmFigure& SubCoreGemmTimer::figure(const GemmKernel& kernel, const GemmShape& shape,
                                                  int weight_bits, DataType act,
                                                  const GemmEstimate& tile) {
  const std::optional<WarpKernel> warp_kernel = sub_core_kernel(kernel, nullptr);
  if (!warp_kernel) throw std::invalid_argument(kernel.name + ": no sub-core warp program");
  if (shape.batch != 1) {
    throw std::invalid_argument(kernel.name + ": a batched GEMM (batch " +
                                std::to_string(shape.batch) + ") has no sub-core warp program");
  }
  const Key key{kernel.name, shape.m, shape.n, shape.k};
  if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
  SubCoreGemmFigure f;
  f.run = run_gemm_warp_tile(hw_, config_,
                             {.kernel = *warp_kernel,
                              .m = shape.m,
                              .n = shape.n,
                              .k = shape.k,
                              .weight_bits = weight_bits,
                              .act = act});
  if (!same_tiling(f.run.estimate.tiling, tile.tiling)) {
    throw std::logic_error(kernel.name + ": the warp program's tiling is not the tile model's");
  }
  const ThreadblockTile& t = tile.tiling.tile;
  f.warp_tiles_per_cta = static_cast<std::int64_t>(t.bm / f.run.warp_m) * (t.bn / f.run.warp_n);
  f.warp_tiles_per_partition = static_cast<std::int64_t>(
      std::ceil(tiles_on_busiest_sm(hw_, kernel, shape, tile) *
                static_cast<double>(f.warp_tiles_per_cta) / hw_.tensor_cores_per_sm));
  f.compute_s = static_cast<double>(f.warp_tiles_per_partition) *
                static_cast<double>(f.run.result.cycles) / hw_.sm_clock_hz;
  return cache_.emplace(key, std::move(f)).first->second;
}

}  // namespace lutsim::systemc
