#pragma once
// The configurations and slots of the Verilated ADD wrapper
// (add_bitserial_unit_tb.sv), read from its layout and cfg_info ports: what
// the Verilator bench and the SystemC ADD tests both drive, so the list of
// configurations lives in the wrapper only.

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/reference/add_bitserial_stimulus.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {

// One configuration: K, W_BIT, format and digits, and PIPE_STAGES.
struct AddBitserialSlot {
  cycle_ref::AddBitserialShape shape;
  int pipe_stages = 0;

  int in_w() const { return shape.integer ? 8 : 16; }
  int acc_w() const { return shape.integer ? 32 : 16; }
  std::string name() const {
    return "add_bitserial_unit K" + std::to_string(shape.k) + " W" + std::to_string(shape.w_bit) +
           (shape.integer ? " int8" : " fp16") + (shape.symmetric ? " sym" : " unsigned") +
           (pipe_stages > 0 ? " PIPE_STAGES=" + std::to_string(pipe_stages) : "");
  }
};

// The wrapper's slots: configurations, bits per activation, index and accumulator slot.
struct AddBitserialLayout {
  int configs = 0, x_slot = 0, idx_slot = 0, acc_slot = 0;
};

template <class Model>
AddBitserialLayout read_add_layout(const Model& dut) {
  const auto field = [&](int i) { return static_cast<int>(get_bits(dut.layout, 32 * i, 32)); };
  return {.configs = field(3), .x_slot = field(2), .idx_slot = field(1), .acc_slot = field(0)};
}

// cfg_info byte 0: K, 1: W_BIT, 2: DATA_FORMAT, bits 24-27: SYMMETRIC, bits
// 28-31: PIPE_STAGES. Throws std::runtime_error naming a configuration that
// does not fit its slots.
template <class Model>
std::vector<AddBitserialSlot> read_add_slots(const Model& dut) {
  const AddBitserialLayout layout = read_add_layout(dut);
  std::vector<AddBitserialSlot> slots;
  for (int c = 0; c < layout.configs; ++c) {
    const AddBitserialSlot& s = slots.emplace_back(
        AddBitserialSlot{.shape = {.k = static_cast<int>(get_bits(dut.cfg_info, c * 32, 8)),
                                   .w_bit = static_cast<int>(get_bits(dut.cfg_info, c * 32 + 8, 8)),
                                   .integer = get_bits(dut.cfg_info, c * 32 + 16, 8) != 0,
                                   .symmetric = get_bits(dut.cfg_info, c * 32 + 24, 4) != 0},
                         .pipe_stages = static_cast<int>(get_bits(dut.cfg_info, c * 32 + 28, 4))});
    if (s.shape.k * s.in_w() > layout.x_slot || s.shape.k > layout.idx_slot ||
        s.acc_w() > layout.acc_slot) {
      throw std::runtime_error("ADD configuration " + std::to_string(c) + " (" + s.name() +
                               ") does not fit the wrapper's slots");
    }
  }
  return slots;
}

// Drives slot c with `in`; a cycle without a valid index carries junk from
// `rng` on the ignored inputs (in_first, in_last, activations, index).
template <class Model>
void drive_add_slot(Model& dut, const AddBitserialLayout& layout, int c,
                    const AddBitserialSlot& slot, const cycle_ref::AddBitserialIn& in,
                    std::mt19937_64& rng) {
  const bool junk = !in.valid;
  const int w = slot.in_w();
  for (int i = 0; i < slot.shape.k; ++i)
    set_bits(dut.in_x, c * layout.x_slot + i * w, w, junk ? rng() : in.x[i]);
  set_bits(dut.in_idx, c * layout.idx_slot, slot.shape.k, junk ? rng() : in.idx);
  set_bits(dut.in_valid, c, 1, in.valid);
  set_bits(dut.in_first, c, 1, junk ? rng() & 1u : in.first);
  set_bits(dut.in_last, c, 1, junk ? rng() & 1u : in.last);
}

// Slot c's accumulator (raw bits) into `acc`; returns out_valid.
template <class Model>
bool read_add_slot(const Model& dut, const AddBitserialLayout& layout, int c,
                   const AddBitserialSlot& slot, std::uint32_t& acc) {
  acc = static_cast<std::uint32_t>(get_bits(dut.out_acc, c * layout.acc_slot, slot.acc_w()));
  return get_bits(dut.out_valid, c, 1) != 0;
}

}  // namespace lutsim::rtl_bench
