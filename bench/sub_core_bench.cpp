// Speed of the cycle-level SM sub-core (issue 12's target: >= 1 M simulated
// sub-core cycles per second on one core), in simulated cycles per second of
// host time (counter `cycles_per_s`). Run from the repository root:
//   build/bench/lutsim_sub_core_bench --benchmark_min_time=0.5
// Workload: the warp program the compiler lowers, under the tile model's
// tiling, for Llama-2-70B's o_proj in prefill (2048 x 8192 x 8192, 2-bit
// weights, FP16 activations) on A100-LUT-4X, with values (the golden numerics of every lookup) and timing
// only; and the same through the SystemC shell.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "core/specs/hardware_spec.hpp"
#include "sim/systemc/subcore/sub_core_module.hpp"
#include "sim/systemc/subcore/gemm_warp_run.hpp"
#include "sim/systemc/systemc_kernel.hpp"

namespace {

using namespace lutsim;
using namespace lutsim::systemc;

struct Workload {
  HardwareSpec hw = load_hardware("configs/hw/a100_lut_4x.yaml");
  compiler::WarpProgram program = lowered_warp_program(hw, 2048, 8192, 8192, 2, DataType::kFp16);
  SubCoreConfig config = sub_core_config(hw);
};

const Workload& workload() {
  static const Workload w;
  return w;
}

void report_rate(benchmark::State& state, std::uint64_t cycles) {
  state.counters["cycles_per_s"] =
      benchmark::Counter(static_cast<double>(cycles), benchmark::Counter::kIsRate);
}

// The plain core, clocked to the end of the program.
void BM_SubCore(benchmark::State& state) {
  const Workload& w = workload();
  const auto mode =
      state.range(0) == 0 ? SubCore::Mode::kTimingOnly : SubCore::Mode::kTimingAndValues;
  std::uint64_t cycles = 0;
  for (auto _ : state) {
    SubCore core(w.config, w.program.program, mode);
    cycles += core.run().cycles;
  }
  report_rate(state, cycles);
  state.SetLabel(mode == SubCore::Mode::kTimingOnly ? "timing only" : "timing and values");
}
BENCHMARK(BM_SubCore)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The SystemC shell clocking the same core (timing only) until done.
void BM_SubCoreModule(benchmark::State& state) {
  const Workload& w = workload();
  std::uint64_t cycles = 0;
  for (auto _ : state) {
    state.PauseTiming();
    fresh_systemc_kernel();
    sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
    sc_core::sc_signal<bool> rst("rst");
    sc_core::sc_signal<bool> done("done");
    SubCoreModule dut("dut", w.config, w.program.program, SubCore::Mode::kTimingOnly);
    dut.clk(clk);
    dut.rst(rst);
    dut.done(done);
    state.ResumeTiming();
    while (!done.read()) sc_core::sc_start(1000, sc_core::SC_NS);
    cycles += dut.core().cycle();
  }
  report_rate(state, cycles);
}
BENCHMARK(BM_SubCoreModule)->Unit(benchmark::kMillisecond);

}  // namespace

// libsystemc's main() calls sc_main; this program runs Google Benchmark's.
int sc_main(int /*argc*/, char** /*argv*/) {
  return 1;
}

BENCHMARK_MAIN();
