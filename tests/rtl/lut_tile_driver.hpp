#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/lut/lut_array_geometry.hpp"
#include "core/lut/lut_config.hpp"
#include "core/lut/lut_table.hpp"
#include "core/lut/matrix.hpp"

namespace lutsim::rtl_bench {

// One hardware configuration of a LUT unit: lut_dot_unit is the 1 x 1 case
// of lut_array. The widths follow the RTL (rtl/lut_lookup.sv).
struct TileShape {
  // Half tables: negation by the top index bit. Full tables: a precompute unit
  // computes the form given (kSymmetricFull or kUnsignedFull); a unit written
  // from outside serves both, and the driver draws either per problem.
  LutArrayGeometry geometry;
  int w_bit = 2;
  bool integer_tables = false;  // TABLE_FORMAT 1: INT8 activations, INT32 accumulators
  bool neg_in_acc = false;      // NEG_IN_ACC = 1: negation in the accumulator
  bool precompute = false;      // the unit precomputes its tables from activations
  bool pair = false;            // lut_array_pair: two groups of k per pass, two steps per cycle
  bool quantized = false;       // lut_array_quant: INT8 codes + FP16 scale per table

  bool half_tables() const { return geometry.table_form == TableForm::kSymmetricHalf; }
  int entries() const { return geometry.table_entries(); }
  int entry_width() const;  // bits of one stored entry
  int acc_width() const { return integer_tables ? 32 : 16; }
  int activation_width() const { return integer_tables ? 8 : 16; }
  // Groups (tables) per row and pass = canonical steps per cycle.
  int groups_per_pass() const { return pair ? 2 : 1; }
  int index_width() const { return geometry.k * groups_per_pass(); }  // bits per column and cycle
  // ENTRY_W-bit words of one table register write: the entries, and for
  // quantized tables the FP16 scale as two 8-bit words (low byte first).
  int table_words() const { return (entries() + (quantized ? 2 : 0)) * groups_per_pass(); }
  std::string name() const;  // e.g. "M2N64K4 W2 fp16 half"
};

// Decodes one 32-bit cfg_info word of a bench wrapper (tests/rtl/*_tb.sv).
TileShape decode_cfg_info(std::uint32_t word);

// What the bench drives into one configuration in one cycle.
struct CycleInputs {
  bool valid = false;
  bool first = false;
  bool last = false;
  std::vector<unsigned> idx;                           // [n], index_width() bits each
  std::vector<bool> table_write;                       // [m]
  std::vector<std::vector<std::uint32_t>> table_bits;  // [m][entry], ENTRY_W bits each,
                                                       // the pass's tables one after another
  std::vector<std::vector<std::uint32_t>> table_x;     // [m][i], activation bits of the tables
};

struct DriverStats {
  std::uint64_t cycles = 0;
  std::uint64_t vectors = 0;     // accepted index vectors (one per valid cycle)
  std::uint64_t lookups = 0;     // vectors x M x N lookup-accumulates
  std::uint64_t acc_checks = 0;  // accumulator values compared (every cycle)
  std::uint64_t results = 0;     // finished dot products compared with lut_mpgemm
  std::uint64_t mismatches = 0;
  // Coverage of the FP16 accumulator values checked: NaN, +-inf, subnormal, zero.
  std::uint64_t acc_nan = 0;
  std::uint64_t acc_inf = 0;
  std::uint64_t acc_subnormal = 0;
  std::uint64_t acc_zero = 0;
};

// Stimulus, golden model and scoreboard for one configuration.
//
// Stimulus: a stream of random mpGEMM problems (M rows x G groups of K
// activations, N output columns, random G in 1..4) with several activation
// distributions (FP16: normal at random scales, any finite bits, huge values
// that overflow, subnormals, exact cancellation, specials incl. +-inf;
// INT8: uniform, extremes, small), random bubbles, and next-group tables
// written either in the cycle of the previous group's last index (the RTL must
// still read the old table then) or in later bubble cycles.
// Golden: the canonical lut_mpgemm order per step,
//   acc <- fp16_round(acc + ldexp(table_lookup(T, idx, cfg), j))  (FP16)
//   acc <- acc + 2^j * table_lookup(T, idx, cfg)                 (INT32)
// checked for EVERY accumulator after EVERY clock edge (1-cycle latency), with
// out_valid expected exactly one cycle after the in_last index, and each
// finished result compared with lut_mpgemm(X, W, cfg).accumulators as well.
class TileDriver {
 public:
  TileDriver(TileShape shape, std::uint64_t seed);
  ~TileDriver();
  TileDriver(TileDriver&&) noexcept;
  TileDriver& operator=(TileDriver&&) noexcept;

  const TileShape& shape() const { return shape_; }
  const DriverStats& stats() const { return stats_; }

  // The inputs for the coming cycle; with `in_reset` the cycle is a
  // synchronous reset (random junk on valid, no table writes).
  const CycleInputs& next_inputs(bool in_reset);
  // Advances the golden model over the clock edge that sampled next_inputs().
  void commit();
  // Compares the DUT outputs after that edge; acc[m * N + n] are raw bits.
  void check(bool out_valid, const std::vector<std::uint32_t>& acc);

 private:
  struct Problem;

  std::unique_ptr<Problem> make_problem();
  void stage_table_write(int row, const Problem& problem, int pass);
  void accumulate();
  void accumulate_quantized();
  LutGemmConfig golden_config(TableForm form) const;
  std::uint32_t entry_bits(double entry) const;
  void count_class(std::uint32_t fp16_bits);
  void report(const std::string& what, int m, int n, std::uint32_t got, std::uint32_t want);

  TileShape shape_;
  std::mt19937_64 rng_;
  DriverStats stats_;
  std::unique_ptr<Problem> current_;
  std::unique_ptr<Problem> upcoming_;
  std::uint64_t next_problem_id_ = 0;
  // Next canonical step of current_: group step_ / w_bit, plane step_ % w_bit;
  // a cycle does groups_per_pass() steps.
  int step_ = 0;

  // What each RTL table register holds: (problem id, pass), and a copy of
  // the pass's tables.
  std::vector<std::pair<std::int64_t, int>> row_table_id_;
  std::vector<std::vector<LutTable>> row_table_;
  std::vector<LutGemmConfig> row_table_cfg_;

  struct TableWrite {
    int row;
    const Problem* problem;
    int pass;
  };

  CycleInputs in_;
  std::vector<TableWrite> writes_;  // the table writes in in_
  bool in_reset_ = false;
  std::vector<std::uint32_t> acc_;  // golden accumulators, raw bits
  std::vector<double> group_sum_;   // quantized tables: exact sum of the group's planes
  bool expect_out_valid_ = false;
  const Problem* finished_ = nullptr;        // problem whose result is due now
  std::unique_ptr<Problem> finished_owner_;  // keeps it alive until checked
  std::uint64_t printed_ = 0;
};

}  // namespace lutsim::rtl_bench
