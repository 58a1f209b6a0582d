#pragma once
// The systemc engine: a workload with the compute term of every linear GEMM
// the sub-core runs (LUT lmma, dense FP16/INT8 mma.sync) taken from one warp
// tile simulated cycle by cycle (sim/systemc/subcore/sub_core_gemm_timer.hpp),
// the memory terms from the tile model (with_compute_time). This is where
// the two engines meet: sim/tile does not depend on the sub-core.
// docs/systemc.md, "The systemc engine".

#include <cstdint>
#include <string>
#include <vector>

#include "sim/tile/end_to_end.hpp"
#include "sim/tile/gemm_model.hpp"
#include "workloads/trace.hpp"

namespace lutsim {

// One linear op of the forward pass under both engines.
struct EngineOp {
  std::string name;
  std::string kernel;
  std::int64_t m = 0, n = 0, k = 0, count = 0;
  bool simulated = false;
  std::string not_simulated{};  // why, when not simulated (both engines then give the tile time)
  std::uint64_t warp_tile_cycles = 0;
  std::int64_t warp_tiles_per_partition = 0;
  double tile_compute_s = 0.0, systemc_compute_s = 0.0;  // one occurrence
  double tile_time_each_s = 0.0, systemc_time_each_s = 0.0;
};

struct EngineComparison {
  std::vector<EngineOp> ops;  // the trace's linear ops, in forward-pass order
  std::size_t distinct_gemms_simulated = 0;
  double tile_total_s = 0.0;     // the tile model's forward pass
  double systemc_total_s = 0.0;  // the same, each simulated op's time replaced
};

// Compares the tile model's forward pass `tile` (simulate_forward(trace,
// sys)) with the systemc engine's. Throws UnsupportedSubCore when sys.hw has
// no sub_core section, std::logic_error if `tile` is not that forward pass.
EngineComparison compare_engines(const GemmTrace& trace, const SystemSpec& sys,
                                 const EndToEndResult& tile);

// One GEMM under the systemc engine.
struct EngineGemm {
  GemmEstimate systemc;  // the estimate with the sub-core's compute term
  std::uint64_t warp_tile_cycles = 0;
  std::int64_t warp_tiles_per_partition = 0;
};

// One GEMM (batch 1) on `kernel` under the systemc engine: the tile model's
// estimate `tile` (best_gemm) with its compute term the sub-core's. Throws
// std::invalid_argument naming why when the sub-core does not run it
// (sub_core_kernel, the unaligned-row fallback, a batch), UnsupportedSubCore
// when hw has no sub_core section.
EngineGemm systemc_gemm(const HardwareSpec& hw, const GemmKernel& kernel, const GemmShape& shape,
                        int weight_bits, DataType act, const GemmEstimate& tile);

}  // namespace lutsim
