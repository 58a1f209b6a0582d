#pragma once
// The SystemC benches of the LUT tile: every configuration a Verilated bench
// wrapper (tests/rtl/lut_*_tb.sv) holds becomes one lane of a SystemC design,
// a LutTileModule between an operand FIFO and a result FIFO.

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <systemc>
#include <utility>
#include <vector>

#include "sim/reference/tile_shape.hpp"
#include "sim/reference/tile_stimulus.hpp"
#include "sim/systemc/lut_tile_module.hpp"
#include "sim/systemc/systemc_kernel.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/rtl/lut_tile_ports.hpp"

namespace lutsim::test {

// The configurations of a Verilated LUT tile wrapper, read from the wrapper.
template <class Model>
std::vector<cycle_ref::TileShape> rtl_tile_shapes() {
  rtl_bench::VerilatedDut<Model> dut;
  return rtl_bench::read_shapes(*dut, rtl_bench::read_layout(*dut));
}

// A LutTileModule with its own stimulus and FIFOs, clocked by `clk` and
// reset by `rst`.
struct TileLane {
  TileLane(const std::string& name, const cycle_ref::TileShape& shape, std::uint64_t seed,
           int beat_depth, int result_depth, sc_core::sc_clock& clk, sc_core::sc_signal<bool>& rst)
      : stimulus(shape, seed),
        beats((name + "_beats").c_str(), beat_depth),
        results((name + "_results").c_str(), result_depth),
        tile(name.c_str(),
             systemc::LutUnitConfig{.shape = shape,
                                    .pipeline = systemc::rtl_pipeline(shape.pipe_stages)}) {
    tile.clk(clk);
    tile.rst(rst);
    tile.in(beats);
    tile.out(results);
  }

  cycle_ref::TileStimulus stimulus;
  sc_core::sc_fifo<systemc::TileBeat> beats;
  sc_core::sc_fifo<systemc::TileResult> results;
  systemc::LutTileModule tile;
};

// Calls `step` at every rising (or falling) edge of `clk`: the testbench's
// sources, sinks and monitors.
class ClockedProcess : public sc_core::sc_module {
 public:
  ClockedProcess(const sc_core::sc_module_name& name, sc_core::sc_clock& clk, bool rising,
                 std::function<void()> step)
      : sc_core::sc_module(name), step_(std::move(step)) {
    SC_HAS_PROCESS(ClockedProcess);
    SC_METHOD(run);
    sensitive << (rising ? clk.posedge_event() : clk.negedge_event());
    dont_initialize();
  }

 private:
  void run() { step_(); }
  std::function<void()> step_;
};

// A clocked SystemC simulation of 1 ns cycles.
constexpr double kCycleNs = 1.0;

// What every tile bench shares: a fresh kernel, its clock, the reset (high
// until a source lowers it) and a seeded random source.
struct BenchBase {
  explicit BenchBase(std::uint64_t seed) : rng(seed) {}

  bool chance(double p) { return unit(rng) < p; }

  struct FreshKernel {
    FreshKernel() { systemc::fresh_systemc_kernel(); }
  } kernel;
  sc_core::sc_clock clk{"clk", kCycleNs, sc_core::SC_NS};
  sc_core::sc_signal<bool> rst{"rst", true};
  std::mt19937_64 rng;
  std::uniform_real_distribution<double> unit{0.0, 1.0};
};

// One lane per shape, each with its own stimulus seed.
template <class Lane>
std::vector<std::unique_ptr<Lane>> make_lanes(const std::vector<cycle_ref::TileShape>& shapes,
                                              std::uint64_t seed, BenchBase& bench) {
  std::vector<std::unique_ptr<Lane>> lanes;
  for (std::size_t c = 0; c < shapes.size(); ++c) {
    lanes.push_back(std::make_unique<Lane>("tile" + std::to_string(c), shapes[c],
                                           seed * 1000003u + c, bench.clk, bench.rst));
  }
  return lanes;
}

// Runs the simulation a chunk of cycles at a time until `done()` or
// `max_cycles`; returns the cycles run.
template <class Done>
std::uint64_t run_until(Done&& done, std::uint64_t max_cycles) {
  constexpr std::uint64_t kChunk = 64;
  std::uint64_t cycles = 0;
  while (!done() && cycles < max_cycles) {
    sc_core::sc_start(static_cast<double>(kChunk) * kCycleNs, sc_core::SC_NS);
    cycles += kChunk;
  }
  return cycles;
}

}  // namespace lutsim::test
