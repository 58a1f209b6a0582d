// Verilator bench of lut_dot_unit and lut_array against the golden LUT mpGEMM.
//
// Usage: lut_tile_bench {dot_unit|array|precompute_unit|array_pair|array_quant}
//   [--vectors N] [--seed S]
// (precompute_unit: lut_dot_unit_precompute, tables written as activations;
// array_pair: lut_array_pair, two groups per pass and two steps per cycle;
// array_quant: lut_array_quant, INT8-quantized FP16 tables)
// Drives every configuration of the chosen bench wrapper (tests/rtl/*_tb.sv)
// with its own TileDriver until each has accepted at least N index vectors
// (default 100000), checking every accumulator after every clock edge and
// every finished result against lut_mpgemm. Exit status 0 only if nothing
// mismatched and every configuration reached N vectors.
#include <verilated.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "Vlut_array_pair_tb.h"
#include "Vlut_array_quant_tb.h"
#include "Vlut_array_tb.h"
#include "Vlut_dot_unit_precompute_tb.h"
#include "Vlut_dot_unit_tb.h"
#include "tests/rtl/lut_tile_driver.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {
namespace {

constexpr double kResetProbability = 1e-4;  // a synchronous reset mid-stream

// Slot sizes of a bench wrapper's flat ports, read from its `layout` output.
struct Layout {
  int configs, wr_en_slot, wr_data_slot, idx_slot, acc_slot;
};

template <class Model>
Layout read_layout(const Model& model) {
  const auto field = [&](int i) { return static_cast<int>(get_bits(model.layout, 32 * i, 32)); };
  return {field(4), field(3), field(2), field(1), field(0)};
}

// Empty if the shape fits the wrapper's slots, else what does not fit.
std::string check_fits(const TileShape& s, const Layout& l) {
  if (s.geometry.m > l.wr_en_slot) return "M exceeds the write-enable slot";
  const int table_bits = s.precompute ? s.groups_per_pass() * s.geometry.k * s.activation_width()
                                      : s.table_words() * s.entry_width();
  if (s.geometry.m * table_bits > l.wr_data_slot) return "tables exceed the data slot";
  if (s.geometry.n * s.index_width() > l.idx_slot) return "indices exceed the index slot";
  if (s.geometry.m * s.geometry.n * s.acc_width() > l.acc_slot)
    return "accumulators exceed the output slot";
  return {};
}

template <class Model>
void drive(Model& model, const Layout& l, int c, const CycleInputs& in, const TileShape& s) {
  set_bits(model.in_valid, c, 1, in.valid);
  set_bits(model.in_first, c, 1, in.first);
  set_bits(model.in_last, c, 1, in.last);
  for (int n = 0; n < s.geometry.n; ++n) {
    set_bits(model.in_idx, c * l.idx_slot + n * s.index_width(), s.index_width(),
             in.idx[static_cast<std::size_t>(n)]);
  }
  const int table_bits = s.precompute ? s.groups_per_pass() * s.geometry.k * s.activation_width()
                                      : s.table_words() * s.entry_width();
  for (int m = 0; m < s.geometry.m; ++m) {
    const bool write = in.table_write[static_cast<std::size_t>(m)];
    set_bits(model.tbl_wr_en, c * l.wr_en_slot + m, 1, write);
    if (!write) continue;
    if (s.precompute) {  // the unit computes the table from the group's activations
      const auto& x = in.table_x[static_cast<std::size_t>(m)];
      for (int i = 0; i < s.geometry.k * s.groups_per_pass(); ++i) {
        set_bits(model.tbl_wr_data, c * l.wr_data_slot + m * table_bits + i * s.activation_width(),
                 s.activation_width(), x[static_cast<std::size_t>(i)]);
      }
      continue;
    }
    const auto& entries = in.table_bits[static_cast<std::size_t>(m)];
    for (int e = 0; e < s.table_words(); ++e) {
      set_bits(model.tbl_wr_data, c * l.wr_data_slot + m * table_bits + e * s.entry_width(),
               s.entry_width(), entries[static_cast<std::size_t>(e)]);
    }
  }
}

template <class Model>
void observe(const Model& model, const Layout& l, int c, const TileShape& s,
             std::vector<std::uint32_t>& acc) {
  acc.resize(static_cast<std::size_t>(s.geometry.m * s.geometry.n));
  for (int i = 0; i < s.geometry.m * s.geometry.n; ++i) {
    acc[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(
        get_bits(model.out_acc, c * l.acc_slot + i * s.acc_width(), s.acc_width()));
  }
}

template <class Model>
bool run_bench(std::uint64_t min_vectors, std::uint64_t seed) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);  // registers start random: tables are written before use
  ctx->randSeed(static_cast<int>(seed & 0x7FFFFFFF));
  auto model = std::make_unique<Model>(ctx.get(), "tb");
  model->clk = 0;
  model->rst = 1;
  model->eval();

  const Layout layout = read_layout(*model);
  std::vector<TileDriver> drivers;
  for (int c = 0; c < layout.configs; ++c) {
    const TileShape shape =
        decode_cfg_info(static_cast<std::uint32_t>(get_bits(model->cfg_info, 32 * c, 32)));
    if (const std::string err = check_fits(shape, layout); !err.empty()) {
      std::printf("FAIL: configuration %d (%s): %s\n", c, shape.name().c_str(), err.c_str());
      return false;
    }
    drivers.emplace_back(shape, seed * 1000003u + static_cast<std::uint64_t>(c));
  }

  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<std::uint32_t> acc;
  const std::uint64_t max_cycles = 4 * min_vectors + 100;
  std::uint64_t cycle = 0;
  const auto all_done = [&] {
    for (const auto& d : drivers) {
      if (d.stats().vectors < min_vectors) return false;
    }
    return true;
  };
  for (; cycle < max_cycles && !all_done(); ++cycle) {
    const bool reset = cycle < 2 || unit(rng) < kResetProbability;
    model->rst = reset;
    for (int c = 0; c < layout.configs; ++c) {
      auto& d = drivers[static_cast<std::size_t>(c)];
      drive(*model, layout, c, d.next_inputs(reset), d.shape());
    }
    model->clk = 1;  // rising edge: samples the inputs just driven
    model->eval();
    ctx->timeInc(1);
    for (int c = 0; c < layout.configs; ++c) {
      auto& d = drivers[static_cast<std::size_t>(c)];
      d.commit();
      observe(*model, layout, c, d.shape(), acc);
      d.check(get_bits(model->out_valid, c, 1) != 0, acc);
    }
    model->clk = 0;
    model->eval();
    ctx->timeInc(1);
  }
  model->final();

  bool pass = true;
  DriverStats total;
  std::printf("%-44s %10s %12s %13s %11s %10s\n", "configuration", "vectors", "lookups",
              "acc_checks", "results", "mismatch");
  for (const auto& d : drivers) {
    const DriverStats& s = d.stats();
    std::printf(
        "%-44s %10llu %12llu %13llu %11llu %10llu\n", d.shape().name().c_str(),
        static_cast<unsigned long long>(s.vectors), static_cast<unsigned long long>(s.lookups),
        static_cast<unsigned long long>(s.acc_checks), static_cast<unsigned long long>(s.results),
        static_cast<unsigned long long>(s.mismatches));
    pass = pass && s.mismatches == 0 && s.vectors >= min_vectors && s.results > 0;
    total.vectors += s.vectors;
    total.lookups += s.lookups;
    total.acc_checks += s.acc_checks;
    total.results += s.results;
    total.mismatches += s.mismatches;
    total.acc_nan += s.acc_nan;
    total.acc_inf += s.acc_inf;
    total.acc_subnormal += s.acc_subnormal;
    total.acc_zero += s.acc_zero;
  }
  std::printf(
      "FP16 accumulator values checked: %llu NaN, %llu infinite, %llu subnormal, %llu zero\n",
      static_cast<unsigned long long>(total.acc_nan),
      static_cast<unsigned long long>(total.acc_inf),
      static_cast<unsigned long long>(total.acc_subnormal),
      static_cast<unsigned long long>(total.acc_zero));
  std::printf(
      "%d configurations, %llu cycles: %llu vectors, %llu lookups, %llu accumulator "
      "checks, %llu results vs lut_mpgemm, %llu mismatches: %s\n",
      layout.configs, static_cast<unsigned long long>(cycle),
      static_cast<unsigned long long>(total.vectors),
      static_cast<unsigned long long>(total.lookups),
      static_cast<unsigned long long>(total.acc_checks),
      static_cast<unsigned long long>(total.results),
      static_cast<unsigned long long>(total.mismatches), pass ? "PASS" : "FAIL");
  return pass;
}

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim::rtl_bench;
  const std::string_view usage =
      "usage: lut_tile_bench {dot_unit|array|precompute_unit|array_pair|array_quant} [--vectors N] "
      "[--seed S]\n";
  if (argc < 2) {
    std::fputs(usage.data(), stderr);
    return 2;
  }
  const std::string_view which = argv[1];
  std::uint64_t vectors = 100000;
  std::uint64_t seed = 1;
  for (int i = 2; i < argc; i += 2) {
    const std::string_view flag = argv[i];
    if (i + 1 >= argc || (flag != "--vectors" && flag != "--seed")) {
      std::fputs(usage.data(), stderr);
      return 2;
    }
    (flag == "--vectors" ? vectors : seed) = std::strtoull(argv[i + 1], nullptr, 10);
  }
  bool pass = false;
  if (which == "dot_unit") {
    pass = run_bench<Vlut_dot_unit_tb>(vectors, seed);
  } else if (which == "array") {
    pass = run_bench<Vlut_array_tb>(vectors, seed);
  } else if (which == "precompute_unit") {
    pass = run_bench<Vlut_dot_unit_precompute_tb>(vectors, seed);
  } else if (which == "array_pair") {
    pass = run_bench<Vlut_array_pair_tb>(vectors, seed);
  } else if (which == "array_quant") {
    pass = run_bench<Vlut_array_quant_tb>(vectors, seed);
  } else {
    std::fputs(usage.data(), stderr);
    return 2;
  }
  return pass ? 0 : 1;
}
