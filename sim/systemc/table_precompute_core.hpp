#pragma once
// The algorithm of the table precompute unit (rtl/lut_table_precompute.sv,
// combinational, and rtl/lut_table_precompute_pipe.sv, PIPE_STAGES pipeline
// registers), one cycle at a time on its port values, without SystemC: a
// group of K activations in per cycle, its whole table out PIPE_STAGES cycles
// later. Every entry comes from core's precompute_table; the model adds the
// raw port encodings, the pipeline of vectors in flight and their timing.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/numerics/data_type.hpp"
#include "sim/reference/tile_pipeline.hpp"
#include "sim/reference/tile_shape.hpp"

namespace lutsim::systemc {

// One table precompute unit as the RTL has it: K 2..6, any table form, FP16
// activations (FP16 entries, TABLE_FORMAT 0) or INT8 ones (exact integer
// entries of clog2(128 K + 1) + 1 bits, TABLE_FORMAT 1), PIPE_STAGES 0..K-1.
struct TablePrecomputeConfig {
  int k = 4;
  TableForm table_form = TableForm::kSymmetricHalf;
  DataType activation = DataType::kFp16;
  int pipe_stages = 0;

  // Throws std::invalid_argument naming the field and its value for what no
  // RTL implements.
  void validate() const;
  std::string name() const;  // e.g. "K4 fp16 symmetric_half P2"
};

// What the unit did, for ppa/ to price.
struct TablePrecomputeActions {
  std::uint64_t vectors = 0;          // activation vectors accepted
  std::uint64_t entries_written = 0;  // table entries delivered
  std::uint64_t additions = 0;        // adder operations (precompute_adders per vector)
};

// A table on the output port: its entries' raw bits (entry e = word e), and
// the cycle whose activations it was computed from.
struct PrecomputedTable {
  std::vector<std::uint32_t> entries;
  std::uint64_t input_cycle = 0;

  bool operator==(const PrecomputedTable&) const = default;
};

// K activation encodings (FP16 bits or INT8 two's complement in the low 8 bits).
using ActivationVector = std::vector<std::uint32_t>;

class TablePrecomputeCore {
 public:
  // Throws std::invalid_argument (TablePrecomputeConfig::validate).
  explicit TablePrecomputeCore(const TablePrecomputeConfig& config);

  const TablePrecomputeConfig& config() const { return config_; }
  int entries() const { return shape_.entries(); }
  int entry_width() const { return shape_.entry_width(); }

  // One cycle: `in` (or none) is presented, the output shows the table of the
  // vector presented pipe_stages cycles before (0: this cycle's, as the
  // combinational RTL), then the clock rises. A reset cycle accepts nothing
  // and flushes the vectors in flight (the RTL is data only; the model's valid
  // bits clear). Throws std::invalid_argument for a vector of other than K
  // activations.
  void cycle(bool reset, const std::optional<ActivationVector>& in);

  // The table on the output in the last cycle, if any.
  const std::optional<PrecomputedTable>& output() const { return output_; }
  const TablePrecomputeActions& actions() const { return actions_; }
  std::uint64_t cycles() const { return cycles_; }

  // The table of `x` as the RTL's table_flat holds it (entry bits), from
  // precompute_table.
  std::vector<std::uint32_t> table_bits(const ActivationVector& x) const;

 private:
  std::optional<PrecomputedTable> accept(const ActivationVector& x);

  TablePrecomputeConfig config_;
  cycle_ref::TileShape shape_;  // a 1 x 1 tile of this K and format: entry encodings
  LutGemmConfig datapath_;      // the golden datapath of the table
  cycle_ref::DelayLine<std::optional<PrecomputedTable>> pipeline_;
  std::optional<PrecomputedTable> output_;
  TablePrecomputeActions actions_;
  std::uint64_t cycles_ = 0;
};

}  // namespace lutsim::systemc
