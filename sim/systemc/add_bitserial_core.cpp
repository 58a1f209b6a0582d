#include "sim/systemc/add_bitserial_core.hpp"

#include <stdexcept>
#include <utility>
#include <vector>

#include "core/lut/lut_table.hpp"
#include "sim/reference/tile_reference.hpp"

namespace lutsim::systemc {
namespace {

constexpr int kAddMinK = 2;  // add_bitserial_unit K is 2..6
constexpr int kAddMaxK = 6;
constexpr int kAddMaxWeightBits = 8;  // W_BIT is 1..8

const AddBitserialConfig& validated_add(const AddBitserialConfig& config) {
  config.validate();
  return config;
}

void require_add(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("ADD bit-serial unit: " + what);
}

}  // namespace

void AddBitserialConfig::validate() const {
  const int k = shape.k;
  require_add(k >= kAddMinK && k <= kAddMaxK,
              "k " + std::to_string(k) + " has no RTL (add_bitserial_unit K is 2..6)");
  require_add(shape.w_bit >= 1 && shape.w_bit <= kAddMaxWeightBits,
              "w_bit " + std::to_string(shape.w_bit) + " has no RTL (W_BIT is 1..8)");
  require_add(pipe_stages >= 0 && pipe_stages <= k - 1,
              "pipe_stages " + std::to_string(pipe_stages) +
                  " has no RTL (add_bitserial_unit_pipe PIPE_STAGES is 0..K-1 = 0.." +
                  std::to_string(k - 1) + ")");
}

std::string AddBitserialConfig::name() const {
  return "K" + std::to_string(shape.k) + " W" + std::to_string(shape.w_bit) +
         (shape.integer ? " int8" : " fp16") + (shape.symmetric ? " sym" : " unsigned") +
         (pipe_stages > 0 ? " P" + std::to_string(pipe_stages) : "");
}

AddBitserialCore::AddBitserialCore(const AddBitserialConfig& config)
    : config_(validated_add(config)),
      datapath_(config_.shape.golden_config()),
      pipeline_(config_.pipe_stages, cycle_ref::AddBitserialIn{}) {}

void AddBitserialCore::clock(bool reset, const cycle_ref::AddBitserialIn& in) {
  if (reset) {
    pipeline_.fill(cycle_ref::AddBitserialIn{});
    next_plane_ = 0;
    acc_ = 0;
    out_valid_ = false;
    return;
  }
  if (in.valid) {
    require_shape(in);
    ++actions_.indices;
    actions_.chain_additions += static_cast<std::uint64_t>(config_.shape.k - 1);
  }
  const cycle_ref::AddBitserialIn sampled = pipeline_.shift(in);
  out_valid_ = sampled.valid && sampled.last;
  if (sampled.valid) accumulate(sampled);
}

void AddBitserialCore::require_shape(const cycle_ref::AddBitserialIn& in) const {
  const auto k = static_cast<std::size_t>(config_.shape.k);
  if (in.x.size() != k || (in.idx >> k) != 0) {
    throw std::invalid_argument(config_.name() + ": an index with " + std::to_string(in.x.size()) +
                                " activations and index " + std::to_string(in.idx) +
                                ", not K activations and K index bits, K = " + std::to_string(k));
  }
}

// lut_ctrl's plane, and the plane sum T[idx] of the group's table onto the
// accumulator (restarting from +0 on in_first).
void AddBitserialCore::accumulate(const cycle_ref::AddBitserialIn& in) {
  const int plane = in.first ? 0 : next_plane_;
  next_plane_ = plane == config_.shape.w_bit - 1 ? 0 : plane + 1;
  std::vector<double> x(in.x.size());
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = config_.shape.activation_value(in.x[i]);
  const LutTable table = precompute_table(x, datapath_);
  acc_ = cycle_ref::lookup_accumulate(acc_, in.first, table, in.idx, plane, datapath_);
  ++actions_.accumulations;
  if (in.last) ++actions_.results;
}

}  // namespace lutsim::systemc
