#include "sim/systemc/subcore/sub_core_gemm_timer.hpp"

#include <stdexcept>

namespace lutsim::systemc {
namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b;
}

bool same_tiling(const Tiling& a, const Tiling& b) {
  return a.tile.bm == b.tile.bm && a.tile.bn == b.tile.bn && a.tile.bk == b.tile.bk &&
         a.tile.stages == b.tile.stages && a.split_k == b.split_k && a.warp.m == b.warp.m &&
         a.warp.n == b.warp.n && a.tables == b.tables && a.n_sweep == b.n_sweep;
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
  // Warp tiles of the busiest SM's k-steps (whole tiles under waves, its
  // stream-K share otherwise), dealt to its partitions, n_sweep of them per
  // run of a program holding its tables in registers.
  const std::int64_t steps_per_tile = k_steps_per_cta(kernel, shape, tile.tiling);
  f.warp_tiles_per_partition =
      ceil_div(busiest_sm_k_steps(hw_, kernel, shape, tile) * f.warp_tiles_per_cta,
               steps_per_tile * f.run.n_sweep * hw_.tensor_cores_per_sm);
  f.compute_s = static_cast<double>(f.warp_tiles_per_partition) *
                static_cast<double>(f.run.result.cycles) / hw_.sm_clock_hz;
  return cache_.emplace(key, std::move(f)).first->second;
}

}  // namespace lutsim::systemc
