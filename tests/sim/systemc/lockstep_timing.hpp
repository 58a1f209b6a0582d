#pragma once
// The timing half of a lockstep test of a dot-product unit against its
// Verilated RTL: the edges at which in_last was sampled, resets came, the
// RTL raised out_valid and the SystemC block's results left; then every
// result leaves the block at the edge the RTL raises out_valid, depth_cycles
// (1 + PIPE_STAGES) after the cycle that presented in_last, unless a reset
// flushed it.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

namespace lutsim::test {

class LockstepTiming {
 public:
  // What the edge `edge` sampled (a valid vector, its in_last, a reset) and
  // whether the RTL's out_valid was high after it.
  void record(std::uint64_t edge, bool valid, bool last, bool reset, bool rtl_valid) {
    if (valid) ++accepted_;
    if (valid && last) last_cycles_.push_back(edge - 1);
    if (reset) reset_edges_.push_back(edge);
    if (rtl_valid) rtl_done_.push_back(edge);
  }
  // A result left the SystemC block at `edge`.
  void result_left(std::uint64_t edge) { systemc_done_.push_back(edge); }

  std::uint64_t accepted() const { return accepted_; }

  // The checks, up to `last_edge`, the last edge run.
  void check(std::uint64_t depth, std::uint64_t last_edge) const {
    CHECK(systemc_done_ == rtl_done_);
    std::vector<std::uint64_t> due;
    for (const std::uint64_t last : last_cycles_) {
      if (!flushed(last, depth) && last + depth <= last_edge) due.push_back(last + depth);
    }
    CHECK(rtl_done_ == due);
    CHECK_FALSE(systemc_done_.empty());  // results came out at all
  }

 private:
  // Whether a reset flushed the dot product whose in_last was presented in
  // cycle `last` before its result was due `depth` cycles later.
  bool flushed(std::uint64_t last, std::uint64_t depth) const {
    return std::any_of(reset_edges_.begin(), reset_edges_.end(),
                       [&](std::uint64_t e) { return e > last + 1 && e <= last + depth; });
  }

  std::uint64_t accepted_ = 0;               // valid vectors the unit took
  std::vector<std::uint64_t> last_cycles_;   // cycles that presented an accepted in_last
  std::vector<std::uint64_t> reset_edges_;   // edges that sampled a reset
  std::vector<std::uint64_t> rtl_done_;      // edges after which the RTL's out_valid was high
  std::vector<std::uint64_t> systemc_done_;  // edges at which a SystemC result left
};

}  // namespace lutsim::test
