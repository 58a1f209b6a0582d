#pragma once
// The compiler's Tiler on the tile model: a LUT GEMM is tiled by the tile
// model's search (search_gemm over lut_kernel; exhaustive, or pruned when
// the query says so) in every table entry format the query allows, the
// fastest tiling whose warp tile, K step and table residency the lowering
// emits chosen, and the fastest (and, exhaustive, the slowest) legal tilings
// reported beside it. The CLI hands one to the lowering
// (compiler/lowering/lower_gemm.hpp); the compiler does not link sim.

#include <vector>

#include "compiler/lowering/tiler.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_kernel.hpp"
#include "sim/tile/gemm_model.hpp"
#include "sim/tile/gemm_shape.hpp"

namespace lutsim {

// The tile model's estimate `e` of `kernel` on `shape` as the compiler's
// TileChoice (CTA and warp tile, K step and steps per CTA, the CTA's shared
// memory and registers, table residency and entry format, the bound); its
// search summary empty.
compiler::TileChoice tile_choice(const GemmKernel& kernel, const GemmShape& shape,
                                 const GemmEstimate& e);

// Whether the lowering can emit `tiling` of `kernel` as `query` says: warp
// tiles and K steps of its multiples, tables where the query's residency
// says (either when it names none).
bool lowerable(const GemmKernel& kernel, const Tiling& tiling, const compiler::TileQuery& query);

// The table entry formats the search may store `query`'s tables in on `hw`:
// the datapath's exact one (core's lut_datapath), and INT8-quantized entries
// where the plan quantized FP16 tables (query.table_format). No narrower
// exact format exists in core: INT8-activation tables hold sums of k INT8
// values (10 bits for k = 4) in 2-byte integers.
std::vector<TableEntryFormat> searched_table_formats(const HardwareSpec& hw,
                                                     const compiler::TileQuery& query);

class TileModelTiler : public compiler::Tiler {
 public:
  explicit TileModelTiler(HardwareSpec hw) : hw_(std::move(hw)) {}

  // search_gemm(hw, lut_kernel(hw, bits, act, format), {M, N, K}) for each
  // of searched_table_formats, lowerable tilings allowed, every candidate
  // estimated or (query.full_search false) the pruned search; throws as
  // best_gemm does, naming the GEMM.
  compiler::TileChoice choose(const compiler::TileQuery& query) const override;

 private:
  HardwareSpec hw_;
};

}  // namespace lutsim
