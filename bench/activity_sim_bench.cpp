// Speed of gate-level activity simulation (issue 17: every PPA study under 5 minutes on 2
// cores): lutsim's levelized simulator against iverilog on the same synthesized netlist and
// stimulus (1,000 cycles, NanGate45, 500 MHz). Synthesis is cached in build/ppa_cache.
// Run from the repository root:
//   build/bench/lutsim_activity_sim_bench --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <string>

#include "ppa/design/design_stimulus.hpp"
#include "ppa/flow/cell_library.hpp"
#include "ppa/power/activity_simulators.hpp"
#include "ppa/power/power_calculator.hpp"
#include "ppa/studies/design_evaluation.hpp"

namespace {

using namespace lutsim;
using namespace lutsim::ppa;

constexpr int kCycles = 1000;

// 0: lut_dot_unit K4 W2 FP16 half; 1: lut_array M2N4K4 W2 FP16 half; 2: mac_dot_unit K4 FP16.
DesignPoint design(int which) {
  DesignPoint d;
  d.geometry.k = 4;
  d.weight_bits = 2;
  d.activation = DataType::kFp16;
  if (which == 1) {
    d.kind = DesignKind::kLutArray;
    d.geometry.m = 2;
    d.geometry.n = 4;
  }
  if (which == 2) d.kind = DesignKind::kMacDotUnit;
  return d;
}

void BM_ActivitySimulation(benchmark::State& state, const std::string& simulator) {
  const DesignPoint d = design(static_cast<int>(state.range(0)));
  EvaluationOptions o;
  o.library = cell_library("nangate45");
  o.rtl_dir = "rtl";
  o.cache_dir = "build/ppa_cache";
  const SynthesisResult syn = synthesize(synthesis_request(d, o));
  const LibertyLibrary& lib = cached_liberty_library(o.library.liberty);
  const GateNetlist nl = GateNetlist::read(syn.netlist, syn.top, library_pin_directions(lib));
  const Stimulus stimulus = design_stimulus(d, kCycles, 1);
  const ActivityRun run{lib,
                        nl,
                        syn.netlist,
                        o.library.cell_models,
                        stimulus,
                        1 / (o.clock_mhz * 1e6),
                        syn.work_dir / "activity_sim_bench"};
  const ActivitySimulator simulate = activity_simulator(simulator);
  for (auto _ : state) benchmark::DoNotOptimize(simulate(run));
  state.SetLabel(d.label() + ", " + std::to_string(nl.instances().size()) + " cells");
  state.counters["cell_cycles_per_s"] =
      benchmark::Counter(static_cast<double>(nl.instances().size()) * kCycles,
                         benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK_CAPTURE(BM_ActivitySimulation, levelized, std::string("levelized"))
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ActivitySimulation, iverilog, std::string("iverilog"))
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
