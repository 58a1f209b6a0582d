#include "compiler/lowering/lower_gemm.hpp"

#include <stdexcept>
#include <string>

#include "compiler/program/operand_layout.hpp"
#include "core/specs/hardware_datapath.hpp"

namespace lutsim::compiler {
namespace {

std::invalid_argument node_error(const ir::Node& n, const std::string& message) {
  return std::invalid_argument("lowering: '" + n.name + "': " + message);
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b;
}

LutGemmConfig datapath_of(const ir::Node& n, const HardwareSpec& hw) {
  LutGemmConfig dp = lut_datapath(hw, n.weight_bits, n.act_dtype);
  const ir::TableLayout& t = *n.tables;
  if (t.group_size != dp.geometry.k || t.entries != dp.geometry.table_entries()) {
    throw node_error(n, "tables of " + std::to_string(t.entries) + " entries per group of " +
                            std::to_string(t.group_size) + " are not the " +
                            std::to_string(dp.geometry.table_entries()) + " per group of " +
                            std::to_string(dp.geometry.k) + " of " + hw.name);
  }
  if (t.format != dp.table_format) {
    throw node_error(n, "tables of " + std::string(to_string(t.format)) + " entries: the LUT " +
                            "tensor cores of " + hw.name + " look up " +
                            std::string(to_string(dp.table_format)) + " entries for " +
                            std::string(to_string(dp.activation)) +
                            " activations (lut_tensor_core.table_format for floating ones)");
  }
  return dp;
}

// The tiling's registers are what its search counted against the register
// file (warp_registers); a program using others would run a tiling the model
// did not time.
void require_counted_registers(const std::string& gemm, const TileChoice& tile,
                               const WarpProgramLayout& l) {
  const std::int64_t warps =
      static_cast<std::int64_t>(tile.cta_m / tile.warp_m) * (tile.cta_n / tile.warp_n);
  const std::int64_t bytes = warps * l.registers() * lmma::kWarpRegisterBytes;
  if (bytes != tile.register_bytes_per_cta) {
    throw std::invalid_argument("lowering: '" + gemm + "': the warp programs of a CTA use " +
                                std::to_string(bytes) + " register bytes, the tiling counted " +
                                std::to_string(tile.register_bytes_per_cta));
  }
}

}  // namespace

LoweringTarget lowering_target(const HardwareSpec& hw) {
  if (!hw.lut_tensor_core) {
    throw std::invalid_argument("lowering: " + hw.name + " has no lut_tensor_core section");
  }
  return {hw.lut_tensor_core->geometry, hw.lut_tensor_core->throughput_scale, hw.smem_bytes_per_sm};
}

LoweredGemm lower_lut_gemm(const LutGemm& gemm, const TileChoice& tile,
                           const LoweringTarget& target) {
  if (tile.table_format != gemm.datapath.table_format) {
    throw std::invalid_argument("lowering: '" + gemm.name + "': the tiling stores tables in " +
                                std::string(to_string(tile.table_format)) +
                                " entries, the LUT tensor cores look up " +
                                std::string(to_string(gemm.datapath.table_format)) + " entries");
  }
  WarpTileSpec s;
  s.warp_m = tile.warp_m;
  s.warp_n = tile.warp_n;
  s.k_step = tile.k_step;
  s.k_steps = tile.k_steps;
  s.datapath = gemm.datapath;
  s.array = target.array;
  s.arrays = target.arrays;
  s.smem_bytes = target.smem_bytes;
  s.tables = gemm.tables;
  s.residency = tile.residency;
  s.n_sweep = tile.n_sweep;
  LoweredGemm out;
  try {
    out.warp = warp_tile_program(s);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("lowering: '" + gemm.name + "': " + e.what());
  }
  require_counted_registers(gemm.name, tile, out.warp.layout);
  KernelDescriptor& d = out.kernel;
  d.gemm = gemm.name;
  d.dims = gemm.dims;
  d.grid_m = ceil_div(gemm.dims.m, tile.cta_m);
  d.grid_n = ceil_div(gemm.dims.n, static_cast<std::int64_t>(tile.cta_n) * tile.n_sweep);
  d.tiling = tile;
  d.datapath = gemm.datapath;
  d.tables = gemm.tables;
  d.table_writer = gemm.table_writer;
  d.precompute_fused = gemm.tables == TableSource::kSharedMemory;
  d.warp = out.warp.layout;
  return out;
}

LutGemm lut_gemm_of(const ir::Graph& graph, ir::NodeId id, const HardwareSpec& hw) {
  const ir::Node& n = graph.node(id);
  if (n.kind != ir::NodeKind::kLutLinear) {
    throw node_error(n, "a " + std::string(ir::to_string(n.kind)) +
                            " node, not a lut_linear (run split_precompute first)");
  }
  if (n.gemm.batch != 1) {
    throw node_error(n,
                     "a batched GEMM (batch " + std::to_string(n.gemm.batch) + ") is not lowered");
  }
  const ir::Node& writer = graph.node(graph.inputs(id).front());
  LutGemm g;
  g.name = n.name;
  g.dims = n.gemm;
  g.datapath = datapath_of(n, hw);
  g.tables =
      writer.kind == ir::NodeKind::kPrecompute ? TableSource::kLutpre : TableSource::kSharedMemory;
  g.table_writer = writer.name;
  return g;
}

LoweredGemm lower_lut_linear(const ir::Graph& graph, ir::NodeId id, const HardwareSpec& hw,
                             const Tiler& tiler) {
  const LutGemm g = lut_gemm_of(graph, id, hw);
  const LoweringTarget target = lowering_target(hw);
  // A TileQuery searches every candidate by default (full_search): the lowering
  // report shows the whole search.
  TileQuery query{g.name,         g.dims,         g.datapath.weight_bits, g.datapath.activation,
                  target.array.m, target.array.n, target.array.k,         g.datapath.table_format};
  query.tables = g.tables;
  const TileChoice tile = tiler.choose(query);
  return lower_lut_gemm(g, tile, target);
}

std::vector<GemmLowering> lower_graph(const ir::Graph& graph, const HardwareSpec& hw,
                                      const Tiler& tiler) {
  std::vector<GemmLowering> out;
  for (const ir::NodeId id : graph.topological_order()) {
    if (graph.node(id).kind != ir::NodeKind::kLutLinear) continue;
    GemmLowering l{graph.node(id).name, std::nullopt, ""};
    try {
      l.lowered = lower_lut_linear(graph, id, hw, tiler);
    } catch (const std::invalid_argument& e) {
      l.refused = e.what();
    }
    out.push_back(std::move(l));
  }
  return out;
}

}  // namespace lutsim::compiler
