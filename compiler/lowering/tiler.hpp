#pragma once
// What the lowering asks a performance model: the tiling of one LUT GEMM.
// The compiler defines the question and the answer; a simulator implements
// the choice (sim/tile's TileModelTiler: the tile model's exhaustive tiling
// search) and the CLI hands one to the compiler, so the compiler never links
// a simulator.

#include <cstdint>
#include <optional>
#include <string>

#include "compiler/ir/node.hpp"
#include "compiler/lowering/table_placement.hpp"
#include "core/lut/lut_config.hpp"
#include "core/numerics/data_type.hpp"

namespace lutsim::compiler {

// The LUT GEMM to tile: Y[M,N] = X[M,K] W[N,K]^T with weight_bits-bit
// weights and `activation` activations on the LUT tensor cores.
struct TileQuery {
  std::string gemm;  // the node's name, for messages
  ir::GemmDims dims;
  int weight_bits = 2;
  DataType activation = DataType::kFp16;
  // The candidates: tiles whose warp tile is whole LUT array tiles
  // (warp_m, warp_n multiples of these) and whose K step is whole table
  // groups, the tiles the lowering can emit.
  int warp_m_multiple = 1;
  int warp_n_multiple = 1;
  int k_step_multiple = 1;
  // The entries the plan stores the tables in (the datapath's exact format,
  // or kInt8Quantized after quantize_tables). The search may always store
  // them in the datapath's exact format; INT8-quantized entries, which lose
  // precision, only when the plan quantized them.
  TableEntryFormat table_format = TableEntryFormat::kFp16;
  // Where the warp's tables come from: with lutpre the warp also holds
  // activation buffers, which the register count includes.
  TableSource tables = TableSource::kSharedMemory;
  // Only tilings of this residency (none: either, whichever is fastest).
  std::optional<TableResidency> residency = std::nullopt;
  // Whether every candidate is estimated, so that the choice's search summary
  // holds every legal and lowerable tiling and the slowest legal one (what
  // lutsim compile shows). false: a search that skips the candidates that
  // cannot beat the fastest found (the same choice and fastest legal tiling,
  // the counts of the tilings estimated, no slowest; summary not exhaustive).
  bool full_search = true;
};

// One legal tiling the search priced.
struct TileCost {
  std::string tiling;  // tiling_text of its TileChoice
  std::string bound;
  double time_s = 0.0;
};

// What the search looked at: how many legal tilings, over which space, and
// the fastest and slowest of them (whether lowerable or not).
struct TileSearchSummary {
  bool exhaustive = true;      // every candidate estimated (no pruning)
  std::int64_t legal = 0;      // legal tilings estimated, every entry format
  std::int64_t lowerable = 0;  // of those, the ones the query allows
  TileCost best_legal, worst_legal;
};

// The chosen tiling: a CTA (threadblock) tile, the warp tile its warps
// compute, the main loop's K step and the figures the model derived.
struct TileChoice {
  int cta_m = 0, cta_n = 0;                 // CTA tile rows and columns
  int cta_k = 0;                            // the CTA tile's bk
  int stages = 0;                           // shared-memory buffers of the software pipeline
  int split_k = 1;                          // CTAs sharing one output tile's K
  std::string schedule;                     // "data_parallel" or "stream_k"
  std::int64_t ctas = 0;                    // output tiles x split-K slices
  int warp_m = 0, warp_n = 0;               // one warp's tile
  int k_step = 0;                           // K elements per main-loop step
  std::int64_t k_steps = 0;                 // main-loop steps of one CTA's (padded) K slice
  std::int64_t smem_bytes_per_cta = 0;      // the pipeline's operand buffers
  std::int64_t register_bytes_per_cta = 0;  // accumulators and operand fragments
  TableResidency residency = TableResidency::kSharedMemory;
  int n_sweep = 1;  // output tiles along N a CTA computes in turn with its tables in registers
  TableEntryFormat table_format = TableEntryFormat::kFp16;  // the entries the tables are stored in
  std::string bound;    // what bounds the kernel in the model ("compute", "dram", ...)
  double time_s = 0.0;  // the model's kernel time
  TileSearchSummary search;
};

// "CTA 16 x 512 x 32 (3 stages, split-K 1, data_parallel), warp 16 x 256,
// 128 K steps of 32, tables in shared_memory (fp16 entries)" (", over 4 N tiles"
// with tables in registers).
std::string tiling_text(const TileChoice& t);

class Tiler {
 public:
  virtual ~Tiler() = default;
  // The fastest tiling the query allows, with the search's summary. Throws
  // std::invalid_argument when the GEMM cannot be tiled (no LUT tensor
  // cores, a shape the model refuses, no allowed tiling that runs).
  virtual TileChoice choose(const TileQuery& query) const = 0;
};

}  // namespace lutsim::compiler
