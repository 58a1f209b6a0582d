#include "sim/systemc/lut_tile_core.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"

namespace lutsim::systemc {
namespace {

const LutUnitConfig& supported(const LutUnitConfig& config) {
  if (rtl_pipe_stages(config.pipeline) != config.shape.pipe_stages) {
    throw UnsupportedLutUnit(config.shape.name() + ": pipeline_depth_cycles " +
                             std::to_string(config.pipeline.depth_cycles) +
                             " is not 1 + the shape's pipe_stages " +
                             std::to_string(config.shape.pipe_stages));
  }
  config.shape.geometry.validate();
  return config;
}

}  // namespace

LutTileCore::LutTileCore(const LutUnitConfig& config)
    : shape_(supported(config).shape),
      datapath_(shape_.golden_config(shape_.geometry.table_form)),
      rows_(shape_.geometry.m),
      acc_(static_cast<std::size_t>(shape_.geometry.m * shape_.geometry.n), 0u),
      group_sum_(acc_.size(), 0.0),
      pipeline_(shape_.pipe_stages, cycle_ref::CycleInputs{}, Outputs{acc_, false}) {
  rows_.cfg.assign(static_cast<std::size_t>(shape_.geometry.m), datapath_);
  bubble_.idx.assign(static_cast<std::size_t>(shape_.geometry.n), 0u);
  bubble_.table_write.assign(static_cast<std::size_t>(shape_.geometry.m), false);
  bubble_.table_bits.resize(static_cast<std::size_t>(shape_.geometry.m));
  bubble_.table_x.resize(static_cast<std::size_t>(shape_.geometry.m));
}

void LutTileCore::clock(bool reset, const cycle_ref::CycleInputs& in) {
  cycle_ref::CycleInputs entering = in;
  entering.valid = entering.valid && !reset;  // the input register's valid bit clears
  step(reset, pipeline_.enter(std::move(entering)));
  pipeline_.leave(reset, {acc_, out_valid_});
}

// The unpipelined datapath; its table writes apply even in a reset cycle.
void LutTileCore::step(bool reset, const cycle_ref::CycleInputs& in) {
  out_valid_ = false;
  if (reset) {
    std::fill(acc_.begin(), acc_.end(), 0u);
    step_ = 0;
  } else if (in.valid) {
    require_tables_written();
    if (in.first) step_ = 0;
    cycle_ref::accumulate_vector(shape_, step_, in.first, in.idx, rows_, acc_, group_sum_);
    step_ += shape_.groups_per_pass();
    out_valid_ = in.last;
    ++actions_.index_vectors;
    actions_.lookups +=
        static_cast<std::uint64_t>(shape_.geometry.lookups_per_pass() * shape_.groups_per_pass());
    if (in.last) ++actions_.results;
  }
  write_tables(in);
}

void LutTileCore::require_tables_written() const {
  for (std::size_t row = 0; row < rows_.tables.size(); ++row) {
    if (rows_.tables[row].empty()) {
      throw std::logic_error(shape_.name() + ": an index vector before table register " +
                             std::to_string(row) + " was written");
    }
  }
}

void LutTileCore::write_tables(const cycle_ref::CycleInputs& in) {
  for (std::size_t row = 0; row < in.table_write.size(); ++row) {
    if (!in.table_write[row]) continue;
    rows_.tables[row] = decode_tables(in, row);
    ++actions_.table_writes;
  }
}

// A precompute unit builds the pass's tables from the row's activations in
// the tile's table form; otherwise the row's words are the stored tables of
// the pass, one after another.
std::vector<LutTable> LutTileCore::decode_tables(const cycle_ref::CycleInputs& in,
                                                 std::size_t row) const {
  const auto k = static_cast<std::size_t>(shape_.geometry.k);
  const auto words_per_table =
      static_cast<std::size_t>(shape_.table_words() / shape_.groups_per_pass());
  std::vector<LutTable> tables(static_cast<std::size_t>(shape_.groups_per_pass()));
  for (std::size_t g = 0; g < tables.size(); ++g) {
    if (!shape_.precompute) {
      tables[g] = decode_stored(in.table_bits[row], g * words_per_table);
      continue;
    }
    std::vector<double> x(k);
    for (std::size_t i = 0; i < k; ++i) x[i] = shape_.activation_value(in.table_x[row][g * k + i]);
    tables[g] = precompute_table(x, datapath_);
  }
  return tables;
}

// One stored table from words[first...]: its entries, and for quantized
// tables the FP16 scale as two 8-bit words after them (low byte first).
LutTable LutTileCore::decode_stored(const std::vector<std::uint32_t>& words,
                                    std::size_t first) const {
  LutTable table;
  table.entries.resize(static_cast<std::size_t>(shape_.entries()));
  for (std::size_t e = 0; e < table.entries.size(); ++e)
    table.entries[e] = shape_.entry_value(words[first + e]);
  if (shape_.quantized) {
    const std::size_t scale = first + table.entries.size();
    const auto bits = static_cast<std::uint16_t>(words[scale] | (words[scale + 1] << 8));
    table.scale = Fp16::from_bits(bits).to_double();
  }
  return table;
}

}  // namespace lutsim::systemc
