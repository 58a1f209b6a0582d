#include "cli/commands/compare_engines.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "cli/commands/systemc_engine.hpp"

namespace lutsim::cli {
namespace {

struct EngineTotals {
  double tile_s = 0.0, systemc_s = 0.0;
};

ResultTable empty_table() {
  return ResultTable({{"model", "", "catalog model"},
                      {"scenario", "", "inference scenario"},
                      {"gpu", "", "hardware config"},
                      {"method", "", "linear kernels"},
                      {"precision", "", "weights and activations"},
                      {"tile_latency", "ms", "forward pass, tile model"},
                      {"systemc_latency", "ms", "forward pass, systemc engine"},
                      {"systemc_over_tile", "1", "systemc engine / tile model"},
                      {"tile_speedup_vs_fp16", "1", "FP16 tensor core / this, tile model"},
                      {"systemc_speedup_vs_fp16", "1", "FP16 tensor core / this, systemc engine"},
                      {"linears_simulated", "1", "linear ops timed by the sub-core"},
                      {"linears", "1", "linear ops of the forward pass"}});
}

}  // namespace

ResultTable compare_engine_table(const CompareStudySpec& spec, const ProgressPrinter& progress) {
  ResultTable table = empty_table();
  const std::vector<CompareForwardPass> passes = compare_forward_passes(spec);
  std::map<std::pair<std::string, std::string>, EngineTotals> fp16;  // by (model, scenario)
  for (std::size_t i = 0; i < passes.size(); ++i) {
    const CompareForwardPass& p = passes[i];
    const EngineComparison c =
        compare_engines(p.trace, p.system, simulate_forward(p.trace, p.system));
    const EngineTotals totals{c.tile_total_s, c.systemc_total_s};
    if (p.method == "fp16_tensor_core") fp16[{p.model, p.scenario}] = totals;
    const EngineTotals& base = fp16.at({p.model, p.scenario});  // each scenario's first case
    const auto simulated =
        std::count_if(c.ops.begin(), c.ops.end(), [](const EngineOp& op) { return op.simulated; });
    table.add_row({p.model, p.scenario, p.gpu, p.method, p.precision, totals.tile_s * 1e3,
                   totals.systemc_s * 1e3, totals.systemc_s / totals.tile_s,
                   base.tile_s / totals.tile_s, base.systemc_s / totals.systemc_s,
                   static_cast<std::int64_t>(simulated), static_cast<std::int64_t>(c.ops.size())});
    if (progress) progress(i + 1, passes.size(), "forward passes timed by both engines");
  }
  return table;
}

}  // namespace lutsim::cli
