#include "sim/systemc/mac_tile_core.hpp"

#include <stdexcept>
#include <utility>

namespace lutsim::systemc {
namespace {

constexpr int kMacMaxK = 16;          // mac_pe K is 1..16
constexpr int kMacMaxPipeStages = 2;  // mac_pe PIPE_STAGES is 0..2

const MacTileConfig& validated_mac(const MacTileConfig& config) {
  config.validate();
  return config;
}

void require_mac(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("MAC tile: " + what);
}

}  // namespace

void MacTileConfig::validate() const {
  require_mac(k >= 1 && k <= kMacMaxK, "k " + std::to_string(k) + " has no RTL (mac_pe K is 1.." +
                                           std::to_string(kMacMaxK) + ")");
  require_mac(m >= 1 && n >= 1, "m " + std::to_string(m) + " x n " + std::to_string(n) +
                                    " has no RTL (mac_array ARRAY_M, ARRAY_N >= 1)");
  require_mac(format == DataType::kFp16 || format == DataType::kInt8,
              "format " + std::string(to_string(format)) +
                  " has no RTL (DATA_FORMAT 0 is fp16, 1 is int8)");
  require_mac(pipe_stages >= 0 && pipe_stages <= kMacMaxPipeStages,
              "pipe_stages " + std::to_string(pipe_stages) +
                  " has no RTL (mac_dot_unit PIPE_STAGES is 0.." +
                  std::to_string(kMacMaxPipeStages) + ")");
  require_mac(pipe_stages == 0 || (m == 1 && n == 1),
              "pipe_stages " + std::to_string(pipe_stages) + " with m " + std::to_string(m) +
                  " x n " + std::to_string(n) +
                  " has no RTL (mac_array is unpipelined; only mac_dot_unit, 1 x 1, "
                  "has PIPE_STAGES)");
}

std::string MacTileConfig::name() const {
  return "M" + std::to_string(m) + "N" + std::to_string(n) + "K" + std::to_string(k) + " " +
         std::string(to_string(format)) +
         (pipe_stages > 0 ? " P" + std::to_string(pipe_stages) : "");
}

MacTileCore::MacTileCore(const MacTileConfig& config)
    : config_(validated_mac(config)),
      pipeline_(config_.pipe_stages, cycle_ref::MacOperandsIn{}),
      accumulators_(config_.m, config_.n, config_.integer()) {}

void MacTileCore::clock(bool reset, const cycle_ref::MacOperandsIn& in) {
  if (reset) {
    pipeline_.fill(cycle_ref::MacOperandsIn{});
    accumulators_.clock(true, cycle_ref::MacOperandsIn{});
    return;
  }
  if (in.valid) {
    require_shape(in);
    count_accepted();
  }
  const cycle_ref::MacOperandsIn sampled = pipeline_.shift(in);
  accumulators_.clock(false, sampled);
  if (!sampled.valid) return;
  actions_.accumulator_writes += static_cast<std::uint64_t>(config_.m * config_.n);
  if (sampled.last) ++actions_.results;
}

void MacTileCore::require_shape(const cycle_ref::MacOperandsIn& in) const {
  bool ok = in.a.size() == static_cast<std::size_t>(config_.m) &&
            in.b.size() == static_cast<std::size_t>(config_.n);
  for (const auto& row : in.a) ok = ok && row.size() == static_cast<std::size_t>(config_.k);
  for (const auto& column : in.b) ok = ok && column.size() == static_cast<std::size_t>(config_.k);
  if (!ok) {
    throw std::invalid_argument(config_.name() + ": an operand vector of " +
                                std::to_string(in.a.size()) + " rows and " +
                                std::to_string(in.b.size()) +
                                " columns, not M rows and N "
                                "columns of K operands");
  }
}

void MacTileCore::count_accepted() {
  const auto units = static_cast<std::uint64_t>(config_.m * config_.n);
  ++actions_.vectors;
  actions_.multiplies += units * static_cast<std::uint64_t>(config_.k);
  actions_.tree_adds += units * static_cast<std::uint64_t>(config_.k - 1);
}

}  // namespace lutsim::systemc
