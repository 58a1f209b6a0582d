#pragma once
// A compiled plan's tilings (issue 13 item 4): per LUT linear of a trace, the
// tiling the tile model times it with. `lutsim compile --out DIR` writes them
// into DIR/plan.json (key `tilings`), and `lutsim model --plan DIR` times the
// forward pass with them instead of searching again (SystemSpec::tilings), so
// the two runs give the same times.

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "sim/tile/end_to_end.hpp"
#include "sim/tile/tiling.hpp"

namespace lutsim {

struct PlannedGemm {
  std::string op;  // the trace op's name
  std::int64_t m = 0, n = 0, k = 0, batch = 1;
  std::string kernel;  // GemmKernel::name, e.g. "lut w2 fp16"
  Tiling tiling;
  double time_s = 0.0;  // the tile model's time of the tiling when planned
};

struct TilingPlan {
  std::string source;                        // the file it was read from, for messages
  std::map<std::string, PlannedGemm> gemms;  // by op name
};

// The tile model's tiling of every LUT linear of `trace` on `sys` (its
// search, as simulate_forward times them). Throws std::invalid_argument for
// two LUT linears of one name.
TilingPlan plan_tilings(const GemmTrace& trace, const SystemSpec& sys);

// [{"op", "m", "n", "k", "batch", "kernel", "tiling": {...}, "time_s"}, ...]
nlohmann::json to_json(const TilingPlan& plan);
// Reads to_json's array; errors name `file` and the key, e.g.
// "plan.json: tilings[2].tiling.schedule: expected data_parallel or stream_k, found 'x'".
TilingPlan tiling_plan_from_json(const nlohmann::json& tilings, const std::string& file);
// The key `tilings` of the JSON file `file` (a compiled plan's plan.json).
TilingPlan read_tiling_plan(const std::string& file);

// The planned estimate of LUT linear `op` with `kernel` on `sys`: its
// tiling's estimate. Throws std::invalid_argument naming the plan's file when
// the plan has no tiling for the op, plans another shape or kernel, or the
// tiling does not run.
GemmEstimate planned_estimate(const TilingPlan& plan, const TraceOp& op, const GemmKernel& kernel,
                              const SystemSpec& sys);

}  // namespace lutsim
