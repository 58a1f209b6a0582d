#pragma once
// The algorithm of the multiply-based (MAC) baseline's tile (rtl/mac_array.sv;
// rtl/mac_dot_unit.sv is the 1 x 1 case, with PIPE_STAGES pipeline registers
// in its mac_pe), clock edge by clock edge on its port values, without
// SystemC: one operand vector a cycle, M x N DP-K accumulators, out_valid
// 1 + PIPE_STAGES cycles after in_last. Every value comes from core's
// mac_dot_fp16_step / mac_dot_int8_step through cycle_ref::MacReference; the
// model adds the pipeline of vectors in flight and its timing.

#include <cstdint>
#include <string>
#include <vector>

#include "core/numerics/data_type.hpp"
#include "sim/reference/mac_reference.hpp"
#include "sim/reference/tile_pipeline.hpp"

namespace lutsim::systemc {

// One MAC tile as the RTL has it: mac_array (M, N >= 1, K 1..16, FP16 or INT8,
// unpipelined) or mac_dot_unit (M = N = 1, PIPE_STAGES 0..2). The hardware
// configs have no keys for the MAC baseline's units, so this is built by
// hand (or from a bench wrapper's configuration).
struct MacTileConfig {
  int m = 1;
  int n = 1;
  int k = 4;
  DataType format = DataType::kFp16;  // operands; FP16 or INT32 accumulators
  int pipe_stages = 0;

  // Throws std::invalid_argument naming the field and its value for what no
  // RTL implements.
  void validate() const;
  std::string name() const;  // e.g. "M2N64K4 fp16", "M1N1K4 int8 P2"
  bool integer() const { return format == DataType::kInt8; }
  // The edge sampling in_last -> out_valid.
  int depth_cycles() const { return 1 + pipe_stages; }
};

// What the tile did, for ppa/ to price.
struct MacTileActions {
  std::uint64_t vectors = 0;             // operand vectors accepted
  std::uint64_t multiplies = 0;          // M x N x K per vector
  std::uint64_t tree_adds = 0;           // M x N x (K - 1) per vector (the adder trees)
  std::uint64_t accumulator_writes = 0;  // M x N per vector reaching the accumulators
  std::uint64_t results = 0;             // dot products finished (out_valid)
};

class MacTileCore {
 public:
  // Throws std::invalid_argument (MacTileConfig::validate).
  explicit MacTileCore(const MacTileConfig& config);

  const MacTileConfig& config() const { return config_; }

  // One rising edge sampling `in` (in.valid low: a bubble). A reset clears
  // the accumulators and out_valid and flushes the vectors in flight (the
  // RTL's valid flops reset); `in` is then ignored. A vector accepted at this
  // edge reaches the accumulators pipe_stages edges later. Throws
  // std::invalid_argument for a valid vector of other than M rows and N
  // columns of K operands.
  void clock(bool reset, const cycle_ref::MacOperandsIn& in);

  // After the edge: acc[m * N + n] as raw bits (FP16 or INT32), and out_valid.
  const std::vector<std::uint32_t>& acc() const { return accumulators_.acc(); }
  bool out_valid() const { return accumulators_.out_valid(); }
  const MacTileActions& actions() const { return actions_; }

 private:
  void require_shape(const cycle_ref::MacOperandsIn& in) const;
  void count_accepted();

  MacTileConfig config_;
  cycle_ref::DelayLine<cycle_ref::MacOperandsIn> pipeline_;
  cycle_ref::MacReference accumulators_;  // the unpipelined datapath and out_valid
  MacTileActions actions_;
};

}  // namespace lutsim::systemc
