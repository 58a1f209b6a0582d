// Verilator bench of lut_dot_unit and lut_array against the golden LUT mpGEMM.
//
// Usage: lut_tile_bench {dot_unit|array|precompute_unit|array_pair|array_quant}
//   [--vectors N] [--seed S]
// (precompute_unit: lut_dot_unit_precompute, tables written as activations;
// array_pair: lut_array GROUPS_PER_PASS = 2, two groups per pass and two steps
// per cycle; array_quant: lut_array TABLE_FORMAT = 2, INT8-quantized FP16
// tables; the wrappers lut_dot_unit_tb.sv and lut_array_tb.sv are verilated
// once per VARIANT, each model named after the bench it serves)
// Drives every configuration of the chosen bench wrapper (tests/rtl/*_tb.sv)
// from its own TileStimulus until each has accepted at least N index vectors
// (default 100000); after every clock edge its TileScoreboard checks every
// accumulator against the TileReference and every finished result against
// lut_mpgemm (sim/reference). Exit status 0 only if nothing mismatched and
// every configuration reached N vectors.
#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "Vlut_array_pair_tb.h"
#include "Vlut_array_quant_tb.h"
#include "Vlut_array_tb.h"
#include "Vlut_dot_unit_precompute_tb.h"
#include "Vlut_dot_unit_tb.h"
#include "sim/reference/tile_reference.hpp"
#include "sim/reference/tile_scoreboard.hpp"
#include "sim/reference/tile_stimulus.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/rtl/lut_tile_ports.hpp"

namespace lutsim::rtl_bench {
namespace {

using cycle_ref::TileReference;
using cycle_ref::TileScoreboard;
using cycle_ref::TileShape;
using cycle_ref::TileStimulus;

constexpr double kResetProbability = 1e-4;  // a synchronous reset mid-stream

// One configuration of the wrapper: its stimulus, reference and scoreboard.
struct Lane {
  Lane(const TileShape& shape, std::uint64_t seed)
      : stimulus(shape, seed), reference(shape), board(shape) {}
  TileStimulus stimulus;
  TileReference reference;
  TileScoreboard board;
};

std::vector<Lane> make_lanes(const std::vector<TileShape>& shapes, std::uint64_t seed) {
  std::vector<Lane> lanes;
  for (std::size_t c = 0; c < shapes.size(); ++c)
    lanes.emplace_back(shapes[c], seed * 1000003u + c);
  return lanes;
}

bool report(const std::vector<Lane>& lanes, std::uint64_t min_vectors, std::uint64_t cycles) {
  bool pass = true;
  std::uint64_t vectors = 0, lookups = 0, acc_checks = 0, results = 0, mismatches = 0;
  cycle_ref::Fp16Coverage coverage;
  std::printf("%-44s %10s %12s %13s %11s %10s\n", "configuration", "vectors", "lookups",
              "acc_checks", "results", "mismatch");
  for (const Lane& l : lanes) {
    const TileShape& shape = l.stimulus.shape();
    const std::uint64_t v = l.stimulus.vectors();
    const auto per_vector =
        static_cast<std::uint64_t>(shape.geometry.lookups_per_pass() * shape.groups_per_pass());
    std::printf("%-44s %10llu %12llu %13llu %11llu %10llu\n", shape.name().c_str(),
                static_cast<unsigned long long>(v), static_cast<unsigned long long>(v * per_vector),
                static_cast<unsigned long long>(l.board.acc_checks()),
                static_cast<unsigned long long>(l.board.results()),
                static_cast<unsigned long long>(l.board.mismatches()));
    pass = pass && l.board.mismatches() == 0 && v >= min_vectors && l.board.results() > 0;
    vectors += v;
    lookups += v * per_vector;
    acc_checks += l.board.acc_checks();
    results += l.board.results();
    mismatches += l.board.mismatches();
    coverage += l.board.coverage();
  }
  std::printf("FP16 accumulator values checked: %s\n", coverage.text().c_str());
  std::printf(
      "%zu configurations, %llu cycles: %llu vectors, %llu lookups, %llu accumulator "
      "checks, %llu results vs lut_mpgemm, %llu mismatches\n",
      lanes.size(), static_cast<unsigned long long>(cycles),
      static_cast<unsigned long long>(vectors), static_cast<unsigned long long>(lookups),
      static_cast<unsigned long long>(acc_checks), static_cast<unsigned long long>(results),
      static_cast<unsigned long long>(mismatches));
  return pass;
}

template <class Model>
bool run_bench(std::uint64_t min_vectors, std::uint64_t seed) {
  VerilatedDut<Model> dut(seed, true);  // registers start random: tables are written before use
  const Layout layout = read_layout(*dut);
  std::vector<TileShape> shapes;
  try {
    shapes = read_shapes(*dut, layout);
  } catch (const std::runtime_error& e) {
    std::printf("FAIL: %s\n", e.what());
    return false;
  }
  std::vector<Lane> lanes = make_lanes(shapes, seed);

  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<std::uint32_t> acc;
  std::vector<const cycle_ref::TileCycle*> sampled(lanes.size());
  const std::uint64_t max_cycles = 4 * min_vectors + 100;
  const auto all_done = [&] {
    for (const Lane& l : lanes) {
      if (l.stimulus.vectors() < min_vectors) return false;
    }
    return true;
  };
  while (dut.cycles() < max_cycles && !all_done()) {
    const bool reset = dut.cycles() < 2 || unit(rng) < kResetProbability;
    dut->rst = reset;
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      sampled[c] = &lanes[c].stimulus.next(reset);
      drive(*dut, layout, static_cast<int>(c), sampled[c]->in, shapes[c]);
    }
    dut.rise();
    for (std::size_t c = 0; c < lanes.size(); ++c) {
      Lane& l = lanes[c];
      l.reference.clock(*sampled[c]);
      observe(*dut, layout, static_cast<int>(c), shapes[c], acc);
      l.board.check(dut.cycles(), l.reference,
                    get_bits(dut->out_valid, static_cast<int>(c), 1) != 0, acc);
      print_reports(l.board.take_reports());
    }
    dut.fall();
  }
  return report(lanes, min_vectors, dut.cycles());
}

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim::rtl_bench;
  const std::string_view usage =
      "lut_tile_bench {dot_unit|array|precompute_unit|array_pair|array_quant} [--vectors N] "
      "[--seed S]";
  const std::string_view which = argc > 1 ? argv[1] : "";
  const auto args = parse_bench_args(argc, argv, usage, {}, 2);
  if (!args) return 2;
  bool pass = false;
  if (which == "dot_unit") {
    pass = run_bench<Vlut_dot_unit_tb>(args->vectors, args->seed);
  } else if (which == "array") {
    pass = run_bench<Vlut_array_tb>(args->vectors, args->seed);
  } else if (which == "precompute_unit") {
    pass = run_bench<Vlut_dot_unit_precompute_tb>(args->vectors, args->seed);
  } else if (which == "array_pair") {
    pass = run_bench<Vlut_array_pair_tb>(args->vectors, args->seed);
  } else if (which == "array_quant") {
    pass = run_bench<Vlut_array_quant_tb>(args->vectors, args->seed);
  } else {
    std::fprintf(stderr, "usage: %s\n", usage.data());
    return 2;
  }
  return finish("lut_tile_bench " + std::string(which), pass);
}
