#include "cli/commands/systemc_engine.hpp"

#include <cmath>
#include <map>
#include <stdexcept>

#include "cli/text_table.hpp"
#include "sim/systemc/subcore/sub_core_gemm_timer.hpp"

namespace lutsim::cli {
namespace {

std::map<std::string, const TraceOp*> linears_by_name(const GemmTrace& trace) {
  std::map<std::string, const TraceOp*> out;
  for (const TraceOp& op : trace.ops) {
    if (op.kind != OpKind::kLinear) continue;
    if (!out.emplace(op.name, &op).second) {
      throw std::invalid_argument("trace: two linear ops named '" + op.name +
                                  "'; the systemc engine matches ops by name");
    }
  }
  return out;
}

EngineOp engine_op(const TraceOp& op, const OpTime& timed, const SystemSpec& sys,
                   systemc::SubCoreGemmTimer& timer) {
  const GemmKernel kernel = linear_kernel(op, sys);
  const GemmShape shape{op.m, op.n, op.k, op.batch, DataType::kFp16};
  const GemmEstimate e = best_gemm(sys.hw, kernel, shape);
  EngineOp r{op.name, kernel.name, op.m, op.n, op.k, op.count};
  r.tile_compute_s = r.systemc_compute_s = e.compute_s;
  r.tile_time_each_s = r.systemc_time_each_s = e.time_s + launch_gap(sys);
  if (std::abs(r.tile_time_each_s - timed.time_each_s) > 1e-9 * timed.time_each_s) {
    throw std::logic_error("op '" + op.name +
                           "': the tile model's time differs from the forward "
                           "pass it is compared with");
  }
  if (!systemc::sub_core_kernel(kernel, &r.not_simulated)) return r;
  if (e.unaligned_row_bytes != 0) {
    r.not_simulated = "unaligned rows: the library's fallback kernels, timed by the tile model";
    return r;
  }
  if (op.batch != 1) {
    r.not_simulated = "batched GEMM";
    return r;
  }
  const systemc::SubCoreGemmFigure& f =
      timer.figure(kernel, shape, op.weight_bits, op.act_dtype, e);
  r.simulated = true;
  r.warp_tile_cycles = f.run.result.cycles;
  r.warp_tiles_per_partition = f.warp_tiles_per_partition;
  r.systemc_compute_s = f.compute_s;
  r.systemc_time_each_s = with_compute_time(sys.hw, e, f.compute_s).time_s + launch_gap(sys);
  return r;
}

}  // namespace

EngineComparison compare_engines(const GemmTrace& trace, const SystemSpec& sys,
                                 const EndToEndResult& tile) {
  systemc::SubCoreGemmTimer timer(sys.hw);
  const auto linears = linears_by_name(trace);
  EngineComparison c;
  c.tile_total_s = c.systemc_total_s = tile.total_s;
  for (const OpTime& timed : tile.ops) {
    if (timed.kind != OpKind::kLinear || timed.table_precompute) continue;
    const auto it = linears.find(timed.name);
    if (it == linears.end()) {
      throw std::logic_error("forward pass op '" + timed.name + "' is not a linear of the trace");
    }
    c.ops.push_back(engine_op(*it->second, timed, sys, timer));
    const EngineOp& op = c.ops.back();
    c.systemc_total_s += (op.systemc_time_each_s - op.tile_time_each_s) * op.count;
  }
  c.distinct_gemms_simulated = timer.simulated();
  return c;
}

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
