#pragma once
// `lutsim compare --engine systemc`: every forward pass of the comparison
// timed again by the systemc engine (systemc_engine.hpp: the compute term of
// each linear the sub-core runs from one warp tile simulated cycle by cycle,
// the rest the tile model's), beside the tile model's figure.
// docs/systemc.md, "The systemc engine in lutsim compare".

#include "cli/progress_printer.hpp"
#include "core/io/result_table.hpp"
#include "studies/compare/compare_study.hpp"

namespace lutsim::cli {

// One row per forward pass of `spec`, in the compare table's order: both
// engines' latency and their ratio, the speedup over the FP16 tensor core
// under each engine, and how many of the pass's linear ops the sub-core
// timed. `progress` (optional) after each pass. Throws UnsupportedSubCore
// for a GPU without a sub_core section.
ResultTable compare_engine_table(const CompareStudySpec& spec, const ProgressPrinter& progress);

}  // namespace lutsim::cli
