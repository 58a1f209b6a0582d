#include "ppa/model/component_fit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "core/io/atomic_file.hpp"
#include "core/io/result_table.hpp"
#include "core/io/text_file.hpp"
#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "ppa/flow/synthesis.hpp"
#include "ppa/flow/tool_run.hpp"
#include "ppa/power/gate_netlist.hpp"
#include "ppa/power/liberty_library.hpp"
#include "ppa/power/power_calculator.hpp"
#include "ppa/power/stimulus_builder.hpp"

namespace lutsim::ppa {
namespace {

constexpr int kResetCycles = 2;
constexpr int kWarmupCycles = 8;
constexpr int kGroupsPerDot = 8;
constexpr int kDataK = 4;  // group size of the tables and dot products feeding datapath blocks
// Bumped whenever every stimulus changes (BlockRun::data_version for one block),
// so cached simulation results are not reused.
constexpr const char* kStimulusVersion = "v3";

// ---- stimulus construction ------------------------------------------------

// A builder for a micro-block: the shared one, with the fit's warm-up, and a clock
// unless the block is combinational.
StimulusBuilder block_stimulus(int cycles, bool clocked,
                               const std::vector<std::pair<std::string, int>>& ports) {
  StimulusBuilder s(cycles, kWarmupCycles, ports);
  if (!clocked) s.combinational();
  return s;
}

int entry_width(int k, bool integer) {
  int n = 0;
  while ((1 << n) < 128 * k + 1) ++n;
  return integer ? n + 1 : 16;
}

std::uint64_t mask(int w) {
  return w >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1;
}
std::uint64_t int_bits(long long v, int w) {
  return static_cast<std::uint64_t>(v) & mask(w);
}
std::uint64_t fp16_bits(double v) {
  return Fp16::from_double(v).bits();
}

// One table of K activations: the half (symmetric) or the unsigned full form.
LutArrayGeometry table_geometry(int k, bool symmetric) {
  return {.k = k, .table_form = symmetric ? TableForm::kSymmetricHalf : TableForm::kUnsignedFull};
}

// The data of the designs: N(0, 1) activations (FP16, or INT8 codes
// round(32 x) clamped to +-127), golden tables of K of them, random weight bits.
class DataSource {
 public:
  explicit DataSource(std::mt19937_64& rng) : rng_(rng) {}

  double fp16_activation() { return Fp16::from_double(normal_(rng_)).to_double(); }
  long long int8_activation() {
    return static_cast<long long>(std::clamp(std::nearbyint(32.0 * normal_(rng_)), -127.0, 127.0));
  }
  double activation(bool integer) {
    return integer ? static_cast<double>(int8_activation()) : fp16_activation();
  }
  // An odd weight 2c - 3 of a random 2-bit code (the MAC stimulus's widened INT8 weights).
  int odd_weight() { return 2 * static_cast<int>(bits(2)) - 3; }
  // The FP16 MAC stimulus's dequantized weight: s (2c - 3) with a group scale s drawn
  // uniformly in [1/64, 1/32] (ppa/design/design_stimulus.hpp).
  double fp16_weight() { return Fp16::from_double(scale_(rng_) * odd_weight()).to_double(); }
  std::uint64_t bits(int n) { return rng_() & mask(n); }
  double normal() { return normal_(rng_); }

  // The golden table of K fresh activations.
  std::vector<double> table(int k, bool integer, bool symmetric) {
    std::vector<double> x;
    for (int i = 0; i < k; ++i) x.push_back(activation(integer));
    LutGemmConfig c;
    c.weight_bits = 2;
    c.geometry = table_geometry(k, symmetric);
    c.activation = integer ? DataType::kInt8 : DataType::kFp16;
    c.table_format = integer ? TableEntryFormat::kInteger : TableEntryFormat::kFp16;
    c.accumulator = integer ? DataType::kInt32 : DataType::kFp16;
    return precompute_table(x, c).entries;
  }

 private:
  std::mt19937_64& rng_;
  std::normal_distribution<double> normal_{0.0, 1.0};
  std::uniform_real_distribution<double> scale_{1.0 / 64, 1.0 / 32};
};

std::uint64_t entry_bits(double v, bool integer, int w) {
  return integer ? int_bits(static_cast<long long>(v), w) : fp16_bits(v);
}

PortBits table_bits(const std::vector<double>& t, bool integer, int w) {
  PortBits b(static_cast<int>(t.size()) * w);
  for (std::size_t e = 0; e < t.size(); ++e)
    b.put(static_cast<int>(e) * w, w, entry_bits(t[e], integer, w));
  return b;
}

// Half-table lookup by a random index: the stored entry and whether it is negated.
struct Lookup {
  double stored;
  bool negate;
  double value() const { return negate ? -stored : stored; }
};
Lookup half_lookup(const std::vector<double>& h, DataSource& data) {
  const int n = static_cast<int>(h.size());
  const std::uint64_t addr = data.bits(30) % static_cast<std::uint64_t>(n);
  return {h[addr], data.bits(1) == 0};
}

// A MAC tree root: the sum of K products of activations and odd weights
// (FP16: rounded products, balanced tree of fp16_add; INT8: exact).
double mac_root(bool integer, DataSource& data) {
  std::vector<double> p;
  for (int i = 0; i < kDataK; ++i) {
    const double w = integer ? data.odd_weight() : data.fp16_weight();
    if (integer) {
      p.push_back(static_cast<double>(data.int8_activation()) * w);
    } else {
      p.push_back(
          fp16_mul(Fp16::from_double(data.fp16_activation()), Fp16::from_double(w)).to_double());
    }
  }
  while (p.size() > 1) {
    std::vector<double> next;
    for (std::size_t i = 0; i + 1 < p.size(); i += 2) {
      next.push_back(
          integer ? p[i] + p[i + 1]
                  : fp16_add(Fp16::from_double(p[i]), Fp16::from_double(p[i + 1])).to_double());
    }
    if (p.size() % 2) next.push_back(p.back());
    p = std::move(next);
  }
  return p[0];
}

// ---- the micro-blocks ---------------------------------------------------------

using StimulusFn = std::function<Stimulus(double rate, int cycles, DataSource& data)>;

struct BlockRun {
  ComponentId id;
  std::string top;
  std::vector<std::string> files;  // "rtl/<f>" or "blocks/<f>"
  std::vector<std::pair<std::string, long long>> parameters;
  double size = 0;
  std::vector<double> rates{1.0};
  std::vector<std::string> driven_ports;  // inputs driven by other components in the designs
  StimulusFn stimulus;
  int data_version = 1;  // bumped when this block's stimulus changes (cache key)
};

int period_of(double rate) {
  return std::max(1, static_cast<int>(std::lround(1.0 / rate)));
}

// lut_table_reg written every 1/rate cycles with a new golden table (the write
// data port is zero between writes, as in the design stimulus).
Stimulus table_reg_stimulus(int k, bool integer, double rate, int cycles, DataSource& data) {
  const int w = entry_width(k, integer);
  const int entries = table_geometry(k, true).table_entries();
  StimulusBuilder s = block_stimulus(cycles, true, {{"wr_en", 1}, {"wr_data", entries * w}});
  const int p = period_of(rate);
  for (int c = kResetCycles; c < cycles; ++c) {
    if ((c - kResetCycles) % p != p - 1) continue;
    s.set(c, "wr_en", 1);
    s.set(c, "wr_data", table_bits(data.table(k, integer, true), integer, w));
  }
  return s.take();
}

// lut_lookup: a new table every 1/rate cycles, a random index every cycle.
Stimulus lookup_stimulus(int k, bool integer, bool symmetric, double rate, int cycles,
                         DataSource& data) {
  const int w = entry_width(k, integer);
  const int entries = table_geometry(k, symmetric).table_entries();
  StimulusBuilder s = block_stimulus(cycles, false, {{"table_flat", entries * w}, {"idx", k}});
  const int p = period_of(rate);
  PortBits table(entries * w);
  for (int c = 0; c < cycles; ++c) {
    if (c % p == 0) table = table_bits(data.table(k, integer, symmetric), integer, w);
    s.set(c, "table_flat", table);
    s.set(c, "idx", data.bits(k));
  }
  return s.take();
}

// Integer negation blocks: the stored entries of integer half tables (random
// entry, random sign) or INT8 activations.
Stimulus cond_neg_stimulus(int w, int cycles, DataSource& data) {
  StimulusBuilder s = block_stimulus(cycles, false, {{"x", w}, {"positive", 1}});
  std::vector<double> h = data.table(kDataK, true, true);
  for (int c = 0; c < cycles; ++c) {
    if (c % 2 == 0) h = data.table(kDataK, true, true);
    const Lookup l = half_lookup(h, data);
    s.set(c, "x", int_bits(static_cast<long long>(l.stored), w));
    s.set(c, "positive", l.negate ? 0 : 1);
  }
  return s.take();
}

Stimulus neg_stimulus(int w, int cycles, DataSource& data) {
  StimulusBuilder s = block_stimulus(cycles, false, {{"x", w}});
  for (int c = 0; c < cycles; ++c) s.set(c, "x", int_bits(data.int8_activation(), w));
  return s.take();
}

// Integer adder operands as in the precompute prefix sums and the ADD chain: a
// partial sum of two +-activations and one +-activation (INT8 codes).
Stimulus add_int_stimulus(int w, int cycles, DataSource& data) {
  StimulusBuilder s = block_stimulus(cycles, false, {{"a", w}, {"b", w}});
  auto signed_activation = [&] {
    const long long x = data.int8_activation();
    return data.bits(1) ? x : -x;
  };
  for (int c = 0; c < cycles; ++c) {
    s.set(c, "a", int_bits(signed_activation() + signed_activation(), w));
    s.set(c, "b", int_bits(signed_activation(), w));
  }
  return s.take();
}

// FP16 adder operands: a partial sum of two activations and a signed activation.
// The adders of an ADD unit's chain: +-(a partial sum) + +-x, magnitudes drawn anew every
// 1/rate cycles (a new activation group), signs (the weight-plane digits) every cycle.
Stimulus add_fp16_signed_stimulus(double rate, int cycles, DataSource& data) {
  StimulusBuilder s = block_stimulus(cycles, false, {{"a", 16}, {"b", 16}});
  const int period = period_of(rate);
  double a = 0, b = 0;
  for (int c = 0; c < cycles; ++c) {
    if (c % period == 0) {
      a = std::sqrt(2.0) * data.normal();
      b = data.fp16_activation();
    }
    s.set(c, "a", fp16_bits(data.bits(1) ? a : -a));
    s.set(c, "b", fp16_bits(data.bits(1) ? b : -b));
  }
  return s.take();
}

Stimulus add_fp16_stimulus(int cycles, DataSource& data) {
  StimulusBuilder s = block_stimulus(cycles, false, {{"a", 16}, {"b", 16}});
  for (int c = 0; c < cycles; ++c) {
    s.set(c, "a", fp16_bits(std::sqrt(2.0) * data.normal()));
    s.set(c, "b", fp16_bits(data.fp16_activation()));
  }
  return s.take();
}

// lut_table_precompute: a new group of K activations every cycle.
Stimulus precompute_stimulus(int k, bool integer, int cycles, DataSource& data) {
  const int w = integer ? 8 : 16;
  StimulusBuilder s = block_stimulus(cycles, false, {{"x_flat", k * w}});
  for (int c = 0; c < cycles; ++c) {
    PortBits x(k * w);
    for (int j = 0; j < k; ++j) {
      x.put(j * w, w,
            integer ? int_bits(data.int8_activation(), 8) : fp16_bits(data.fp16_activation()));
    }
    s.set(c, "x_flat", x);
  }
  return s.take();
}

Stimulus mul_stimulus(bool integer, int cycles, DataSource& data) {
  const int w = integer ? 8 : 16;
  StimulusBuilder s = block_stimulus(cycles, false, {{"a", w}, {"b", w}});
  for (int c = 0; c < cycles; ++c) {
    if (integer) {
      s.set(c, "a", int_bits(data.int8_activation(), 8));
      s.set(c, "b", int_bits(data.odd_weight(), 8));
    } else {
      s.set(c, "a", fp16_bits(data.fp16_activation()));
      s.set(c, "b", fp16_bits(data.fp16_weight()));
    }
  }
  return s.take();
}

// Accumulators: bit-serial (scale_w > 0: lookups of golden tables, planes
// 0 .. 2^scale_w - 1, a new table per group) or MAC (scale_w = 0: tree roots);
// dot products of 8 groups (8 vectors for the MAC), no bubbles.
Stimulus accumulator_stimulus(bool integer, int in_w, int scale_w, bool neg_port, int cycles,
                              DataSource& data) {
  const int port_w = std::max(1, scale_w);
  const char* scale_port = integer ? "plane" : "scale";
  StimulusBuilder s = block_stimulus(
      cycles, true,
      {{"rst", 1}, {"valid", 1}, {"first", 1}, {"b", in_w}, {"negate", 1}, {scale_port, port_w}});
  const int w_bit = scale_w > 0 ? 1 << scale_w : 1;
  std::vector<double> h;
  for (int c = 0; c < cycles; ++c) {
    s.set(c, "rst", c < kResetCycles ? 1 : 0);
    if (c < kResetCycles) continue;
    const int step = c - kResetCycles;
    const int plane = step % w_bit;
    const int group = step / w_bit;
    s.set(c, "valid", 1);
    s.set(c, "first", plane == 0 && group % kGroupsPerDot == 0 ? 1 : 0);
    if (scale_w == 0) {
      s.set(c, "b", entry_bits(mac_root(integer, data), integer, in_w));
      continue;
    }
    if (plane == 0) h = data.table(kDataK, integer, true);
    const Lookup l = half_lookup(h, data);
    if (neg_port) {
      s.set(c, "b", entry_bits(l.stored, integer, in_w));
      s.set(c, "negate", l.negate ? 1 : 0);
    } else {
      s.set(c, "b", entry_bits(l.value(), integer, in_w));
    }
    s.set(c, scale_port, static_cast<std::uint64_t>(plane));
  }
  return s.take();
}

Stimulus ctrl_stimulus(int w_bit, int cycles) {
  StimulusBuilder s =
      block_stimulus(cycles, true, {{"rst", 1}, {"in_valid", 1}, {"in_first", 1}, {"in_last", 1}});
  for (int c = 0; c < cycles; ++c) {
    s.set(c, "rst", c < kResetCycles ? 1 : 0);
    if (c < kResetCycles) continue;
    const int step = c - kResetCycles;
    const int plane = step % w_bit;
    const int group = step / w_bit;
    s.set(c, "in_valid", 1);
    s.set(c, "in_first", plane == 0 && group % kGroupsPerDot == 0 ? 1 : 0);
    s.set(c, "in_last", plane == w_bit - 1 && group % kGroupsPerDot == kGroupsPerDot - 1 ? 1 : 0);
  }
  return s.take();
}

ComponentId offset(ComponentId first, int by) {
  return static_cast<ComponentId>(static_cast<int>(first) + by);
}

std::vector<BlockRun> micro_blocks() {
  std::vector<BlockRun> runs;
  const std::vector<double> two_rates{1.0, 0.25};
  for (const bool integer : {false, true}) {
    const ComponentId reg = integer ? ComponentId::kTableRegInt : ComponentId::kTableRegFp16;
    const ComponentId lookup = integer ? ComponentId::kLookupInt : ComponentId::kLookupFp16;
    // Up to 16 entries: gate-level simulation of wider vector ports is slow in
    // iverilog, and registers and muxes are linear in their bits.
    for (const int k : {2, 3, 5}) {
      const int w = entry_width(k, integer);
      const int entries = table_geometry(k, true).table_entries();
      runs.push_back({reg,
                      "lut_table_reg",
                      {"rtl/lut_table_reg.sv"},
                      {{"ENTRIES", entries}, {"ENTRY_W", w}},
                      1.0 * entries * w,
                      two_rates,
                      {},
                      [k, integer](double r, int n, DataSource& d) {
                        return table_reg_stimulus(k, integer, r, n, d);
                      }});
    }
    // Half tables K = 2 .. 6 (the address inversion included), full K = 3 and 5.
    for (const auto& [k, symmetric] :
         {std::pair{2, true}, {3, true}, {4, true}, {5, true}, {6, true}, {3, false}, {5, false}}) {
      const int w = entry_width(k, integer);
      const int entries = table_geometry(k, symmetric).table_entries();
      runs.push_back({lookup,
                      "lut_lookup",
                      {"rtl/lut_lookup.sv"},
                      {{"K", k},
                       {"SYMMETRIC", symmetric ? 1 : 0},
                       {"TABLE_FORMAT", integer ? 1 : 0},
                       {"NEG_IN_ACC", 1}},
                      (entries - 1.0) * w,
                      two_rates,
                      {"table_flat"},
                      [k, integer, symmetric](double r, int n, DataSource& d) {
                        return lookup_stimulus(k, integer, symmetric, r, n, d);
                      }});
    }
    // Integer half tables with the negation inside the lookup (NEG_IN_ACC = 0):
    // synthesis merges the negation into the read mux, so it is a leaf of its own.
    if (integer) {
      for (int k = 2; k <= 6; ++k) {
        const int w = entry_width(k, true);
        runs.push_back({ComponentId::kLookupNegInt,
                        "lut_lookup",
                        {"rtl/lut_lookup.sv"},
                        {{"K", k}, {"SYMMETRIC", 1}, {"TABLE_FORMAT", 1}, {"NEG_IN_ACC", 0}},
                        (table_geometry(k, true).table_entries() - 1.0) * w,
                        two_rates,
                        {"table_flat"},
                        [k](double r, int n, DataSource& d) {
                          return lookup_stimulus(k, true, true, r, n, d);
                        }});
      }
    }
  }
  for (const int w : {10, 11, 16}) {
    runs.push_back({ComponentId::kCondNegInt,
                    "mb_cond_neg_int",
                    {"blocks/mb_cond_neg_int.sv"},
                    {{"W", w}},
                    1.0 * w,
                    {1.0},
                    {"x"},
                    [w](double, int n, DataSource& d) { return cond_neg_stimulus(w, n, d); }});
    runs.push_back({ComponentId::kNegInt,
                    "mb_neg_int",
                    {"blocks/mb_neg_int.sv"},
                    {{"W", w}},
                    1.0 * w,
                    {1.0},
                    {},
                    [w](double, int n, DataSource& d) { return neg_stimulus(w, n, d); }});
  }
  for (const int w : {10, 16, 20}) {
    runs.push_back({ComponentId::kAddInt,
                    "mb_add_int",
                    {"blocks/mb_add_int.sv"},
                    {{"W", w}},
                    1.0 * w,
                    {1.0},
                    {"a"},
                    [w](double, int n, DataSource& d) { return add_int_stimulus(w, n, d); },
                    2});
  }
  runs.push_back({ComponentId::kAddFp16,
                  "fp16_add",
                  {"rtl/fp16_add.sv", "rtl/fp16_add_scaled.sv"},
                  {},
                  0,
                  {1.0},
                  {"a"},
                  [](double, int n, DataSource& d) { return add_fp16_stimulus(n, d); }});
  runs.push_back(
      {ComponentId::kAddFp16Signed,
       "fp16_add",
       {"rtl/fp16_add.sv", "rtl/fp16_add_scaled.sv"},
       {},
       0,
       {1.0, 0.5, 0.25},
       {"a"},
       [](double rate, int n, DataSource& d) { return add_fp16_signed_stimulus(rate, n, d); },
       101});  // its own data version: the same block and rates as add_fp16
  // The precompute leaf itself: its adders share operands (sibling prefix sums
  // prefix +- x_j, the last activation added to every prefix), which synthesis
  // exploits across the whole block. FP16 up to K = 4 (slow beyond).
  for (const bool integer : {false, true}) {
    for (int k = 2; k <= (integer ? 6 : 4); ++k) {
      const int adders = precompute_adders(k, TableForm::kSymmetricHalf);
      runs.push_back({integer ? ComponentId::kPrecomputeInt : ComponentId::kPrecomputeFp16,
                      "lut_table_precompute",
                      {"rtl/lut_table_precompute.sv", "rtl/fp16_add.sv", "rtl/fp16_add_scaled.sv"},
                      {{"K", k}, {"TABLE_FORMAT", integer ? 1 : 0}},
                      1.0 * adders,
                      {1.0},
                      {},
                      [k, integer](double, int n, DataSource& d) {
                        return precompute_stimulus(k, integer, n, d);
                      }});
    }
  }
  runs.push_back({ComponentId::kMulFp16,
                  "fp16_mul",
                  {"rtl/fp16_mul.sv"},
                  {},
                  0,
                  {1.0},
                  {},
                  [](double, int n, DataSource& d) { return mul_stimulus(false, n, d); }});
  runs.push_back({ComponentId::kMulInt8,
                  "mb_mul_int8",
                  {"blocks/mb_mul_int8.sv"},
                  {},
                  0,
                  {1.0},
                  {},
                  [](double, int n, DataSource& d) { return mul_stimulus(true, n, d); }});
  for (int s = 0; s <= 3; ++s) {
    runs.push_back({offset(ComponentId::kAccFp16S0, s),
                    "mb_acc_fp16",
                    {"blocks/mb_acc_fp16.sv", "rtl/fp16_add.sv", "rtl/fp16_add_scaled.sv"},
                    {{"SCALE_W", s}},
                    0,
                    {1.0},
                    {"b", "scale"},
                    [s](double, int n, DataSource& d) {
                      return accumulator_stimulus(false, 16, s, false, n, d);
                    }});
  }
  auto acc_int = [&](ComponentId id, int in_w, int s, bool neg) {
    runs.push_back({id,
                    "mb_acc_int",
                    {"blocks/mb_acc_int.sv"},
                    {{"IN_W", in_w}, {"SHIFT_W", s}, {"NEG", neg ? 1 : 0}},
                    1.0 * in_w,
                    {1.0},
                    {"b", "plane"},
                    [in_w, s, neg](double, int n, DataSource& d) {
                      return accumulator_stimulus(true, in_w, s, neg, n, d);
                    }});
  };
  acc_int(ComponentId::kAccIntS0, 16, 0, false);
  acc_int(ComponentId::kAccIntS0, 20, 0, false);
  for (int s = 1; s <= 3; ++s) {
    acc_int(offset(ComponentId::kAccIntS0, s), 11, s, false);
    acc_int(offset(ComponentId::kAccIntNegS1, s - 1), 11, s, true);
  }
  for (int w = 1; w <= 8; ++w) {
    runs.push_back({offset(ComponentId::kCtrlW1, w - 1),
                    "lut_ctrl",
                    {"rtl/lut_ctrl.sv"},
                    {{"W_BIT", w}},
                    0,
                    {1.0},
                    {},
                    [w](double, int n, DataSource&) { return ctrl_stimulus(w, n); }});
  }
  return runs;
}

// ---- measuring one run ---------------------------------------------------------

std::string parameter_text(const std::vector<std::pair<std::string, long long>>& p) {
  std::string s;
  for (const auto& [name, value] : p)
    s += (s.empty() ? "" : " ") + name + "=" + std::to_string(value);
  return s;
}

std::string port_of(const std::string& bit_name) {
  return bit_name.substr(0, bit_name.find('['));
}

struct RunPower {
  double leakage_w = 0;
  double energy_pj = 0;       // per cycle, driven-port nets included
  double port_energy_pj = 0;  // of which the driven-port nets
};

RunPower simulate_run(const BlockRun& run, const SynthesisResult& syn, const Stimulus& stimulus,
                      const FitOptions& o, const std::filesystem::path& work_dir) {
  const LibertyLibrary& lib = cached_liberty_library(o.library.liberty);
  const GateNetlist nl = GateNetlist::read(syn.netlist, syn.top, library_pin_directions(lib));
  const double period_s = 1.0 / (o.clock_mhz * 1e6);
  // The VCD reader refuses a simulation cut short (a VCD that ends before the window does).
  const NetlistActivity activity = activity_simulator(o.activity_simulator)(
      {lib, nl, syn.netlist, o.library.cell_models, stimulus, period_s, work_dir});
  PowerOptions options;
  options.clock_period_s = period_s;
  options.input_slew_s = o.input_slew_s;
  const PowerReport report = compute_power(lib, nl, activity, options);

  // Switching of the nets of driven input ports, charged as the power calculator charges a
  // cell-driven net with the same options: load pins (plus a wire load only when the options
  // ask for one; the full flow the model is validated against uses none).
  double port_j = 0;
  const WireLoadModel* wire = options.wire_load ? lib.default_wire_load() : nullptr;
  const double v = lib.nominal_voltage_v();
  for (const Net& net : nl.nets()) {
    if (!net.has_driver || net.driver.instance != NetPin::kTopPort || net.constant >= 0) continue;
    const std::string port = port_of(net.driver.pin);
    if (std::find(run.driven_ports.begin(), run.driven_ports.end(), port) ==
        run.driven_ports.end()) {
      continue;
    }
    double c = 0;
    for (const NetPin& load : net.loads) {
      const LibertyPin* pin =
          lib.cell(nl.instances()[static_cast<std::size_t>(load.instance)].cell_type)
              .find_pin(load.pin);
      if (pin) c += pin->capacitance_f;
    }
    const int fanout = static_cast<int>(net.loads.size()) + (net.drives_output_port ? 1 : 0);
    if (wire) c += wire->wire_capacitance_f(fanout);
    port_j +=
        0.5 * v * v * c * activity.nets[static_cast<std::size_t>(&net - &nl.nets()[0])].transitions;
  }
  const double cycles = std::max(1, stimulus.cycles - stimulus.warmup_cycles);
  RunPower r;
  r.leakage_w = report.leakage_w;
  r.port_energy_pj = port_j / cycles * 1e12;
  r.energy_pj = (report.internal_w + report.switching_w) * period_s * 1e12 + r.port_energy_pj;
  return r;
}

// Simulates (or reuses the cached result of) one run at one rate.
RunPower run_power(const BlockRun& run, const SynthesisResult& syn, double rate, int index,
                   const FitOptions& o) {
  std::ostringstream key;
  key << "mb_power_" << kStimulusVersion;
  if (run.data_version > 1) key << "." << run.data_version;
  key << "_" << o.clock_mhz << "MHz_" << o.cycles << "cyc_seed" << o.seed << "_rate" << rate;
  if (o.input_slew_s > 0) key << "_slew" << o.input_slew_s * 1e12 << "ps";
  const std::filesystem::path cached = syn.work_dir / (key.str() + ".json");
  if (std::filesystem::exists(cached)) {
    const nlohmann::json j = nlohmann::json::parse(read_text_file(cached));
    return {j.at("leakage_w"), j.at("energy_pj"), j.at("port_energy_pj")};
  }
  std::mt19937_64 rng(o.seed * 1000003u + static_cast<std::uint64_t>(index));
  DataSource data(rng);
  const Stimulus stimulus = run.stimulus(rate, o.cycles, data);
  const RunPower r = simulate_run(run, syn, stimulus, o, syn.work_dir / key.str());
  const nlohmann::json j = {
      {"leakage_w", r.leakage_w}, {"energy_pj", r.energy_pj}, {"port_energy_pj", r.port_energy_pj}};
  write_file_atomically(cached, j.dump(2) + "\n");
  return r;
}

std::string yosys_version(const FitOptions& o) {
  try {
    std::string v = run_tool({"yosys", {"-V"}, o.cache_dir / "tool_versions", "yosys_version.log"});
    while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.pop_back();
    return v;
  } catch (const ToolError&) {
    return "yosys (version unknown)";
  }
}

}  // namespace

std::string fit_stimulus_description() {
  return "Micro-blocks see the data of the designs (design_stimulus conventions): activations "
         "N(0,1) as binary16 or INT8 codes round(32x) clamped to +-127; golden tables "
         "(precompute_table) of K = 4 activations unless the block's K says otherwise; random "
         "weight bits, so lookups take a random index every cycle; MAC products of activations "
         "and odd weights 2c-3 of random 2-bit codes; integer adder operands: a sum of two "
         "+-activations and one +-activation (INT8 codes). "
         "Bit-serial accumulators: planes 0..2^SHIFT_W-1, a new table per group, dot products of "
         "8 groups; MAC accumulators: tree roots of K = 4 products, 8 per dot product. Table "
         "registers: written every 1/rate cycles, write data zero between writes. "
         "Combinational blocks: no clock, inputs applied once per clock period. Energy per "
         "cycle includes the switching of input nets that other components drive inside the "
         "designs (lookup table, accumulator operand and plane, adder partial sum, negation "
         "input). Zero-delay gate-level simulation: no glitch power.";
}

ComponentTable fit_component_table(const FitOptions& o) {
  ComponentTable table;
  TableProvenance& p = table.provenance;
  p.library = o.library.name;
  p.library_description = o.library.description;
  p.synthesis_flow = yosys_version(o) +
                     ": read_verilog -sv; synth -top <top> -flatten; dfflibmap -liberty; "
                     "abc -liberty; opt_clean -purge; stat -liberty (ppa::synthesize)";
  p.power_flow =
      o.activity_simulator +
      " zero-delay gate-level simulation (ppa::activity_simulator), "
      "OpenSTA-2.4-style internal + switching + leakage (ppa::compute_power), no wire load "
      "(net load = pin capacitance, as the full flow)";
  const RunRecord record = make_run_record("lutsim_ppa_fit", nlohmann::json::object());
  p.git_revision = record.git_revision;
  p.created_utc = record.created_utc;
  p.clock_mhz = o.clock_mhz;
  p.cycles = o.cycles;
  p.warmup_cycles = kWarmupCycles;
  p.seed = o.seed;
  p.stimulus = fit_stimulus_description();

  const std::vector<BlockRun> runs = micro_blocks();
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const BlockRun& run = runs[i];
    if (!o.only.empty() && std::find(o.only.begin(), o.only.end(), run.id) == o.only.end())
      continue;
    SynthesisRequest req;
    req.top = run.top;
    for (const std::string& f : run.files) {
      req.sources.push_back(f.starts_with("rtl/") ? o.rtl_dir / f.substr(4)
                                                  : o.blocks_dir / f.substr(7));
    }
    req.parameters = run.parameters;
    req.library = o.library;
    req.cache_dir = o.cache_dir;
    const SynthesisResult syn = synthesize(req);
    for (const double rate : run.rates) {
      const RunPower pw = run_power(run, syn, rate, static_cast<int>(i), o);
      FitPoint pt{
          run.top,     parameter_text(run.parameters), run.size, rate, syn.area_um2, pw.leakage_w,
          pw.energy_pj};
      table.fit(run.id).points.push_back(pt);
      if (o.progress) {
        std::ostringstream line;
        line << component_name(run.id) << " " << run.top << " " << pt.parameters << " rate " << rate
             << ": " << syn.area_um2 << " um2, " << pw.energy_pj << " pJ/cycle (ports "
             << pw.port_energy_pj << "), leakage " << pw.leakage_w * 1e6 << " uW";
        o.progress(line.str());
      }
    }
  }
  fit_components(table);
  return table;
}

}  // namespace lutsim::ppa
