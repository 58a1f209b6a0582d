#pragma once
// The configurations and slots of the Verilated MAC wrappers (mac_dot_unit_tb.sv,
// mac_array_tb.sv: the same encodings, a dot unit being a 1 x 1 array), read
// from their layout and cfg_info ports: what the Verilator bench and the
// SystemC MAC tests both drive, so the list of configurations lives in the
// wrappers only.

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/reference/mac_reference.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {

// One configuration: M x N units of K products, INT8 or FP16, PIPE_STAGES.
struct MacSlot {
  int m = 1, n = 1, k = 1;
  bool integer = false;
  int pipe_stages = 0;

  int in_w() const { return integer ? 8 : 16; }
  int acc_w() const { return integer ? 32 : 16; }
  std::string name() const {
    return "M" + std::to_string(m) + "N" + std::to_string(n) + "K" + std::to_string(k) +
           (integer ? " int8" : " fp16") +
           (pipe_stages > 0 ? " pipe " + std::to_string(pipe_stages) : "");
  }
};

// The wrapper's slots: configurations, bits per a, b and accumulator slot.
struct MacLayout {
  int configs = 0, a_slot = 0, b_slot = 0, acc_slot = 0;
};

template <class Model>
MacLayout read_mac_layout(const Model& dut) {
  const auto field = [&](int i) { return static_cast<int>(get_bits(dut.layout, 32 * i, 32)); };
  return {.configs = field(3), .a_slot = field(2), .b_slot = field(1), .acc_slot = field(0)};
}

// cfg_info byte 0: M, 1: N, 2: K, bit 24: DATA_FORMAT, bits 25-26:
// PIPE_STAGES. Throws std::runtime_error naming a configuration that does not
// fit its slots.
template <class Model>
std::vector<MacSlot> read_mac_slots(const Model& dut) {
  const MacLayout layout = read_mac_layout(dut);
  std::vector<MacSlot> slots;
  for (int c = 0; c < layout.configs; ++c) {
    const MacSlot& s = slots.emplace_back(
        MacSlot{.m = static_cast<int>(get_bits(dut.cfg_info, c * 32, 8)),
                .n = static_cast<int>(get_bits(dut.cfg_info, c * 32 + 8, 8)),
                .k = static_cast<int>(get_bits(dut.cfg_info, c * 32 + 16, 8)),
                .integer = get_bits(dut.cfg_info, c * 32 + 24, 1) != 0,
                .pipe_stages = static_cast<int>(get_bits(dut.cfg_info, c * 32 + 25, 2))});
    if (s.m * s.k * s.in_w() > layout.a_slot || s.n * s.k * s.in_w() > layout.b_slot ||
        s.m * s.n * s.acc_w() > layout.acc_slot) {
      throw std::runtime_error("MAC configuration " + std::to_string(c) + " (" + s.name() +
                               ") does not fit the wrapper's slots");
    }
  }
  return slots;
}

// Drives slot c with `in`; a cycle without a valid vector carries junk from
// `rng` on the ignored inputs (in_first, in_last, operands).
template <class Model>
void drive_mac_slot(Model& dut, const MacLayout& layout, int c, const MacSlot& slot,
                    const cycle_ref::MacOperandsIn& in, std::mt19937_64& rng) {
  const bool junk = !in.valid;
  set_bits(dut.in_valid, c, 1, in.valid);
  set_bits(dut.in_first, c, 1, junk ? rng() & 1u : in.first);
  set_bits(dut.in_last, c, 1, junk ? rng() & 1u : in.last);
  const int w = slot.in_w();
  for (int r = 0; r < slot.m; ++r) {
    for (int i = 0; i < slot.k; ++i) {
      const int lsb = c * layout.a_slot + (r * slot.k + i) * w;
      set_bits(dut.a_flat, lsb, w, junk ? rng() : in.a[r][i]);
    }
  }
  for (int col = 0; col < slot.n; ++col) {
    for (int i = 0; i < slot.k; ++i) {
      const int lsb = c * layout.b_slot + (col * slot.k + i) * w;
      set_bits(dut.b_flat, lsb, w, junk ? rng() : in.b[col][i]);
    }
  }
}

// Slot c's accumulators, acc[m * N + n] (raw bits), and out_valid.
template <class Model>
bool read_mac_slot(const Model& dut, const MacLayout& layout, int c, const MacSlot& slot,
                   std::vector<std::uint32_t>& acc) {
  acc.resize(static_cast<std::size_t>(slot.m * slot.n));
  for (int i = 0; i < slot.m * slot.n; ++i) {
    acc[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(
        get_bits(dut.out_acc, c * layout.acc_slot + i * slot.acc_w(), slot.acc_w()));
  }
  return get_bits(dut.out_valid, c, 1) != 0;
}

}  // namespace lutsim::rtl_bench
