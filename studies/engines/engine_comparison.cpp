#include "studies/engines/engine_comparison.hpp"

#include <cmath>
#include <map>
#include <stdexcept>

#include "sim/systemc/subcore/sub_core_gemm_timer.hpp"

namespace lutsim {
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

// Why the sub-core does not run `kernel` on `shape` with the tile model's
// estimate `e`, or "" when it does.
std::string not_simulated(const GemmKernel& kernel, const GemmShape& shape, const GemmEstimate& e) {
  std::string why;
  if (!systemc::sub_core_kernel(kernel, &why)) return why;
  if (e.unaligned_row_bytes != 0) {
    return "unaligned rows: the library's fallback kernels, timed by the tile model";
  }
  if (shape.batch != 1) return "batched GEMM";
  return "";
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
  r.not_simulated = not_simulated(kernel, shape, e);
  if (!r.not_simulated.empty()) return r;
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

EngineGemm systemc_gemm(const HardwareSpec& hw, const GemmKernel& kernel, const GemmShape& shape,
                        int weight_bits, DataType act, const GemmEstimate& tile) {
  if (const std::string why = not_simulated(kernel, shape, tile); !why.empty()) {
    throw std::invalid_argument("the systemc engine does not run " + kernel.name + ": " + why);
  }
  systemc::SubCoreGemmTimer timer(hw);
  const systemc::SubCoreGemmFigure& f = timer.figure(kernel, shape, weight_bits, act, tile);
  return {with_compute_time(hw, tile, f.compute_s), f.run.result.cycles,
          f.warp_tiles_per_partition};
}

}  // namespace lutsim
