#pragma once
// The algorithm of the ADD baseline's bit-serial unit (rtl/add_bitserial_unit.sv,
// and rtl/add_bitserial_unit_pipe.sv with PIPE_STAGES pipeline registers in its
// chain of adders), clock edge by clock edge on its port values, without
// SystemC: one weight-plane index a cycle with the group's K activations, the
// plane sequencer of lut_ctrl, one accumulator, out_valid 1 + PIPE_STAGES
// cycles after in_last. Every value comes from core's golden numerics: the
// plane sum is the full table's entry precompute_table(x)[idx] of the form,
// accumulated by lut_mpgemm's canonical step (cycle_ref::lookup_accumulate);
// the model adds the plane counter, the indices in flight and their timing.

#include <cstdint>
#include <string>

#include "core/lut/lut_config.hpp"
#include "sim/reference/add_bitserial_stimulus.hpp"
#include "sim/reference/tile_pipeline.hpp"

namespace lutsim::systemc {

// One unit as the RTL has it: K 2..6, W_BIT 1..8, FP16 or INT8, symmetric
// (digits +-1) or unsigned (digits {0, 1}), PIPE_STAGES 0..K-1. The hardware
// configs have no keys for the ADD baseline, so this is built by hand (or
// from a bench wrapper's configuration).
struct AddBitserialConfig {
  cycle_ref::AddBitserialShape shape;
  int pipe_stages = 0;

  // Throws std::invalid_argument naming the field and its value for what no
  // RTL implements.
  void validate() const;
  std::string name() const;  // e.g. "K4 W2 fp16 sym", "K5 W1 int8 unsigned P4"
  // The edge sampling in_last -> out_valid.
  int depth_cycles() const { return 1 + pipe_stages; }
};

// What the unit did, for ppa/ to price.
struct AddBitserialActions {
  std::uint64_t indices = 0;          // plane indices accepted
  std::uint64_t chain_additions = 0;  // K - 1 per index (the plane sum's adders)
  std::uint64_t accumulations = 0;    // one per index reaching the accumulator
  std::uint64_t results = 0;          // dot products finished (out_valid)
};

class AddBitserialCore {
 public:
  // Throws std::invalid_argument (AddBitserialConfig::validate).
  explicit AddBitserialCore(const AddBitserialConfig& config);

  const AddBitserialConfig& config() const { return config_; }

  // One rising edge sampling `in` (in.valid low: a bubble). A reset clears
  // the accumulator, the plane counter and out_valid and flushes the indices
  // in flight; `in` is then ignored. An index accepted at this edge reaches
  // the accumulator pipe_stages edges later, with plane 0 on in_first, else
  // the plane after the previous index's (0 .. W_BIT-1, then 0 again).
  // Throws std::invalid_argument for a valid index with other than K
  // activations or bits above K.
  void clock(bool reset, const cycle_ref::AddBitserialIn& in);

  // After the edge: the accumulator's raw bits (FP16 or INT32), and out_valid.
  std::uint32_t acc() const { return acc_; }
  bool out_valid() const { return out_valid_; }
  const AddBitserialActions& actions() const { return actions_; }

 private:
  void require_shape(const cycle_ref::AddBitserialIn& in) const;
  void accumulate(const cycle_ref::AddBitserialIn& in);

  AddBitserialConfig config_;
  LutGemmConfig datapath_;  // the golden datapath of the plane sums
  cycle_ref::DelayLine<cycle_ref::AddBitserialIn> pipeline_;
  int next_plane_ = 0;  // lut_ctrl's plane of the next index without in_first
  std::uint32_t acc_ = 0;
  bool out_valid_ = false;
  AddBitserialActions actions_;
};

}  // namespace lutsim::systemc
