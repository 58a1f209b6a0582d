#include "sim/tile/tile_model_tiler.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace lutsim {

compiler::TileChoice tile_choice(const GemmKernel& kernel, const GemmShape& shape,
                                 const GemmEstimate& e) {
  const ThreadblockTile& t = e.tiling.tile;
  const WarpTile w = warp_tile(kernel, t);
  compiler::TileChoice c;
  c.cta_m = t.bm;
  c.cta_n = t.bn;
  c.cta_k = t.bk;
  c.stages = t.stages;
  c.split_k = e.tiling.split_k;
  c.schedule = to_string(e.tiling.schedule);
  c.ctas = e.ctas;
  c.warp_m = w.m;
  c.warp_n = w.n;
  c.k_step = t.bk * kernel.k_step_multiplier;
  c.k_steps = k_steps_per_cta(kernel, shape, e.tiling);
  c.smem_bytes_per_cta = std::llround(smem_bytes_per_cta(t, kernel));
  c.register_bytes_per_cta = std::llround(register_bytes_per_cta(t, kernel));
  c.residency = compiler::TableResidency::kSharedMemory;
  c.bound = std::string(to_string(e.bound));
  c.time_s = e.time_s;
  return c;
}

compiler::TileChoice TileModelTiler::choose(const compiler::TileQuery& q) const {
  if (q.dims.batch != 1) {
    throw std::invalid_argument("tile model: '" + q.gemm + "': a batched LUT GEMM (batch " +
                                std::to_string(q.dims.batch) + ") is not tiled");
  }
  const GemmKernel kernel = lut_kernel(hw_, q.weight_bits, q.activation);
  const GemmShape shape{q.dims.m, q.dims.n, q.dims.k, 1, q.activation};
  const auto lowerable = [&](const ThreadblockTile& t) {
    const WarpTile w = warp_tile(kernel, t);
    return w.m % q.warp_m_multiple == 0 && w.n % q.warp_n_multiple == 0 &&
           (t.bk * kernel.k_step_multiplier) % q.k_step_multiple == 0;
  };
  try {
    return tile_choice(kernel, shape, best_gemm(hw_, kernel, shape, lowerable));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("tile model: '" + q.gemm + "' (warp tiles of " +
                                std::to_string(q.warp_m_multiple) + " x " +
                                std::to_string(q.warp_n_multiple) + " multiples, K steps of " +
                                std::to_string(q.k_step_multiple) + "): " + e.what());
  }
}

}  // namespace lutsim
