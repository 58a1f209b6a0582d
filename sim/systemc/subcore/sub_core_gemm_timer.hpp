#pragma once
// The compute term of a GEMM kernel as the cycle-level sub-core gives it, for
// the systemc engine of `lutsim model`: one warp tile of the tile model's
// tiling simulated on one sub-core (gemm_warp_run.hpp), its cycles times the
// warp tiles the busiest SM's partitions run, at the SM clock. The memory
// terms stay the tile model's (with_compute_time, sim/tile/gemm_model.hpp);
// sim/tile knows nothing of this (the CLI wires the two). docs/systemc.md,
// "The systemc engine".

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>

#include "core/specs/hardware_spec.hpp"
#include "sim/systemc/subcore/gemm_warp_run.hpp"
#include "sim/systemc/subcore/sub_core_config.hpp"
#include "sim/tile/gemm_kernel.hpp"
#include "sim/tile/gemm_model.hpp"

namespace lutsim::systemc {

struct SubCoreGemmFigure {
  GemmWarpRun run;                      // the simulated warp program
  std::int64_t warp_tiles_per_cta = 0;  // (bm / warp_m) x (bn / warp_n)
  // Runs of the warp program on the busiest SM's busiest partition: its
  // output tiles (ceil(CTAs / SMs) x n_sweep, or its stream-K share of all
  // tiles' k-steps) x the above / (partitions x the program's n_sweep warp
  // tiles), rounded up.
  std::int64_t warp_tiles_per_partition = 0;
  double compute_s = 0.0;  // warp_tiles_per_partition x the program's cycles / SM clock
};

// The warp kernel that runs `kernel` on the sub-core, or why none does
// (`why_not` receives the reason): LUT kernels run lmma, dense FP16 and INT8
// kernels mma.sync; dequantization kernels and other MMA types have no
// sub-core program.
std::optional<WarpKernel> sub_core_kernel(const GemmKernel& kernel, std::string* why_not);

class SubCoreGemmTimer {
 public:
  // Throws UnsupportedSubCore when `hw` has no sub_core section.
  explicit SubCoreGemmTimer(const HardwareSpec& hw);

  // The figure of `kernel` (sub_core_kernel must give one) on `shape` with
  // the tile model's estimate `tile`, simulated once per distinct kernel and
  // shape. Throws std::invalid_argument for a batched shape, std::logic_error
  // if the warp program's tiling is not `tile`'s.
  const SubCoreGemmFigure& figure(const GemmKernel& kernel, const GemmShape& shape, int weight_bits,
                                  DataType act, const GemmEstimate& tile);
  // Distinct GEMMs simulated so far.
  std::size_t simulated() const { return cache_.size(); }

 private:
  using Key = std::tuple<std::string, std::int64_t, std::int64_t, std::int64_t>;

  HardwareSpec hw_;
  SubCoreConfig config_;
  std::map<Key, SubCoreGemmFigure> cache_;
};

}  // namespace lutsim::systemc
