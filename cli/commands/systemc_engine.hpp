#pragma once
// `lutsim model --engine systemc`: the systemc engine's forward pass
// (studies/engines/engine_comparison.hpp) as tables, JSON and text, and the
// --engine option.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/io/result_table.hpp"
#include "studies/engines/engine_comparison.hpp"

namespace lutsim::cli {

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
