#include "tests/rtl/lut_tile_driver.hpp"

#include <bit>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/quantized_weights.hpp"
#include "core/numerics/fp16.hpp"

namespace lutsim::rtl_bench {
namespace {

constexpr double kBubbleProbability = 0.1;
// Probability that all next-group tables are written with a group's last index
// (otherwise each row is, with probability 1/2, and the rest in later bubbles).
constexpr double kEarlyWriteProbability = 0.8;
constexpr double kBubbleWriteProbability = 0.7;  // per missing row and bubble
constexpr int kMaxGroups = 4;

double fp16_value(std::uint16_t bits) {
  return Fp16::from_bits(bits).to_double();
}

// Activation distributions of one problem (FP16 activations).
enum class Fp16Mode { kNormal, kAnyFinite, kHuge, kTiny, kCancel, kSpecials };

double random_fp16(std::mt19937_64& rng, Fp16Mode mode, double cancel_base) {
  std::uniform_int_distribution<int> bit(0, 1);
  std::uniform_int_distribution<int> mantissa(0, 0x3FF);
  const auto with_fields = [&](int exp_lo, int exp_hi) {
    const int exp = std::uniform_int_distribution<int>(exp_lo, exp_hi)(rng);
    return fp16_value(static_cast<std::uint16_t>((bit(rng) << 15) | (exp << 10) | mantissa(rng)));
  };
  const auto normal = [&] {
    const double v = std::normal_distribution<double>(0.0, 1.0)(rng);
    const int scale = std::uniform_int_distribution<int>(-16, 8)(rng);
    return Fp16::from_double(std::ldexp(v, scale)).to_double();
  };
  switch (mode) {
    case Fp16Mode::kNormal:
      return normal();
    case Fp16Mode::kAnyFinite:
      return with_fields(0, 30);
    case Fp16Mode::kHuge:
      return with_fields(24, 30);
    case Fp16Mode::kTiny:
      return with_fields(0, 2);
    case Fp16Mode::kCancel: {
      const double v = bit(rng) ? cancel_base : 2.0 * cancel_base;
      return bit(rng) ? v : -v;
    }
    case Fp16Mode::kSpecials: {
      static constexpr std::uint16_t kSpecials[] = {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7BFF,
                                                    0xFBFF, 0x0001, 0x8001, 0x0400, 0x8400};
      if (std::uniform_real_distribution<double>(0.0, 1.0)(rng) < 0.25) {
        return fp16_value(kSpecials[std::uniform_int_distribution<std::size_t>(0, 9)(rng)]);
      }
      return normal();
    }
  }
  return 0.0;
}

double random_int8(std::mt19937_64& rng, int mode) {
  static constexpr int kExtremes[] = {-128, -127, -1, 0, 1, 127};
  switch (mode) {
    case 0:
      return std::uniform_int_distribution<int>(-128, 127)(rng);
    case 1:
      return kExtremes[std::uniform_int_distribution<std::size_t>(0, 5)(rng)];
    default:
      return std::uniform_int_distribution<int>(-3, 3)(rng);
  }
}

// Bits of plane j of the weight codes of group g for column n (as lut_mpgemm).
unsigned plane_index(const QuantizedWeights& w, int n, int g, int j, int k) {
  unsigned idx = 0;
  for (int i = 0; i < k; ++i) idx |= ((w.code(n, g * k + i) >> j) & 1u) << i;
  return idx;
}

}  // namespace

int TileShape::entry_width() const {
  if (quantized) return 8;
  if (!integer_tables) return 16;
  // clog2(128 * k + 1) + 1: entries are sums within +-128 k.
  return std::bit_width(static_cast<unsigned>(128 * geometry.k)) + 1;
}

std::string TileShape::name() const {
  const bool sym_full = geometry.table_form == TableForm::kSymmetricFull;
  std::string full = " full";
  if (precompute) full = sym_full ? " sym-full" : " unsigned-full";
  if (quantized) full = " full";
  const int k = geometry.k;
  const std::string k_name =
      pair ? std::to_string(2 * k) + "(2xK" + std::to_string(k) + ")" : std::to_string(k);
  return "M" + std::to_string(geometry.m) + "N" + std::to_string(geometry.n) + "K" + k_name + " W" +
         std::to_string(w_bit) + (integer_tables ? " int" : " fp16") +
         (quantized ? " int8-quantized" : "") + (half_tables() ? " half" : full) +
         (neg_in_acc ? " neg-in-acc" : "") + (precompute ? " precompute" : "");
}

TileShape decode_cfg_info(std::uint32_t word) {
  TileShape s;
  s.geometry.m = static_cast<int>(word & 0xFFu);
  s.geometry.n = static_cast<int>((word >> 8) & 0xFFu);
  s.geometry.k = static_cast<int>((word >> 16) & 0xFu);
  s.w_bit = static_cast<int>((word >> 20) & 0xFu);
  s.integer_tables = ((word >> 24) & 1u) != 0;
  s.neg_in_acc = ((word >> 26) & 1u) != 0;
  s.precompute = ((word >> 27) & 1u) != 0;
  const bool half = ((word >> 25) & 1u) != 0;
  const bool full_signed = ((word >> 28) & 1u) != 0;
  s.geometry.table_form = half          ? TableForm::kSymmetricHalf
                          : full_signed ? TableForm::kSymmetricFull
                                        : TableForm::kUnsignedFull;
  s.pair = ((word >> 29) & 1u) != 0;
  s.quantized = ((word >> 30) & 1u) != 0;
  return s;
}

struct TileDriver::Problem {
  std::int64_t id = 0;
  int groups = 1;
  LutGemmConfig cfg;
  Matrix x;
  QuantizedWeights w;
  std::vector<LutTable> tables;  // [m * groups + g]
  Matrix expected;               // lut_mpgemm accumulators

  const LutTable& table(int m, int g) const {
    return tables[static_cast<std::size_t>(m * groups + g)];
  }
};

TileDriver::TileDriver(TileShape shape, std::uint64_t seed)
    : shape_(shape),
      rng_(seed),
      row_table_id_(static_cast<std::size_t>(shape.geometry.m), {-1, -1}),
      row_table_(static_cast<std::size_t>(shape.geometry.m)),
      row_table_cfg_(static_cast<std::size_t>(shape.geometry.m)),
      acc_(static_cast<std::size_t>(shape.geometry.m * shape.geometry.n), 0u),
      group_sum_(static_cast<std::size_t>(shape.geometry.m * shape.geometry.n), 0.0) {
  current_ = make_problem();
  upcoming_ = make_problem();
}

TileDriver::~TileDriver() = default;
TileDriver::TileDriver(TileDriver&&) noexcept = default;
TileDriver& TileDriver::operator=(TileDriver&&) noexcept = default;

LutGemmConfig TileDriver::golden_config(TableForm form) const {
  LutGemmConfig cfg;
  cfg.weight_bits = shape_.w_bit;
  cfg.geometry.k = shape_.geometry.k;
  cfg.geometry.table_form = form;
  if (shape_.integer_tables) {
    cfg.activation = DataType::kInt8;
    cfg.table_format = TableEntryFormat::kInteger;
    cfg.accumulator = DataType::kInt32;
  } else {
    cfg.activation = DataType::kFp16;
    cfg.table_format =
        shape_.quantized ? TableEntryFormat::kInt8Quantized : TableEntryFormat::kFp16;
    cfg.accumulator = DataType::kFp16;
  }
  return cfg;
}

std::unique_ptr<TileDriver::Problem> TileDriver::make_problem() {
  auto p = std::make_unique<Problem>();
  p->id = static_cast<std::int64_t>(next_problem_id_++);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double u = unit(rng_);
  p->groups = u < 0.5 ? 1 : u < 0.75 ? 2 : std::uniform_int_distribution<int>(3, kMaxGroups)(rng_);
  if (shape_.pair) p->groups = u < 0.6 ? 2 : 4;  // whole passes of two groups

  // A full-table unit serves both full forms (a precompute unit the one it
  // computes); the half table is the symmetric form.
  TableForm form = shape_.geometry.table_form;
  if (!shape_.half_tables() && !shape_.precompute) {
    form = unit(rng_) < 0.5 ? TableForm::kUnsignedFull : TableForm::kSymmetricFull;
  }
  p->cfg = golden_config(form);

  const int k_total = p->groups * shape_.geometry.k;
  p->x = Matrix(shape_.geometry.m, k_total);
  if (shape_.integer_tables) {
    const int mode = std::discrete_distribution<int>({80, 10, 10})(rng_);
    for (int m = 0; m < shape_.geometry.m; ++m) {
      for (int k = 0; k < k_total; ++k) p->x(m, k) = random_int8(rng_, mode);
    }
  } else {
    const auto mode =
        static_cast<Fp16Mode>(std::discrete_distribution<int>({35, 20, 10, 10, 10, 15})(rng_));
    const double cancel_base = random_fp16(rng_, Fp16Mode::kNormal, 0.0);
    for (int m = 0; m < shape_.geometry.m; ++m) {
      for (int k = 0; k < k_total; ++k) p->x(m, k) = random_fp16(rng_, mode, cancel_base);
    }
  }

  p->w.rows = shape_.geometry.n;
  p->w.cols = k_total;
  p->w.bits = shape_.w_bit;
  p->w.scale.assign(static_cast<std::size_t>(shape_.geometry.n), 1.0);
  p->w.zero_point.assign(static_cast<std::size_t>(shape_.geometry.n), 0.0);
  const int max_code = (1 << shape_.w_bit) - 1;
  const bool constant_codes = unit(rng_) < 0.05;
  const int constant = unit(rng_) < 0.5 ? 0 : max_code;
  std::uniform_int_distribution<int> code(0, max_code);
  for (int i = 0; i < shape_.geometry.n * k_total; ++i) {
    p->w.codes.push_back(static_cast<std::uint8_t>(constant_codes ? constant : code(rng_)));
  }

  for (int m = 0; m < shape_.geometry.m; ++m) {
    for (int g = 0; g < p->groups; ++g) {
      std::vector<double> group(static_cast<std::size_t>(shape_.geometry.k));
      for (int i = 0; i < shape_.geometry.k; ++i)
        group[static_cast<std::size_t>(i)] = p->x(m, g * shape_.geometry.k + i);
      p->tables.push_back(precompute_table(group, p->cfg));
    }
  }
  // Quantized tables must be representable: INT8 codes and a finite scale
  // (infinite or NaN entries, or a scale that underflows to 0, give NaN or
  // infinite codes in the golden model). Draw again otherwise.
  if (shape_.quantized) {
    for (const LutTable& t : p->tables) {
      bool ok = std::isfinite(t.scale) && t.scale > 0.0;
      for (double e : t.entries) ok = ok && std::isfinite(e);
      if (!ok) return make_problem();
    }
  }
  p->expected = lut_mpgemm(p->x, p->w, p->cfg).accumulators;
  return p;
}

std::uint32_t TileDriver::entry_bits(double entry) const {
  if (shape_.quantized) return static_cast<std::uint32_t>(static_cast<std::int32_t>(entry)) & 0xFFu;
  if (!shape_.integer_tables) return Fp16::from_double(entry).bits();
  const auto value = static_cast<std::int64_t>(entry);
  return static_cast<std::uint32_t>(value) & ((1u << shape_.entry_width()) - 1u);
}

void TileDriver::stage_table_write(int row, const Problem& problem, int pass) {
  auto& bits = in_.table_bits[static_cast<std::size_t>(row)];
  auto& x = in_.table_x[static_cast<std::size_t>(row)];
  bits.clear();
  x.clear();
  const int per_pass = shape_.groups_per_pass();
  for (int group = pass * per_pass; group < (pass + 1) * per_pass; ++group) {
    const LutTable& table = problem.table(row, group);
    for (double e : table.entries) bits.push_back(entry_bits(e));
    if (shape_.quantized) {
      const std::uint16_t scale = Fp16::from_double(table.scale).bits();
      bits.push_back(scale & 0xFFu);
      bits.push_back(scale >> 8);
    }
    for (int i = 0; i < shape_.geometry.k; ++i) {
      const double v = problem.x(row, group * shape_.geometry.k + i);
      x.push_back(shape_.integer_tables
                      ? static_cast<std::uint32_t>(static_cast<std::int32_t>(v)) & 0xFFu
                      : Fp16::from_double(v).bits());
    }
  }
  in_.table_write[static_cast<std::size_t>(row)] = true;
  writes_.push_back({row, &problem, pass});
}

const CycleInputs& TileDriver::next_inputs(bool in_reset) {
  const auto m_count = static_cast<std::size_t>(shape_.geometry.m);
  in_.valid = in_.first = in_.last = false;
  in_.idx.assign(static_cast<std::size_t>(shape_.geometry.n), 0u);
  in_.table_write.assign(m_count, false);
  in_.table_bits.assign(m_count, {});
  in_.table_x.assign(m_count, {});
  writes_.clear();
  in_reset_ = in_reset;
  std::uniform_real_distribution<double> unit(0.0, 1.0);

  // Don't-care inputs carry junk: bubbles must ignore first, last and idx, and
  // a reset must win over whatever is on the inputs.
  in_.first = unit(rng_) < 0.5;
  in_.last = unit(rng_) < 0.5;
  for (auto& i : in_.idx) i = static_cast<unsigned>(rng_() & ((1u << shape_.index_width()) - 1u));
  if (in_reset) {
    in_.valid = unit(rng_) < 0.5;
    return in_;
  }

  const int per_pass = shape_.groups_per_pass();
  const int pass_steps = per_pass * shape_.w_bit;
  const int pass = step_ / pass_steps;
  std::vector<int> missing;
  for (int m = 0; m < shape_.geometry.m; ++m) {
    if (row_table_id_[static_cast<std::size_t>(m)] != std::pair{current_->id, pass})
      missing.push_back(m);
  }
  if (!missing.empty()) {  // a bubble that loads (some of) the tables still missing
    bool any = false;
    for (int m : missing) {
      if (unit(rng_) < kBubbleWriteProbability) {
        stage_table_write(m, *current_, pass);
        any = true;
      }
    }
    if (!any) stage_table_write(missing.front(), *current_, pass);
    return in_;
  }
  if (unit(rng_) < kBubbleProbability) return in_;

  in_.valid = true;
  in_.first = step_ == 0;
  in_.last = step_ + per_pass == current_->groups * shape_.w_bit;
  for (int n = 0; n < shape_.geometry.n; ++n) {
    unsigned idx = 0;
    for (int q = 0; q < per_pass; ++q) {  // slot q: canonical step step_ + q
      const int s = step_ + q;
      idx |= plane_index(current_->w, n, s / shape_.w_bit, s % shape_.w_bit, shape_.geometry.k)
             << (q * shape_.geometry.k);
    }
    in_.idx[static_cast<std::size_t>(n)] = idx;
  }
  if ((step_ + per_pass) % pass_steps == 0) {  // next pass's tables may ride on its last cycle
    const bool next_problem = in_.last;
    const bool all_rows = unit(rng_) < kEarlyWriteProbability;
    for (int m = 0; m < shape_.geometry.m; ++m) {
      if (all_rows || unit(rng_) < 0.5) {
        stage_table_write(m, next_problem ? *upcoming_ : *current_, next_problem ? 0 : pass + 1);
      }
    }
  }
  return in_;
}

// Quantized tables: the planes of a group are summed exactly, then
// acc <- fp16_round(acc + fp16_round(scale * sum)) at the group's last plane;
// the accumulator reads +0 from the first index of a dot product on.
void TileDriver::accumulate_quantized() {
  const int plane = step_ % shape_.w_bit;
  for (int m = 0; m < shape_.geometry.m; ++m) {
    const LutTable& table = row_table_[static_cast<std::size_t>(m)][0];
    const auto& cfg = row_table_cfg_[static_cast<std::size_t>(m)];
    for (int n = 0; n < shape_.geometry.n; ++n) {
      const auto i = static_cast<std::size_t>(m * shape_.geometry.n + n);
      if (in_.first) acc_[i] = 0u;
      if (plane == 0) group_sum_[i] = 0.0;
      const unsigned idx = in_.idx[static_cast<std::size_t>(n)];
      group_sum_[i] += std::ldexp(table_lookup(table, idx, cfg), plane);
      if (plane == shape_.w_bit - 1) {
        const double dequantized = fp16_round(table.scale * group_sum_[i]).to_double();
        acc_[i] = fp16_round(fp16_value(static_cast<std::uint16_t>(acc_[i])) + dequantized).bits();
      }
    }
  }
}

void TileDriver::accumulate() {
  if (shape_.quantized) {
    accumulate_quantized();
    return;
  }
  const int per_pass = shape_.groups_per_pass();
  for (int q = 0; q < per_pass; ++q) {  // the cycle's canonical steps, in order
    const int s = step_ + q;
    const int plane = s % shape_.w_bit;
    const auto local_group = static_cast<std::size_t>((s / shape_.w_bit) % per_pass);
    const bool restart = in_.first && q == 0;
    for (int m = 0; m < shape_.geometry.m; ++m) {
      const auto& table = row_table_[static_cast<std::size_t>(m)][local_group];
      const auto& cfg = row_table_cfg_[static_cast<std::size_t>(m)];
      for (int n = 0; n < shape_.geometry.n; ++n) {
        auto& acc = acc_[static_cast<std::size_t>(m * shape_.geometry.n + n)];
        const unsigned idx = (in_.idx[static_cast<std::size_t>(n)] >> (q * shape_.geometry.k)) &
                             ((1u << shape_.geometry.k) - 1u);
        const double term = std::ldexp(table_lookup(table, idx, cfg), plane);
        if (shape_.integer_tables) {
          const std::int64_t base = restart ? 0 : static_cast<std::int32_t>(acc);
          acc = static_cast<std::uint32_t>(base + static_cast<std::int64_t>(term));
        } else {
          const double base = restart ? 0.0 : fp16_value(static_cast<std::uint16_t>(acc));
          acc = fp16_round(base + term).bits();
        }
      }
    }
  }
}

void TileDriver::commit() {
  ++stats_.cycles;
  expect_out_valid_ = false;
  finished_ = nullptr;
  if (in_reset_) {
    std::fill(acc_.begin(), acc_.end(), 0u);
    step_ = 0;  // the interrupted problem starts over
    return;
  }
  if (in_.valid) {
    accumulate();  // reads the tables as they were before this edge
    ++stats_.vectors;
    stats_.lookups += static_cast<std::uint64_t>(shape_.geometry.m * shape_.geometry.n *
                                                 shape_.groups_per_pass());
    step_ += shape_.groups_per_pass();
  }
  for (const TableWrite& w : writes_) {
    const auto row = static_cast<std::size_t>(w.row);
    const int per_pass = shape_.groups_per_pass();
    row_table_[row].clear();
    for (int g = w.pass * per_pass; g < (w.pass + 1) * per_pass; ++g) {
      row_table_[row].push_back(w.problem->table(w.row, g));
    }
    row_table_cfg_[row] = w.problem->cfg;
    row_table_id_[row] = {w.problem->id, w.pass};
  }
  if (in_.valid && in_.last) {
    expect_out_valid_ = true;
    finished_owner_ = std::move(current_);
    finished_ = finished_owner_.get();
    current_ = std::move(upcoming_);
    upcoming_ = make_problem();
    step_ = 0;
  }
}

void TileDriver::report(const std::string& what, int m, int n, std::uint32_t got,
                        std::uint32_t want) {
  ++stats_.mismatches;
  if (printed_++ < 10) {
    std::printf("MISMATCH %s cycle %llu: %s (m %d, n %d): got 0x%08x want 0x%08x\n",
                shape_.name().c_str(), static_cast<unsigned long long>(stats_.cycles), what.c_str(),
                m, n, got, want);
  }
}

void TileDriver::count_class(std::uint32_t fp16_bits) {
  const Fp16 v = Fp16::from_bits(static_cast<std::uint16_t>(fp16_bits));
  stats_.acc_nan += v.is_nan() ? 1 : 0;
  stats_.acc_inf += v.is_inf() ? 1 : 0;
  stats_.acc_subnormal += v.is_subnormal() ? 1 : 0;
  stats_.acc_zero += v.is_zero() ? 1 : 0;
}

void TileDriver::check(bool out_valid, const std::vector<std::uint32_t>& acc) {
  if (out_valid != expect_out_valid_) {
    report("out_valid", -1, -1, out_valid ? 1u : 0u, expect_out_valid_ ? 1u : 0u);
  }
  for (int m = 0; m < shape_.geometry.m; ++m) {
    for (int n = 0; n < shape_.geometry.n; ++n) {
      const auto i = static_cast<std::size_t>(m * shape_.geometry.n + n);
      if (acc[i] != acc_[i]) report("accumulator", m, n, acc[i], acc_[i]);
      ++stats_.acc_checks;
      if (!shape_.integer_tables) count_class(acc_[i]);
      if (finished_ == nullptr) continue;
      const double want = finished_->expected(m, n);
      const std::uint32_t want_bits =
          shape_.integer_tables ? static_cast<std::uint32_t>(static_cast<std::int32_t>(want))
                                : Fp16::from_double(want).bits();
      if (acc[i] != want_bits) report("result vs lut_mpgemm", m, n, acc[i], want_bits);
      ++stats_.results;
    }
  }
}

}  // namespace lutsim::rtl_bench
