#include "cli/commands/systemc_engine.hpp"

#include "cli/text_table.hpp"

namespace lutsim::cli {

ResultTable engine_table(const EngineComparison& c) {
  ResultTable t({{"op", "", "linear operator"},
                 {"kernel", "", "kernel family and type"},
                 {"m", "1", "GEMM rows"},
                 {"n", "1", "GEMM columns"},
                 {"k", "1", "GEMM depth"},
                 {"count", "1", "per forward pass"},
                 {"warp_tile", "cycles", "one warp tile on one sub-core (0: not simulated)"},
                 {"warp_tiles_per_partition", "1", "on the busiest SM"},
                 {"tile_compute", "us", "tile model's compute term, one occurrence"},
                 {"systemc_compute", "us", "sub-core compute term, one occurrence"},
                 {"tile_time_each", "us", "tile model, one occurrence"},
                 {"systemc_time_each", "us", "systemc engine, one occurrence"},
                 {"tile_time", "ms", "tile model, all occurrences"},
                 {"systemc_time", "ms", "systemc engine, all occurrences"},
                 {"not_simulated", "", "why the tile model's time stands (empty: simulated)"}});
  for (const EngineOp& op : c.ops) {
    t.add_row({op.name, op.kernel, op.m, op.n, op.k, op.count,
               static_cast<std::int64_t>(op.warp_tile_cycles), op.warp_tiles_per_partition,
               op.tile_compute_s * 1e6, op.systemc_compute_s * 1e6, op.tile_time_each_s * 1e6,
               op.systemc_time_each_s * 1e6, op.tile_time_each_s * op.count * 1e3,
               op.systemc_time_each_s * op.count * 1e3, op.not_simulated});
  }
  return t;
}

nlohmann::json engine_json(const EngineComparison& c) {
  return {
      {"forward_pass_ms", {{"tile", c.tile_total_s * 1e3}, {"systemc", c.systemc_total_s * 1e3}}},
      {"distinct_gemms_simulated", c.distinct_gemms_simulated},
      {"ops", unit_keyed_rows(engine_table(c))}};
}

CLI::Option* add_engine_option(CLI::App& cmd, std::string& engine,
                               const std::string& systemc_adds) {
  return cmd
      .add_option("--engine", engine,
                  "tile: the tile-level model (default); systemc: " + systemc_adds)
      ->check(CLI::IsMember({"tile", "systemc"}));
}

std::string engine_text(const EngineComparison& c) {
  return "\nsystemc engine: the compute term of each linear from one warp tile on the sub-core (" +
         std::to_string(c.distinct_gemms_simulated) +
         " distinct GEMMs simulated), memory terms from the tile model\n" +
         format_text_table(engine_table(c)) + "\nforward pass: tile model " +
         std::to_string(c.tile_total_s * 1e3) + " ms, systemc engine " +
         std::to_string(c.systemc_total_s * 1e3) + " ms\n";
}

}  // namespace lutsim::cli
