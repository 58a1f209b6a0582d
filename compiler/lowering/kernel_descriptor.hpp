#pragma once
// What the lowering says of one LUT GEMM kernel, as plain data a timing
// model or a report can take: the grid, the CTA and warp tiles, the main
// loop, shared memory and registers, the table entry format, where the
// tables live and where they come from.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "compiler/ir/node.hpp"
#include "compiler/lowering/tiler.hpp"
#include "compiler/lowering/warp_program.hpp"
#include "core/lut/lut_config.hpp"

namespace lutsim::compiler {

struct KernelDescriptor {
  std::string gemm;  // the lut_linear node
  ir::GemmDims dims;
  std::int64_t grid_m = 0, grid_n = 0;  // CTAs along M and N (times tiling.split_k along K)
  TileChoice tiling;
  LutGemmConfig datapath;  // weight bits, table group and form, entry format, accumulator
  TableSource tables = TableSource::kSharedMemory;
  std::string
      table_writer;  // the node writing the tables (a precompute, or the op it is fused into)
  bool precompute_fused = false;
  WarpProgramLayout warp;  // the warp program's instruction, shared memory and registers
};

// The descriptor with units in the keys (docs/compiler.md, "Lowering").
nlohmann::json to_json(const KernelDescriptor& d);

}  // namespace lutsim::compiler
