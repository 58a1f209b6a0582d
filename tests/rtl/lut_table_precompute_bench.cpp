// Verilator bench of lut_table_precompute against lutsim::precompute_table
// (core/lut/lut_table.hpp), bit for bit, for the half table and both full
// tables (kSymmetricHalf, kUnsignedFull, kSymmetricFull).
//
// Usage: lut_table_precompute_bench [--vectors N] [--seed S]
// The wrapper lut_table_precompute_tb.sv holds K = 2..6 x {FP16, INT8 ->
// integer} x {half, unsigned full, symmetric full}, combinational, and eight
// pipelined configurations (PIPE_STAGES 1 .. K - 1, read from the wrapper):
// their tables are checked PIPE_STAGES clocks after the vector, so a latency
// other than the stated depth fails. Per configuration:
// directed vectors (every K-tuple of a set of special values for K <= 3, all
// tuples of a smaller set for K = 4, 5, and 20000 random tuples of it for
// K = 6), then
// random vectors until N (default 100000) vectors in all. FP16 activations come
// from six distributions: normal at random scales, any encoding (NaN, +-inf
// included), subnormals and the smallest normals, cancellation (+-x_0 and
// neighbours), specials mixed with normals, and huge values that overflow.
// INT8 activations: uniform, extremes (-128, 127, ...), small.
// Exit status 0 only if every entry matched.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "Vlut_table_precompute_tb.h"
#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "sim/reference/precompute_stimulus.hpp"
#include "sim/reference/scoreboard.hpp"
#include "sim/reference/tile_shape.hpp"
#include "tests/rtl/bench_harness.hpp"
#include "tests/rtl/table_precompute_ports.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {
namespace {

// One block: the table of K activations of one form; entry widths and the
// golden datapath as in a 1 x 1 LUT tile.
struct Config {
  Config(int k_, bool integer_, TableForm form_, int stages_)
      : k(k_),
        integer(integer_),
        form(form_),
        stages(stages_),
        shape{.geometry = {.k = k, .table_form = form}, .integer_tables = integer},
        lut(shape.golden_config(form)),
        board("lut_table_precompute K" + std::to_string(k) + (integer ? " int8->int " : " fp16 ") +
              std::string(to_string(form)) +
              (stages > 0 ? " PIPE_STAGES=" + std::to_string(stages) : "")) {
    lut.validate();
  }
  int k = 2;
  bool integer = false;
  TableForm form = TableForm::kSymmetricHalf;
  int stages = 0;  // PIPE_STAGES: the table of a vector is out this many clocks later
  cycle_ref::TileShape shape;
  LutGemmConfig lut;
  std::uint64_t queued = 0;   // vectors presented
  std::uint64_t vectors = 0;  // vectors checked
  cycle_ref::Scoreboard board;
  cycle_ref::Fp16Coverage coverage;  // of the expected entries
};

class Bench {
 public:
  explicit Bench(std::uint64_t seed) : rng_(seed) {
    const PrecomputeLayout layout = read_precompute_layout(*dut_);
    ncfg_ = layout.configs;
    x_slot_ = layout.x_slot;
    table_slot_ = layout.table_slot;
    for (const PrecomputeSlot& slot : read_precompute_slots(*dut_))
      configs_.emplace_back(slot.k, slot.integer, slot.form, slot.pipe_stages);
    pending_.resize(configs_.size());
  }

  int configs() const { return ncfg_; }
  const Config& config(int c) const { return configs_[c]; }

  // Queues one activation vector (raw encodings) for configuration c.
  void set(int c, const std::vector<std::uint32_t>& x) {
    const int in_w = configs_[c].integer ? 8 : 16;
    for (int j = 0; j < configs_[c].k; ++j)
      set_bits(dut_->x_flat, c * x_slot_ + j * in_w, in_w, x[j]);
    pending_[c].push_back({vectors_ + static_cast<std::uint64_t>(configs_[c].stages), x});
    ++configs_[c].queued;
  }

  // Evaluates (clock low), checks every configuration whose oldest queued vector
  // is due (queued PIPE_STAGES clocks ago), then raises the clock.
  void eval_and_check() {
    dut_.fall();
    for (int c = 0; c < ncfg_; ++c) {
      if (pending_[c].empty() || pending_[c].front().due != vectors_) continue;
      check(c, pending_[c].front().x);
      pending_[c].pop_front();
    }
    ++vectors_;
    dut_.rise();
  }

  // Clocks until every queued vector is checked.
  void drain() {
    int deepest = 0;
    for (const Config& c : configs_) deepest = std::max(deepest, c.stages);
    for (int n = 0; n < deepest; ++n) eval_and_check();
  }

  std::vector<std::uint32_t> random_vector(int c) {
    return cycle_ref::random_activations(rng_, configs_[c].k, configs_[c].integer);
  }

  bool report() const {
    std::uint64_t bad = 0;
    for (const Config& c : configs_) {
      std::printf("%s: %llu vectors, %llu entries, %llu mismatches", c.board.name().c_str(),
                  static_cast<unsigned long long>(c.vectors),
                  static_cast<unsigned long long>(c.board.checks()),
                  static_cast<unsigned long long>(c.board.mismatches()));
      if (!c.integer) std::printf(" (entries: %s)", c.coverage.text().c_str());
      std::printf("\n");
      bad += c.board.mismatches();
      if (c.vectors != c.queued) {
        std::printf("%s: %llu vectors presented, %llu checked\n", c.board.name().c_str(),
                    static_cast<unsigned long long>(c.queued),
                    static_cast<unsigned long long>(c.vectors));
        ++bad;
      }
    }
    return bad == 0;
  }

 private:
  void check(int c, const std::vector<std::uint32_t>& x) {
    Config& cfg = configs_[c];
    std::vector<double> xs(cfg.k);
    for (int j = 0; j < cfg.k; ++j) {
      xs[j] = cfg.integer ? static_cast<double>(static_cast<std::int8_t>(x[j]))
                          : Fp16::from_bits(static_cast<std::uint16_t>(x[j])).to_double();
    }
    const LutTable golden = precompute_table(xs, cfg.lut);
    const int entry_w = cfg.shape.entry_width();
    ++cfg.vectors;
    for (std::size_t e = 0; e < golden.entries.size(); ++e) {
      const std::uint64_t got =
          get_bits(dut_->table_flat, c * table_slot_ + static_cast<int>(e) * entry_w, entry_w);
      const std::uint32_t want = cfg.shape.entry_bits(golden.entries[e]);
      if (!cfg.integer) cfg.coverage.count(static_cast<std::uint16_t>(want));
      cfg.board.check(vectors_, got, want, [&x, e] {
        std::string what = "entry " + std::to_string(e) + ", x =";
        char hex[16];
        for (std::uint32_t v : x) {
          std::snprintf(hex, sizeof hex, " 0x%04x", v);
          what += hex;
        }
        return what;
      });
    }
    print_reports(cfg.board.take_reports());
  }

  std::mt19937_64 rng_;
  VerilatedDut<Vlut_table_precompute_tb> dut_;
  int ncfg_ = 0, x_slot_ = 0, table_slot_ = 0;
  std::uint64_t vectors_ = 0;  // evaluations so far (the index of the next one)
  std::vector<Config> configs_;
  struct Queued {
    std::uint64_t due = 0;  // the evaluation whose outputs hold its table
    std::vector<std::uint32_t> x;
  };
  std::vector<std::deque<Queued>> pending_;  // oldest first
};

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim::rtl_bench;
  const auto args =
      parse_bench_args(argc, argv, "lut_table_precompute_bench [--vectors N] [--seed S]");
  if (!args) return 2;
  const std::uint64_t vectors = args->vectors;
  Bench bench(args->seed);
  // Directed: all tuples of the specials (K <= 3; 20^3 = 8000) or of the small set.
  std::vector<std::vector<std::vector<std::uint32_t>>> directed(bench.configs());
  for (int c = 0; c < bench.configs(); ++c) {
    const Config& cfg = bench.config(c);
    const std::vector<std::uint32_t> big = lutsim::cycle_ref::special_activations(cfg.integer);
    const std::vector<std::uint32_t> small = lutsim::cycle_ref::small_activations(cfg.integer);
    directed[c] = lutsim::cycle_ref::all_tuples(big, cfg.k, 10000);
    if (directed[c].empty()) directed[c] = lutsim::cycle_ref::all_tuples(small, cfg.k, 60000);
    if (directed[c].empty()) {  // K = 6: 20000 random tuples of the small set
      std::mt19937_64 pick(args->seed + static_cast<std::uint64_t>(c));
      for (int n = 0; n < 20000; ++n) {
        std::vector<std::uint32_t> x(cfg.k);
        for (auto& v : x) v = small[pick() % small.size()];
        directed[c].push_back(x);
      }
    }
    if (directed[c].size() > vectors) directed[c].resize(vectors);
  }
  for (std::uint64_t n = 0; n < vectors; ++n) {
    for (int c = 0; c < bench.configs(); ++c) {
      bench.set(c, n < directed[c].size() ? directed[c][n] : bench.random_vector(c));
    }
    bench.eval_and_check();
  }
  bench.drain();
  return finish("lut_table_precompute_bench", bench.report());
}
