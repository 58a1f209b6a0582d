#include "sim/reference/tile_stimulus.hpp"

#include <cmath>

#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/quantized_weights.hpp"
#include "core/numerics/fp16.hpp"

namespace lutsim::cycle_ref {
namespace {

constexpr double kBubbleProbability = 0.1;
// Probability that all next-group tables are written with a group's last index
// (otherwise each row is, with probability 1/2, and the rest in later bubbles).
constexpr double kEarlyWriteProbability = 0.8;
constexpr double kBubbleWriteProbability = 0.7;  // per missing row and bubble
constexpr int kMaxGroups = 4;

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

struct TileStimulus::Problem {
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

TileStimulus::TileStimulus(TileShape shape, std::uint64_t seed)
    : shape_(shape),
      rng_(seed),
      row_table_id_(static_cast<std::size_t>(shape.geometry.m), {-1, -1}) {
  current_ = make_problem();
  upcoming_ = make_problem();
}

TileStimulus::~TileStimulus() = default;
TileStimulus::TileStimulus(TileStimulus&&) noexcept = default;
TileStimulus& TileStimulus::operator=(TileStimulus&&) noexcept = default;

std::unique_ptr<TileStimulus::Problem> TileStimulus::make_problem() {
  const LutArrayGeometry& g = shape_.geometry;
  auto p = std::make_unique<Problem>();
  p->id = static_cast<std::int64_t>(next_problem_id_++);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double u = unit(rng_);
  p->groups = u < 0.5 ? 1 : u < 0.75 ? 2 : std::uniform_int_distribution<int>(3, kMaxGroups)(rng_);
  if (shape_.pair) p->groups = u < 0.6 ? 2 : 4;  // whole passes of two groups

  // A full-table unit serves both full forms (a precompute unit the one it
  // computes); the half table is the symmetric form.
  TableForm form = g.table_form;
  if (!shape_.half_tables() && !shape_.precompute) {
    form = unit(rng_) < 0.5 ? TableForm::kUnsignedFull : TableForm::kSymmetricFull;
  }
  p->cfg = shape_.golden_config(form);

  const int k_total = p->groups * g.k;
  p->x = Matrix(g.m, k_total);
  if (shape_.integer_tables) {
    const int mode = std::discrete_distribution<int>({80, 10, 10})(rng_);
    for (int m = 0; m < g.m; ++m) {
      for (int k = 0; k < k_total; ++k) p->x(m, k) = random_int8(rng_, mode);
    }
  } else {
    const auto mode =
        static_cast<Fp16Mode>(std::discrete_distribution<int>({35, 20, 10, 10, 10, 15})(rng_));
    const double cancel_base = random_fp16(rng_, Fp16Mode::kNormal, 0.0);
    for (int m = 0; m < g.m; ++m) {
      for (int k = 0; k < k_total; ++k) p->x(m, k) = random_fp16(rng_, mode, cancel_base);
    }
  }

  p->w.rows = g.n;
  p->w.cols = k_total;
  p->w.bits = shape_.w_bit;
  p->w.scale.assign(static_cast<std::size_t>(g.n), 1.0);
  p->w.zero_point.assign(static_cast<std::size_t>(g.n), 0.0);
  const int max_code = (1 << shape_.w_bit) - 1;
  const bool constant_codes = unit(rng_) < 0.05;
  const int constant = unit(rng_) < 0.5 ? 0 : max_code;
  std::uniform_int_distribution<int> code(0, max_code);
  for (int i = 0; i < g.n * k_total; ++i) {
    p->w.codes.push_back(static_cast<std::uint8_t>(constant_codes ? constant : code(rng_)));
  }

  for (int m = 0; m < g.m; ++m) {
    for (int group = 0; group < p->groups; ++group) {
      std::vector<double> x(static_cast<std::size_t>(g.k));
      for (int i = 0; i < g.k; ++i) x[static_cast<std::size_t>(i)] = p->x(m, group * g.k + i);
      p->tables.push_back(precompute_table(x, p->cfg));
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

void TileStimulus::stage_table_write(int row, const Problem& problem, int pass) {
  CycleInputs& in = cycle_.in;
  auto& bits = in.table_bits[static_cast<std::size_t>(row)];
  auto& x = in.table_x[static_cast<std::size_t>(row)];
  TableLoad load{row, {}, problem.cfg};
  const int per_pass = shape_.groups_per_pass();
  const int k = shape_.geometry.k;
  for (int group = pass * per_pass; group < (pass + 1) * per_pass; ++group) {
    const LutTable& table = problem.table(row, group);
    for (double e : table.entries) bits.push_back(shape_.entry_bits(e));
    if (shape_.quantized) {
      const std::uint16_t scale = Fp16::from_double(table.scale).bits();
      bits.push_back(scale & 0xFFu);
      bits.push_back(scale >> 8);
    }
    for (int i = 0; i < k; ++i) x.push_back(shape_.activation_bits(problem.x(row, group * k + i)));
    load.tables.push_back(table);
  }
  in.table_write[static_cast<std::size_t>(row)] = true;
  cycle_.loads.push_back(std::move(load));
  staged_id_.push_back({problem.id, pass});
}

void TileStimulus::stage_indices() {
  const int per_pass = shape_.groups_per_pass();
  const int k = shape_.geometry.k;
  for (int n = 0; n < shape_.geometry.n; ++n) {
    unsigned idx = 0;
    for (int q = 0; q < per_pass; ++q) {  // slot q: canonical step step_ + q
      const int s = step_ + q;
      idx |= plane_index(current_->w, n, s / shape_.w_bit, s % shape_.w_bit, k) << (q * k);
    }
    cycle_.in.idx[static_cast<std::size_t>(n)] = idx;
  }
}

std::vector<int> TileStimulus::rows_missing(int pass) const {
  std::vector<int> missing;
  for (int m = 0; m < shape_.geometry.m; ++m) {
    if (row_table_id_[static_cast<std::size_t>(m)] != std::pair{current_->id, pass}) {
      missing.push_back(m);
    }
  }
  return missing;
}

// A bubble that loads (some of) the `missing` rows' tables of `pass`.
void TileStimulus::stage_bubble_writes(const std::vector<int>& missing, int pass,
                                       std::uniform_real_distribution<double>& unit) {
  bool any = false;
  for (int m : missing) {
    if (unit(rng_) < kBubbleWriteProbability) {
      stage_table_write(m, *current_, pass);
      any = true;
    }
  }
  if (!any) stage_table_write(missing.front(), *current_, pass);
}

const TileCycle& TileStimulus::next(bool reset) {
  const auto m_count = static_cast<std::size_t>(shape_.geometry.m);
  CycleInputs& in = cycle_.in;
  cycle_.reset = reset;
  cycle_.loads.clear();
  cycle_.result_due.reset();
  staged_id_.clear();
  in.valid = false;
  in.idx.assign(static_cast<std::size_t>(shape_.geometry.n), 0u);
  in.table_write.assign(m_count, false);
  in.table_bits.assign(m_count, {});
  in.table_x.assign(m_count, {});
  std::uniform_real_distribution<double> unit(0.0, 1.0);

  in.first = unit(rng_) < 0.5;
  in.last = unit(rng_) < 0.5;
  for (auto& i : in.idx) i = static_cast<unsigned>(rng_() & ((1u << shape_.index_width()) - 1u));
  if (reset) {
    in.valid = unit(rng_) < 0.5;
    step_ = 0;  // the interrupted problem starts over
    return cycle_;
  }

  const int per_pass = shape_.groups_per_pass();
  const int pass_steps = per_pass * shape_.w_bit;
  const int pass = step_ / pass_steps;
  if (const std::vector<int> missing = rows_missing(pass); !missing.empty()) {
    stage_bubble_writes(missing, pass, unit);
  } else if (unit(rng_) >= kBubbleProbability) {
    in.valid = true;
    in.first = step_ == 0;
    in.last = step_ + per_pass == current_->groups * shape_.w_bit;
    stage_indices();
    if ((step_ + per_pass) % pass_steps == 0) {  // next pass's tables may ride on its last cycle
      const bool next_problem = in.last;
      const bool all_rows = unit(rng_) < kEarlyWriteProbability;
      for (int m = 0; m < shape_.geometry.m; ++m) {
        if (all_rows || unit(rng_) < 0.5) {
          stage_table_write(m, next_problem ? *upcoming_ : *current_, next_problem ? 0 : pass + 1);
        }
      }
    }
  }
  advance();
  return cycle_;
}

// The stream's state after the edge that samples cycle_.
void TileStimulus::advance() {
  const CycleInputs& in = cycle_.in;
  if (in.valid) {
    ++vectors_;
    step_ += shape_.groups_per_pass();
  }
  for (std::size_t i = 0; i < cycle_.loads.size(); ++i) {
    row_table_id_[static_cast<std::size_t>(cycle_.loads[i].row)] = staged_id_[i];
  }
  if (in.valid && in.last) {
    cycle_.result_due = current_->expected;
    current_ = std::move(upcoming_);
    upcoming_ = make_problem();
    step_ = 0;
  }
}

}  // namespace lutsim::cycle_ref
