#include "ppa/design/design_stimulus.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "core/numerics/fp8.hpp"
#include "ppa/power/stimulus_builder.hpp"

namespace lutsim::ppa {
namespace {

constexpr int kResetCycles = 2;
constexpr int kWarmupCycles = 8;
constexpr int kGroupsPerDot = 8;

// One activation drawn from N(0, 1) in the design's format: the value the
// golden model sees and the bits the RTL port takes.
struct Activation {
  double value;
  std::uint64_t bits;
};

Activation draw_activation(DataType type, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  const double x = normal(rng);
  switch (type) {
    case DataType::kFp16: {
      const Fp16 h = Fp16::from_double(x);
      return {h.to_double(), h.bits()};
    }
    case DataType::kFp8E4M3: {
      const double v =
          fp8_decode(Fp8Format::kE4M3, fp8_encode(Fp8Format::kE4M3, x, Fp8Overflow::kSaturate));
      return {v, Fp16::from_double(v).bits()};
    }
    case DataType::kInt8: {
      const double q = std::clamp(std::nearbyint(32.0 * x), -127.0, 127.0);
      return {q, static_cast<std::uint64_t>(static_cast<std::int64_t>(q)) & 0xFFu};
    }
    default:
      require_one_of(type, kDesignActivationTypes, "design_stimulus activation");
      throw std::logic_error("design_stimulus: no draw for a modelled activation type");
  }
}

int activation_width(const DesignPoint& d) {
  return integer_datapath(d) ? 8 : 16;
}
int entry_width(const DesignPoint& d) {
  if (!integer_datapath(d)) return 16;
  return static_cast<int>(std::ceil(std::log2(128.0 * d.geometry.k + 1))) + 1;
}

LutGemmConfig golden_config(const DesignPoint& d) {
  LutGemmConfig c;
  c.weight_bits = d.weight_bits;
  c.geometry = {.k = d.geometry.k, .table_form = d.geometry.table_form};
  c.activation = d.activation;
  c.table_format = integer_datapath(d) ? TableEntryFormat::kInteger : TableEntryFormat::kFp16;
  c.accumulator = integer_datapath(d) ? DataType::kInt32 : DataType::kFp16;
  return c;
}

// The table of K activations as the table port's bits, written at `lsb`.
void put_table(PortBits& port, int lsb, const std::vector<Activation>& x, const DesignPoint& d) {
  std::vector<double> values;
  for (const Activation& a : x) values.push_back(a.value);
  const LutTable t = precompute_table(values, golden_config(d));
  const int w = entry_width(d);
  for (std::size_t e = 0; e < t.entries.size(); ++e) {
    const std::uint64_t bits =
        integer_datapath(d) ? static_cast<std::uint64_t>(static_cast<std::int64_t>(t.entries[e]))
                            : Fp16::from_double(t.entries[e]).bits();
    port.put(lsb + static_cast<int>(e) * w, w, bits & ((std::uint64_t{1} << w) - 1));
  }
}

void put_activations(PortBits& port, int lsb, const std::vector<Activation>& x, int width) {
  for (std::size_t i = 0; i < x.size(); ++i)
    port.put(lsb + static_cast<int>(i) * width, width, x[i].bits);
}

std::vector<Activation> draw_group(const DesignPoint& d, int count, std::mt19937_64& rng) {
  std::vector<Activation> x;
  for (int i = 0; i < count; ++i) x.push_back(draw_activation(d.activation, rng));
  return x;
}

// Bit-serial designs (LUT units, elements and arrays, ADD): one weight plane per cycle.
Stimulus bit_serial_stimulus(const DesignPoint& d, int cycles, std::mt19937_64& rng) {
  const bool array = d.kind == DesignKind::kLutArray;
  const int rows = array ? d.geometry.m : 1;
  const int cols = array ? d.geometry.n : 1;
  const int k = d.geometry.k;
  const int w_bit = d.weight_bits;
  const int table_bits = d.geometry.table_entries() * entry_width(d);
  const int x_bits = k * activation_width(d);
  // How the group's table or activations reach the design: a table written into the
  // design's table register (LUT unit, array), activations written into a unit that
  // precomputes its own table, a table held on the element's input for the group's W_BIT
  // cycles (lut_pe: the table register's output), or activations held (ADD).
  enum class Feed { kTableWrite, kActivationWrite, kTableHeld, kActivationsHeld };
  const Feed feed = d.kind == DesignKind::kLutDotUnit || array    ? Feed::kTableWrite
                    : d.kind == DesignKind::kLutDotUnitPrecompute ? Feed::kActivationWrite
                    : d.kind == DesignKind::kLutPe                ? Feed::kTableHeld
                                                                  : Feed::kActivationsHeld;
  const bool element = feed == Feed::kTableHeld;
  const std::string valid = element ? "valid" : "in_valid";
  const std::string first = element ? "first" : "in_first";
  const std::string idx_port = element ? "idx" : "in_idx";
  std::vector<std::pair<std::string, int>> ports = {
      {"rst", 1}, {valid, 1}, {first, 1}, {idx_port, cols * k}};
  switch (feed) {
    case Feed::kTableWrite:
      ports.push_back({"in_last", 1});
      ports.push_back({"tbl_wr_en", rows});
      ports.push_back({"tbl_wr_data", rows * table_bits});
      break;
    case Feed::kActivationWrite:
      ports.push_back({"in_last", 1});
      ports.push_back({"tbl_wr_en", 1});
      ports.push_back({"tbl_x", x_bits});
      break;
    case Feed::kTableHeld:
      ports.push_back({"table_flat", table_bits});
      ports.push_back({"plane", w_bit > 1 ? static_cast<int>(std::ceil(std::log2(w_bit))) : 1});
      break;
    case Feed::kActivationsHeld:
      ports.push_back({"in_last", 1});
      ports.push_back({"in_x", x_bits});
      break;
  }
  StimulusBuilder wf(cycles, kWarmupCycles, ports);
  std::uniform_int_distribution<std::uint64_t> code(0, (std::uint64_t{1} << w_bit) - 1);

  // Group g's activations (per row) and weight codes (per column and activation).
  auto draw_rows = [&] {
    std::vector<std::vector<Activation>> x;
    for (int m = 0; m < rows; ++m) x.push_back(draw_group(d, k, rng));
    return x;
  };
  std::vector<std::vector<Activation>> x_now = draw_rows(), x_next = draw_rows();
  std::vector<std::uint64_t> w(static_cast<std::size_t>(cols * k));
  // Writes the next group's table (or activations) in cycle c: it serves from c + 1.
  auto write_next = [&](int c, const std::vector<std::vector<Activation>>& x) {
    if (feed == Feed::kTableWrite) {
      PortBits data(rows * table_bits);
      for (int m = 0; m < rows; ++m) put_table(data, m * table_bits, x[m], d);
      wf.set(c, "tbl_wr_en", (std::uint64_t{1} << rows) - 1);
      wf.set(c, "tbl_wr_data", data);
    } else if (feed == Feed::kActivationWrite) {
      PortBits xs(x_bits);
      put_activations(xs, 0, x[0], activation_width(d));
      wf.set(c, "tbl_wr_en", 1);
      wf.set(c, "tbl_x", xs);
    }
  };
  const int start = kResetCycles + 1;  // first index; the first table is written the cycle before
  for (int c = 0; c < cycles; ++c) {
    wf.set(c, "rst", c < kResetCycles ? 1 : 0);
    if (c < start) {
      if (c == start - 1) write_next(c, x_now);
      continue;
    }
    const int step = c - start;
    const int plane = step % w_bit;
    const int group = step / w_bit;
    if (plane == 0) {
      if (group > 0) {
        x_now = std::move(x_next);
        x_next = draw_rows();
      }
      for (auto& v : w) v = code(rng);
    }
    PortBits idx(cols * k);
    for (int n = 0; n < cols; ++n) {
      for (int i = 0; i < k; ++i) idx.put(n * k + i, 1, (w[n * k + i] >> plane) & 1u);
    }
    wf.set(c, valid, 1);
    wf.set(c, first, plane == 0 && group % kGroupsPerDot == 0);
    wf.set(c, idx_port, idx);
    if (!element) {
      wf.set(c, "in_last", plane == w_bit - 1 && group % kGroupsPerDot == kGroupsPerDot - 1);
    }
    if (plane == w_bit - 1) write_next(c, x_next);
    if (feed == Feed::kTableHeld) {
      PortBits table(table_bits);
      put_table(table, 0, x_now[0], d);
      wf.set(c, "table_flat", table);
      wf.set(c, "plane", static_cast<std::uint64_t>(plane));
    } else if (feed == Feed::kActivationsHeld) {
      PortBits xs(x_bits);
      put_activations(xs, 0, x_now[0], activation_width(d));
      wf.set(c, "in_x", xs);
    }
  }
  return wf.take();
}

// A weight code widened to the MAC's operand: for FP16/FP8 activations the dequantized
// weight s (2c - (2^b - 1)) in binary16, with s the column's group scale; for INT8 the
// signed integer code (W8A8-style integer weights).
std::uint64_t mac_weight_bits(const DesignPoint& d, std::uint64_t c, double scale) {
  const std::int64_t v =
      2 * static_cast<std::int64_t>(c) - ((std::int64_t{1} << d.weight_bits) - 1);
  if (integer_datapath(d))
    return static_cast<std::uint64_t>(std::clamp<std::int64_t>(v, -128, 127)) & 0xFFu;
  return Fp16::from_double(scale * static_cast<double>(v)).bits();
}

// MAC designs: new activations and weights every cycle.
Stimulus mac_stimulus(const DesignPoint& d, int cycles, std::mt19937_64& rng) {
  const bool array = d.kind == DesignKind::kMacArray;
  const int rows = array ? d.geometry.m : 1;
  const int cols = array ? d.geometry.n : 1;
  const int k = d.geometry.k;
  const int w = activation_width(d);
  StimulusBuilder wf(cycles, kWarmupCycles,
                     {{"rst", 1},
                      {"in_valid", 1},
                      {"in_first", 1},
                      {"in_last", 1},
                      {"a_flat", rows * k * w},
                      {"b_flat", cols * k * w}});
  std::uniform_int_distribution<std::uint64_t> code(0, (std::uint64_t{1} << d.weight_bits) - 1);
  // Per-column group scales of the dequantized weights, drawn anew for every dot product.
  std::uniform_real_distribution<double> scale_draw(1.0 / 64, 1.0 / 32);
  std::vector<double> scale(static_cast<std::size_t>(cols));
  for (int c = 0; c < cycles; ++c) {
    wf.set(c, "rst", c < kResetCycles ? 1 : 0);
    if (c < kResetCycles) continue;
    const int step = c - kResetCycles;
    if (step % kGroupsPerDot == 0) {
      for (double& sc : scale) sc = scale_draw(rng);
    }
    PortBits a(rows * k * w), b(cols * k * w);
    for (int m = 0; m < rows; ++m) put_activations(a, m * k * w, draw_group(d, k, rng), w);
    for (int i = 0; i < cols * k; ++i) {
      b.put(i * w, w, mac_weight_bits(d, code(rng), scale[static_cast<std::size_t>(i / k)]));
    }
    wf.set(c, "in_valid", 1);
    wf.set(c, "in_first", step % kGroupsPerDot == 0);
    wf.set(c, "in_last", step % kGroupsPerDot == kGroupsPerDot - 1);
    wf.set(c, "a_flat", a);
    wf.set(c, "b_flat", b);
  }
  return wf.take();
}

// The precompute block: a new activation group every cycle (clocked when pipelined; its
// registers hold data only, filled within the warm-up).
Stimulus precompute_stimulus(const DesignPoint& d, int cycles, std::mt19937_64& rng) {
  const int k = d.geometry.k;
  const int w = activation_width(d);
  StimulusBuilder wf(cycles, kWarmupCycles, {{"x_flat", k * w}});
  if (d.pipeline_stages == 0) wf.combinational();
  for (int c = 0; c < cycles; ++c) {
    PortBits x(k * w);
    put_activations(x, 0, draw_group(d, k, rng), w);
    wf.set(c, "x_flat", x);
  }
  return wf.take();
}

}  // namespace

Stimulus design_stimulus(const DesignPoint& design, int cycles, std::uint64_t seed) {
  design.validate();
  if (cycles <= kWarmupCycles) {
    throw std::invalid_argument("design_stimulus: cycles must exceed the " +
                                std::to_string(kWarmupCycles) + " warm-up cycles");
  }
  std::mt19937_64 rng(seed);
  switch (design.kind) {
    case DesignKind::kLutDotUnit:
    case DesignKind::kLutDotUnitPrecompute:
    case DesignKind::kLutPe:
    case DesignKind::kLutArray:
    case DesignKind::kAddDotUnit:
      return bit_serial_stimulus(design, cycles, rng);
    case DesignKind::kMacDotUnit:
    case DesignKind::kMacArray:
      return mac_stimulus(design, cycles, rng);
    case DesignKind::kTablePrecompute:
      return precompute_stimulus(design, cycles, rng);
  }
  throw std::invalid_argument("design_stimulus: no stimulus for " + design.label());
}

}  // namespace lutsim::ppa
