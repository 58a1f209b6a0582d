// Verilator bench of lut_table_precompute against lutsim::precompute_table
// (core/lut/lut_table.hpp), bit for bit, for the half table and both full
// tables (kSymmetricHalf, kUnsignedFull, kSymmetricFull).
//
// Usage: lut_table_precompute_bench [--vectors N] [--seed S]
// The wrapper lut_table_precompute_tb.sv holds K = 2..6 x {FP16, INT8 ->
// integer} x {half, unsigned full, symmetric full}. Per configuration:
// directed vectors (every K-tuple of a set of special values for K <= 3, all
// tuples of a smaller set for K = 4, 5, and 20000 random tuples of it for
// K = 6), then
// random vectors until N (default 100000) vectors in all. FP16 activations come
// from six distributions: normal at random scales, any encoding (NaN, +-inf
// included), subnormals and the smallest normals, cancellation (+-x_0 and
// neighbours), specials mixed with normals, and huge values that overflow.
// INT8 activations: uniform, extremes (-128, 127, ...), small.
// Exit status 0 only if every entry matched.
#include <verilated.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tests/rtl/bench_args.hpp"
#include "Vlut_table_precompute_tb.h"
#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {
namespace {

const std::vector<std::uint16_t> kFp16Specials = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x83FF, 0x0400, 0x8400, 0x3C00, 0xBC00,
    0x3C01, 0x7BFF, 0xFBFF, 0x7BFE, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE00, 0x4000,
};
const std::vector<std::uint16_t> kFp16Small = {0x0000, 0x8000, 0x0001, 0x3C00,
                                               0xBC00, 0x7BFF, 0x7C00, 0xFC00, 0x7E00};
const std::vector<int> kInt8Specials = {0, 1, -1, 127, -128, -127, 64, -64, 2};

// ceil(log2(n)), as SystemVerilog's $clog2.
int clog2(int n) {
  int bits = 0;
  while ((1 << bits) < n) ++bits;
  return bits;
}

struct Config {
  int k = 2;
  bool integer = false;
  TableForm form = TableForm::kSymmetricHalf;
  LutGemmConfig lut;
  std::uint64_t vectors = 0, entries = 0, mismatches = 0;
  std::uint64_t nan = 0, inf = 0, subnormal = 0, zero = 0;
};

std::uint16_t random_fp16(std::mt19937_64& rng, int dist, std::uint16_t x0) {
  const auto r = [&](std::uint64_t n) { return rng() % n; };
  switch (dist) {
    case 0: {  // normal at a random scale 2^-16 .. 2^8
      std::normal_distribution<double> normal(0.0, std::ldexp(1.0, static_cast<int>(r(25)) - 16));
      return Fp16::from_double(normal(rng)).bits();
    }
    case 1:  // any encoding
      return static_cast<std::uint16_t>(rng());
    case 2: {  // subnormals and the smallest normals
      const std::uint16_t exp = r(4) == 0 ? 1 : 0;
      return static_cast<std::uint16_t>((rng() & 0x8000u) | (exp << 10) | (rng() & 0x3FFu));
    }
    case 3: {  // cancellation: +-x0 or a neighbour of it
      const int delta = r(3) == 0 ? static_cast<int>(r(5)) - 2 : 0;
      return static_cast<std::uint16_t>(((x0 ^ (rng() & 0x8000u)) + delta) & 0xFFFFu);
    }
    case 4:  // specials mixed with ordinary values
      if (r(2) == 0) return kFp16Specials[r(kFp16Specials.size())];
      return Fp16::from_double(std::ldexp(static_cast<double>(r(2048)) - 1024, -10)).bits();
    default: {  // huge: exponents 27..30, overflow in sums
      const std::uint16_t exp = static_cast<std::uint16_t>(27 + r(4));
      return static_cast<std::uint16_t>((rng() & 0x8000u) | (exp << 10) | (rng() & 0x3FFu));
    }
  }
}

int random_int8(std::mt19937_64& rng, int dist) {
  switch (dist) {
    case 0:
      return static_cast<int>(rng() % 256) - 128;
    case 1:
      return kInt8Specials[rng() % kInt8Specials.size()];
    default:
      return static_cast<int>(rng() % 9) - 4;
  }
}

class Bench {
 public:
  explicit Bench(std::uint64_t seed) : rng_(seed) {
    ctx_ = std::make_unique<VerilatedContext>();
    dut_ = std::make_unique<Vlut_table_precompute_tb>(ctx_.get(), "dut");
    dut_->eval();
    ncfg_ = static_cast<int>(get_bits(dut_->layout, 64, 32));
    x_slot_ = static_cast<int>(get_bits(dut_->layout, 32, 32));
    table_slot_ = static_cast<int>(get_bits(dut_->layout, 0, 32));
    for (int c = 0; c < ncfg_; ++c) {
      Config cfg;
      cfg.k = static_cast<int>(get_bits(dut_->cfg_info, c * 32, 8));
      cfg.integer = get_bits(dut_->cfg_info, c * 32 + 8, 8) != 0;
      static constexpr TableForm kForms[] = {TableForm::kSymmetricHalf, TableForm::kUnsignedFull,
                                             TableForm::kSymmetricFull};
      cfg.form = kForms[get_bits(dut_->cfg_info, c * 32 + 16, 8) % 3];
      cfg.lut.geometry.k = cfg.k;
      cfg.lut.geometry.table_form = cfg.form;
      cfg.lut.activation = cfg.integer ? DataType::kInt8 : DataType::kFp16;
      cfg.lut.table_format = cfg.integer ? TableEntryFormat::kInteger : TableEntryFormat::kFp16;
      cfg.lut.accumulator = cfg.integer ? DataType::kInt32 : DataType::kFp16;
      cfg.lut.validate();
      configs_.push_back(cfg);
    }
    pending_.resize(configs_.size());
  }

  int configs() const { return ncfg_; }
  const Config& config(int c) const { return configs_[c]; }

  // Queues one activation vector (raw encodings) for configuration c.
  void set(int c, const std::vector<std::uint32_t>& x) {
    const int in_w = configs_[c].integer ? 8 : 16;
    for (int j = 0; j < configs_[c].k; ++j) set_bits(dut_->x_flat, c * x_slot_ + j * in_w, in_w, x[j]);
    pending_[c] = x;
  }

  // Evaluates and checks every configuration that has a queued vector.
  void eval_and_check() {
    dut_->eval();
    for (int c = 0; c < ncfg_; ++c) {
      if (pending_[c].empty()) continue;
      check(c, pending_[c]);
      pending_[c].clear();
    }
  }

  std::vector<std::uint32_t> random_vector(int c) {
    const Config& cfg = configs_[c];
    std::vector<std::uint32_t> x(cfg.k);
    const int dist = static_cast<int>(rng_() % (cfg.integer ? 3 : 6));
    for (int j = 0; j < cfg.k; ++j) {
      if (cfg.integer) {
        x[j] = static_cast<std::uint32_t>(random_int8(rng_, dist)) & 0xFFu;
      } else {
        x[j] = random_fp16(rng_, dist, j == 0 ? static_cast<std::uint16_t>(rng_()) : x[0]);
      }
    }
    return x;
  }

  bool report() const {
    std::uint64_t bad = 0;
    for (const Config& c : configs_) {
      std::printf("lut_table_precompute K%d %s %s: %llu vectors, %llu entries, %llu mismatches",
                  c.k, c.integer ? "int8->int" : "fp16", std::string(to_string(c.form)).c_str(),
                  static_cast<unsigned long long>(c.vectors),
                  static_cast<unsigned long long>(c.entries),
                  static_cast<unsigned long long>(c.mismatches));
      if (!c.integer) {
        std::printf(" (entries: %llu NaN, %llu inf, %llu subnormal, %llu zero)",
                    static_cast<unsigned long long>(c.nan), static_cast<unsigned long long>(c.inf),
                    static_cast<unsigned long long>(c.subnormal),
                    static_cast<unsigned long long>(c.zero));
      }
      std::printf("\n");
      bad += c.mismatches;
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
    const int entry_w = cfg.integer ? clog2(128 * cfg.k + 1) + 1 : 16;
    ++cfg.vectors;
    for (std::size_t e = 0; e < golden.entries.size(); ++e) {
      const std::uint64_t got = get_bits(dut_->table_flat, c * table_slot_ + static_cast<int>(e) * entry_w, entry_w);
      std::uint64_t want;
      if (cfg.integer) {
        want = static_cast<std::uint64_t>(static_cast<std::int64_t>(golden.entries[e])) &
               ((std::uint64_t{1} << entry_w) - 1);
      } else {
        const Fp16 h = Fp16::from_double(golden.entries[e]);
        want = h.bits();
        cfg.nan += h.is_nan();
        cfg.inf += h.is_inf();
        cfg.subnormal += h.is_subnormal();
        cfg.zero += h.is_zero();
      }
      ++cfg.entries;
      if (got != want && cfg.mismatches++ < 10) {
        std::printf("MISMATCH K%d %s %s entry %zu: x =", cfg.k, cfg.integer ? "int" : "fp16",
                    std::string(to_string(cfg.form)).c_str(), e);
        for (std::uint32_t v : x) std::printf(" 0x%04x", v);
        std::printf(": got 0x%llx want 0x%llx\n", static_cast<unsigned long long>(got),
                    static_cast<unsigned long long>(want));
      }
    }
  }

  std::mt19937_64 rng_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vlut_table_precompute_tb> dut_;
  int ncfg_ = 0, x_slot_ = 0, table_slot_ = 0;
  std::vector<Config> configs_;
  std::vector<std::vector<std::uint32_t>> pending_;
};

// Every K-tuple over `values` (odometer order), or none if there are more than `limit`.
std::vector<std::vector<std::uint32_t>> all_tuples(const std::vector<std::uint32_t>& values, int k,
                                                   std::size_t limit) {
  std::vector<std::vector<std::uint32_t>> out;
  std::size_t count = 1;
  for (int i = 0; i < k; ++i) count *= values.size();
  if (count > limit) return out;
  std::vector<std::size_t> digit(k, 0);
  for (std::size_t n = 0; n < count; ++n) {
    std::vector<std::uint32_t> x(k);
    for (int i = 0; i < k; ++i) x[i] = values[digit[i]];
    out.push_back(x);
    for (int i = 0; i < k && ++digit[i] == values.size(); ++i) digit[i] = 0;
  }
  return out;
}

}  // namespace
}  // namespace lutsim::rtl_bench

int main(int argc, char** argv) {
  using namespace lutsim::rtl_bench;
  const auto args = parse_bench_args(argc, argv, "lut_table_precompute_bench");
  if (!args) return 2;
  const std::uint64_t vectors = args->vectors;
  Bench bench(args->seed);
  // Directed: all tuples of the specials (K <= 3; 20^3 = 8000) or of the small set.
  std::vector<std::vector<std::vector<std::uint32_t>>> directed(bench.configs());
  for (int c = 0; c < bench.configs(); ++c) {
    const Config& cfg = bench.config(c);
    std::vector<std::uint32_t> big, small;
    if (cfg.integer) {
      for (int v : kInt8Specials) big.push_back(static_cast<std::uint32_t>(v) & 0xFFu);
      small = {0x00, 0x01, 0xFF, 0x7F, 0x80};
    } else {
      big.assign(kFp16Specials.begin(), kFp16Specials.end());
      small.assign(kFp16Small.begin(), kFp16Small.end());
    }
    directed[c] = all_tuples(big, cfg.k, 10000);
    if (directed[c].empty()) directed[c] = all_tuples(small, cfg.k, 60000);
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
  return bench.report() ? 0 : 1;
}
