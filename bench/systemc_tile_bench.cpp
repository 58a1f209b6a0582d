// Speed of the cycle-level LUT tile models (issue 12's target for the SystemC
// engine: >= 1 M simulated cycles per second on one core), in simulated
// cycles per second of host time (counter `cycles_per_s`). Run from the
// repository root:
//   build/bench/lutsim_systemc_bench --benchmark_min_time=0.5
// The operand stream is recorded once from TileStimulus and replayed, so the
// figures time the models, not the stimulus' golden results.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/specs/hardware_spec.hpp"
#include "sim/reference/tile_stimulus.hpp"
#include "sim/systemc/lut_tile_core.hpp"
#include "sim/systemc/lut_tile_module.hpp"
#include "sim/systemc/lut_unit_config.hpp"
#include "sim/systemc/systemc_kernel.hpp"

namespace {

using namespace lutsim;
using namespace lutsim::systemc;

constexpr std::size_t kRecordedCycles = 4096;
constexpr std::uint64_t kCyclesPerRun = 10000;

LutUnitConfig a100_lut_4x_array(int weight_bits) {
  return lut_unit_config(*load_hardware("configs/hw/a100_lut_4x.yaml").lut_tensor_core,
                         weight_bits);
}

std::vector<TileBeat> recorded_beats(const cycle_ref::TileShape& shape) {
  cycle_ref::TileStimulus stimulus(shape, 1);
  std::vector<TileBeat> beats;
  while (beats.size() < kRecordedCycles) beats.push_back({stimulus.next(false).in});
  return beats;
}

void report_rate(benchmark::State& state, std::uint64_t cycles) {
  state.counters["cycles_per_s"] =
      benchmark::Counter(static_cast<double>(cycles), benchmark::Counter::kIsRate);
}

// The plain core: one clock() per cycle.
void BM_LutTileCore(benchmark::State& state) {
  const LutUnitConfig config = a100_lut_4x_array(static_cast<int>(state.range(0)));
  const std::vector<TileBeat> beats = recorded_beats(config.shape);
  LutTileCore core(config);
  std::uint64_t cycles = 0;
  for (auto _ : state) {
    for (std::uint64_t i = 0; i < kCyclesPerRun; ++i, ++cycles)
      core.clock(false, beats[cycles % beats.size()].in);
    benchmark::DoNotOptimize(core.acc().data());
  }
  report_rate(state, cycles);
}
BENCHMARK(BM_LutTileCore)->Arg(2)->Arg(4)->Unit(benchmark::kMillisecond);

// A source feeding the operand FIFO every cycle and a sink draining results.
class ReplaySource : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_fifo_out<TileBeat> out;
  sc_core::sc_fifo_in<TileResult> results;

  ReplaySource(const sc_core::sc_module_name& name, std::vector<TileBeat> beats)
      : sc_core::sc_module(name), beats_(std::move(beats)) {
    SC_HAS_PROCESS(ReplaySource);
    SC_METHOD(step);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  void step() {
    if (out->nb_write(beats_[next_ % beats_.size()])) ++next_;
    TileResult result;
    while (results->nb_read(result)) {
    }
  }

  std::vector<TileBeat> beats_;
  std::size_t next_ = 0;
};

// The SystemC shell with its FIFOs, clock and source: the kernel's cost.
void BM_LutTileModule(benchmark::State& state) {
  const LutUnitConfig config = a100_lut_4x_array(static_cast<int>(state.range(0)));
  fresh_systemc_kernel();
  sc_core::sc_clock clk("clk", 1.0, sc_core::SC_NS);
  sc_core::sc_signal<bool> rst("rst", false);
  sc_core::sc_fifo<TileBeat> beats("beats", 2);
  sc_core::sc_fifo<TileResult> results("results", 2);
  LutTileModule tile("tile", config);
  ReplaySource source("source", recorded_beats(config.shape));
  tile.clk(clk);
  tile.rst(rst);
  tile.in(beats);
  tile.out(results);
  source.clk(clk);
  source.out(beats);
  source.results(results);
  std::uint64_t cycles = 0;
  for (auto _ : state) {
    sc_core::sc_start(static_cast<double>(kCyclesPerRun), sc_core::SC_NS);
    cycles += kCyclesPerRun;
  }
  report_rate(state, cycles);
}
BENCHMARK(BM_LutTileModule)->Arg(2)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace

// libsystemc's main() calls sc_main; this program runs Google Benchmark's.
int sc_main(int /*argc*/, char** /*argv*/) {
  return 1;
}

BENCHMARK_MAIN();
