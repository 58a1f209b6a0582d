#pragma once
// `lutsim model --engine systemc`: the forward pass with the compute term of
// every linear GEMM the sub-core runs (LUT lmma, dense FP16/INT8 mma.sync)
// taken from one warp tile simulated cycle by cycle
// (sim/systemc/subcore/sub_core_gemm_timer.hpp), the memory terms from the
// tile model (with_compute_time). This is where the two engines meet:
// sim/tile does not depend on the sub-core. docs/systemc.md, "The systemc
// engine".

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/io/result_table.hpp"
#include "sim/tile/end_to_end.hpp"
#include "workloads/trace.hpp"

namespace lutsim::cli {

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

// One row per linear op: shape, count, warp-tile cycles, compute and time of
// one occurrence under each engine, all occurrences' times.
ResultTable engine_table(const EngineComparison& c);
// {"forward_pass_ms": {"tile", "systemc"}, "distinct_gemms_simulated", "ops": rows}.
nlohmann::json engine_json(const EngineComparison& c);
std::string engine_text(const EngineComparison& c);

// --engine tile|systemc into `engine` (default tile): "tile: the tile-level
// model (default); systemc: " + what the systemc engine adds to `cmd`'s run.
CLI::Option* add_engine_option(CLI::App& cmd, std::string& engine,
                               const std::string& systemc_adds);

}  // namespace lutsim::cli
