#pragma once
// Lowering (issue 13 item 3): a lut_linear of a compiled graph (after
// reinterpret_weights and split_precompute, fuse_precompute optional) to the
// kernel descriptor of its GEMM and the LMMA program of one warp, for the
// tiling a Tiler chooses. docs/compiler.md, "Lowering".

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/ir/graph.hpp"
#include "compiler/lowering/kernel_descriptor.hpp"
#include "compiler/lowering/tiler.hpp"
#include "compiler/lowering/warp_program.hpp"
#include "core/specs/hardware_spec.hpp"

namespace lutsim::compiler {

// A LUT GEMM as the lowering takes it.
struct LutGemm {
  std::string name;
  ir::GemmDims dims;
  LutGemmConfig datapath;
  TableSource tables = TableSource::kSharedMemory;
  std::string table_writer;  // the node writing the tables
};

// What the lowering targets: the LUT tensor core and the shared memory a
// warp's operands may use (the SM's: the warp program is one warp's view).
struct LoweringTarget {
  LutArrayGeometry array;
  int arrays = 1;               // lut_tensor_core.throughput_scale
  std::int64_t smem_bytes = 0;  // smem_bytes_per_sm
};

// std::invalid_argument naming the hardware when it has no lut_tensor_core.
LoweringTarget lowering_target(const HardwareSpec& hw);

struct LoweredGemm {
  KernelDescriptor kernel;
  WarpProgram warp;  // the LMMA program of one warp tile of the kernel
};

// `gemm` under the tiling `tile`: the warp program of one warp tile over one
// CTA's K slice (tables in registers: over the tiling's N sweep). Throws
// std::invalid_argument naming the GEMM when the tile does not lower (a warp
// tile that does not map onto the array or whole registers:
// warp_tile_program's errors; a program whose registers are not the tiling's
// register_bytes_per_cta).
LoweredGemm lower_lut_gemm(const LutGemm& gemm, const TileChoice& tile,
                           const LoweringTarget& target);

// The LUT GEMM of lut_linear `id`: its datapath is core's lut_datapath for
// the node's weight bits and activations on `hw` (INT8 activations: the
// datapath's exact integer tables, whose sums the graph's FP16 entries hold
// exactly); its tables come from shared memory when the precompute is fused
// into the op before (a norm or elementwise node writes them) and from
// lutpre in the warp when it is a precompute node of its own. Throws
// std::invalid_argument naming the node for another kind, a batched GEMM,
// or tables whose group size, form or entry format (e.g. INT8 after
// quantize_tables on hardware with FP16 entries) is not the hardware's.
LutGemm lut_gemm_of(const ir::Graph& graph, ir::NodeId id, const HardwareSpec& hw);

// lut_gemm_of, tiled by `tiler`, lowered.
LoweredGemm lower_lut_linear(const ir::Graph& graph, ir::NodeId id, const HardwareSpec& hw,
                             const Tiler& tiler);

// One lut_linear's lowering: lowered, or refused and why.
struct GemmLowering {
  std::string gemm;
  std::optional<LoweredGemm> lowered;
  std::string refused;  // the refusal (std::invalid_argument's message) when not lowered
};

// Every lut_linear of the graph, in topological order, each lowered or
// refused with its reason (the others are still lowered).
std::vector<GemmLowering> lower_graph(const ir::Graph& graph, const HardwareSpec& hw,
                                      const Tiler& tiler);

}  // namespace lutsim::compiler
