#include "sim/tile/tile_model_tiler.hpp"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/specs/hardware_datapath.hpp"

namespace lutsim {
namespace {

compiler::TileCost tile_cost(const GemmKernel& kernel, const GemmShape& shape,
                             const GemmEstimate& e) {
  return {compiler::tiling_text(tile_choice(kernel, shape, e)), std::string(to_string(e.bound)),
          e.time_s};
}

// The search's findings over every entry format.
struct Found {
  std::optional<compiler::TileChoice> chosen;
  compiler::TileSearchSummary summary;
};

void merge(Found& f, const GemmKernel& kernel, const GemmShape& shape, const GemmSearch& s) {
  f.summary.exhaustive = f.summary.exhaustive && s.exhaustive;
  f.summary.legal += s.legal;
  f.summary.lowerable += s.allowed_legal;
  if (s.best && (!f.chosen || s.best->time_s < f.chosen->time_s)) {
    f.chosen = tile_choice(kernel, shape, *s.best);
  }
  if (s.best_any && (f.summary.best_legal.tiling.empty() ||
                     s.best_any->time_s < f.summary.best_legal.time_s)) {
    f.summary.best_legal = tile_cost(kernel, shape, *s.best_any);
  }
  if (s.worst_any && (f.summary.worst_legal.tiling.empty() ||
                      s.worst_any->time_s > f.summary.worst_legal.time_s)) {
    f.summary.worst_legal = tile_cost(kernel, shape, *s.worst_any);
  }
}

compiler::TableResidency residency_of(const Tiling& t) {
  return t.tables == TablePlacement::kRegisters ? compiler::TableResidency::kRegisters
                                                : compiler::TableResidency::kSharedMemory;
}

}  // namespace

compiler::TileChoice tile_choice(const GemmKernel& kernel, const GemmShape& shape,
                                 const GemmEstimate& e) {
  const ThreadblockTile& t = e.tiling.tile;
  const WarpTile w = warp_tile(kernel, e.tiling);
  const std::int64_t k_slice = padded_k_slice(kernel, shape, e.tiling);
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
  c.register_bytes_per_cta = std::llround(register_bytes_per_cta(kernel, e.tiling, k_slice));
  c.residency = residency_of(e.tiling);
  c.n_sweep = e.tiling.n_sweep;
  c.table_format = kernel.table_format;
  c.bound = std::string(to_string(e.bound));
  c.time_s = e.time_s;
  return c;
}

bool lowerable(const GemmKernel& kernel, const Tiling& tiling, const compiler::TileQuery& q) {
  const WarpTile w = warp_tile(kernel, tiling);
  return w.m % q.warp_m_multiple == 0 && w.n % q.warp_n_multiple == 0 &&
         (tiling.tile.bk * kernel.k_step_multiplier) % q.k_step_multiple == 0 &&
         (!q.residency || *q.residency == residency_of(tiling));
}

std::vector<TableEntryFormat> searched_table_formats(const HardwareSpec& hw,
                                                     const compiler::TileQuery& q) {
  const TableEntryFormat exact = lut_datapath(hw, q.weight_bits, q.activation).table_format;
  std::vector<TableEntryFormat> out{exact};
  if (q.table_format == TableEntryFormat::kInt8Quantized && exact == TableEntryFormat::kFp16) {
    out.push_back(TableEntryFormat::kInt8Quantized);
  }
  return out;
}

compiler::TileChoice TileModelTiler::choose(const compiler::TileQuery& q) const {
  if (q.dims.batch != 1) {
    throw std::invalid_argument("tile model: '" + q.gemm + "': a batched LUT GEMM (batch " +
                                std::to_string(q.dims.batch) + ") is not tiled");
  }
  const GemmShape shape{q.dims.m, q.dims.n, q.dims.k, 1, q.activation};
  try {
    Found found;
    for (const TableEntryFormat f : searched_table_formats(hw_, q)) {
      GemmKernel kernel = lut_kernel(hw_, q.weight_bits, q.activation, f);
      kernel.lutpre_in_warp = q.tables == compiler::TableSource::kLutpre;
      const auto allowed = [&](const Tiling& t) { return lowerable(kernel, t, q); };
      const SearchExtent extent = q.full_search ? SearchExtent::kFull : SearchExtent::kFastest;
      merge(found, kernel, shape, search_gemm(hw_, kernel, shape, allowed, extent));
      // No allowed tiling runs: best_gemm throws why.
      if (!found.chosen) best_gemm(hw_, kernel, shape, allowed);
    }
    compiler::TileChoice chosen = found.chosen.value();
    chosen.search = found.summary;
    return chosen;
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("tile model: '" + q.gemm + "' (warp tiles of " +
                                std::to_string(q.warp_m_multiple) + " x " +
                                std::to_string(q.warp_n_multiple) + " multiples, K steps of " +
                                std::to_string(q.k_step_multiple) + "): " + e.what());
  }
}

}  // namespace lutsim
