#include "sim/systemc/table_precompute_core.hpp"

#include <stdexcept>
#include <utility>

#include "core/lut/lut_array_geometry.hpp"
#include "core/lut/lut_table.hpp"

namespace lutsim::systemc {
namespace {

const TablePrecomputeConfig& validated(const TablePrecomputeConfig& config) {
  config.validate();
  return config;
}

cycle_ref::TileShape unit_shape(const TablePrecomputeConfig& config) {
  return {.geometry = {.k = config.k, .table_form = config.table_form},
          .integer_tables = !is_floating_point(config.activation)};
}

}  // namespace

void TablePrecomputeConfig::validate() const {
  if (k < LutArrayGeometry::kMinK || k > LutArrayGeometry::kMaxK) {
    throw std::invalid_argument("table precompute: k " + std::to_string(k) +
                                " has no RTL (lut_table_precompute K is 2..6)");
  }
  if (pipe_stages < 0 || pipe_stages > k - 1) {
    throw std::invalid_argument(
        "table precompute: pipe_stages " + std::to_string(pipe_stages) +
        " has no RTL (lut_table_precompute_pipe PIPE_STAGES is 0..K-1 = 0.." +
        std::to_string(k - 1) + ")");
  }
  if (activation != DataType::kFp16 && activation != DataType::kInt8) {
    throw std::invalid_argument("table precompute: activation " +
                                std::string(to_string(activation)) +
                                " has no RTL (TABLE_FORMAT 0 is fp16, 1 is int8)");
  }
}

std::string TablePrecomputeConfig::name() const {
  return "K" + std::to_string(k) + " " + std::string(to_string(activation)) + " " +
         std::string(to_string(table_form)) +
         (pipe_stages > 0 ? " P" + std::to_string(pipe_stages) : "");
}

TablePrecomputeCore::TablePrecomputeCore(const TablePrecomputeConfig& config)
    : config_(validated(config)),
      shape_(unit_shape(config_)),
      datapath_(shape_.golden_config(config_.table_form)),
      pipeline_(config_.pipe_stages, std::nullopt) {
  datapath_.validate();
}

void TablePrecomputeCore::cycle(bool reset, const std::optional<ActivationVector>& in) {
  if (reset) pipeline_.fill(std::nullopt);
  std::optional<PrecomputedTable> entering;
  if (!reset && in) entering = accept(*in);
  output_ = pipeline_.shift(std::move(entering));
  if (output_) actions_.entries_written += output_->entries.size();
  ++cycles_;
}

std::optional<PrecomputedTable> TablePrecomputeCore::accept(const ActivationVector& x) {
  ++actions_.vectors;
  actions_.additions +=
      static_cast<std::uint64_t>(precompute_adders(config_.k, config_.table_form));
  return PrecomputedTable{.entries = table_bits(x), .input_cycle = cycles_};
}

std::vector<std::uint32_t> TablePrecomputeCore::table_bits(const ActivationVector& x) const {
  if (x.size() != static_cast<std::size_t>(config_.k)) {
    throw std::invalid_argument(config_.name() + ": a vector of " + std::to_string(x.size()) +
                                " activations, not K = " + std::to_string(config_.k));
  }
  std::vector<double> values(x.size());
  for (std::size_t j = 0; j < x.size(); ++j) values[j] = shape_.activation_value(x[j]);
  const LutTable table = precompute_table(values, datapath_);
  std::vector<std::uint32_t> bits(table.entries.size());
  for (std::size_t e = 0; e < bits.size(); ++e) bits[e] = shape_.entry_bits(table.entries[e]);
  return bits;
}

}  // namespace lutsim::systemc
