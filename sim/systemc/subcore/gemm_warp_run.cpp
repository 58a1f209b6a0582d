#include "sim/systemc/subcore/gemm_warp_run.hpp"

#include <stdexcept>

#include "compiler/lowering/lower_gemm.hpp"
#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/random_problem.hpp"
#include "sim/systemc/subcore/mma_warp_program.hpp"
#include "sim/systemc/subcore/warp_operands.hpp"
#include "sim/tile/gemm_kernel.hpp"
#include "sim/tile/tile_model_tiler.hpp"

namespace lutsim::systemc {
namespace {

// Runs the LUT warp program with random operands and compares its
// accumulators with lut_mpgemm.
SubCoreResult run_checked(const SubCoreConfig& config, const compiler::WarpProgram& p,
                          const SubCoreDriver& drive) {
  const compiler::WarpTileSpec& s = p.spec;
  const int sweep = s.residency == compiler::TableResidency::kRegisters ? s.n_sweep : 1;
  const MpGemmProblem problem = make_random_problem({.m = s.warp_m,
                                                     .n = s.warp_n * sweep,
                                                     .k = static_cast<int>(s.k_steps * s.k_step),
                                                     .activation = s.datapath.activation,
                                                     .weight_bits = s.datapath.weight_bits});
  SubCore core(config, p.program);
  write_warp_operands(p, problem.x, problem.w, core.shared_memory());
  drive(core);
  if (read_warp_accumulators(p, core.registers(), core.shared_memory()) !=
      lut_mpgemm(problem.x, problem.w, s.datapath).accumulators) {
    throw std::logic_error("the sub-core's accumulators differ from lut_mpgemm's");
  }
  return core.result();
}

SubCoreResult run_timing(const SubCoreConfig& config, lmma::Program program,
                         const SubCoreDriver& drive) {
  SubCore core(config, std::move(program), SubCore::Mode::kTimingOnly);
  drive(core);
  return core.result();
}

GemmWarpRun run_lut(const HardwareSpec& hw, const SubCoreConfig& config, const GemmWarpRunSpec& s,
                    const SubCoreDriver& drive) {
  GemmWarpRun r;
  compiler::WarpProgram p =
      lowered_warp_program(hw, s.m, s.n, s.k, s.weight_bits, s.act, &r.estimate);
  r.warp_m = p.spec.warp_m;
  r.warp_n = p.spec.warp_n;
  r.k_step = p.spec.k_step;
  r.k_steps = p.spec.k_steps;
  r.resident_steps = p.layout.resident_steps;
  if (p.spec.residency == compiler::TableResidency::kRegisters) {
    r.tables = TablePlacement::kRegisters;
    r.n_sweep = p.spec.n_sweep;
    r.resident_sweeps = p.layout.resident_sweeps;
  }
  r.tile_model_macs_per_cycle_per_sm = lut_kernel(hw, s.weight_bits, s.act).macs_per_cycle_per_sm;
  r.values_checked =
      s.check_values && r.resident_steps == r.k_steps && r.resident_sweeps == r.n_sweep;
  r.result = r.values_checked ? run_checked(config, p, drive)
                              : run_timing(config, std::move(p.program), drive);
  return r;
}

GemmWarpRun run_mma(const HardwareSpec& hw, const SubCoreConfig& config, const GemmWarpRunSpec& s,
                    const SubCoreDriver& drive) {
  GemmWarpRun r;
  MmaWarpProgram p = gemm_mma_warp_program(hw, s.m, s.n, s.k, s.act, &r.estimate);
  r.warp_m = p.spec.warp_m;
  r.warp_n = p.spec.warp_n;
  r.k_step = p.spec.k_step;
  r.k_steps = p.spec.k_steps;
  r.resident_steps = p.layout.resident_steps;
  r.tile_model_macs_per_cycle_per_sm = dense_kernel(hw, s.act).macs_per_cycle_per_sm;
  r.result = run_timing(config, std::move(p.program), drive);
  return r;
}

}  // namespace

compiler::WarpProgram lowered_warp_program(const HardwareSpec& hw, std::int64_t m, std::int64_t n,
                                           std::int64_t k, int weight_bits, DataType act,
                                           GemmEstimate* estimate) {
  const GemmKernel kernel = lut_kernel(hw, weight_bits, act);
  const GemmShape shape{m, n, k, 1, act};
  const compiler::LoweringTarget target = compiler::lowering_target(hw);
  compiler::TileQuery query;
  query.warp_m_multiple = target.array.m;
  query.warp_n_multiple = target.array.n;
  query.k_step_multiple = target.array.k;
  const GemmEstimate e =
      best_gemm(hw, kernel, shape, [&](const Tiling& t) { return lowerable(kernel, t, query); });
  if (estimate) *estimate = e;
  const compiler::LutGemm gemm{
      "gemm " + std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k),
      {m, n, k, 1},
      lut_datapath(hw, weight_bits, act),
      compiler::TableSource::kSharedMemory,
      "precomputed"};
  return compiler::lower_lut_gemm(gemm, tile_choice(kernel, shape, e), target).warp;
}

std::string_view to_string(WarpKernel k) {
  return k == WarpKernel::kLut ? "lut" : "mma";
}

SubCoreDriver plain_driver(const SubCore::Progress& progress) {
  return [progress](SubCore& core) { core.run(progress); };
}

GemmWarpRun run_gemm_warp_tile(const HardwareSpec& hw, const SubCoreConfig& config,
                               const GemmWarpRunSpec& spec, const SubCoreDriver& driver) {
  return spec.kernel == WarpKernel::kLut ? run_lut(hw, config, spec, driver)
                                         : run_mma(hw, config, spec, driver);
}

}  // namespace lutsim::systemc
