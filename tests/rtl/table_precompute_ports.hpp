#pragma once
// The configurations and slots of the Verilated precompute wrapper
// (lut_table_precompute_tb.sv), read from its layout and cfg_info ports: what
// the Verilator bench and the SystemC precompute tests both drive.

#include <cstdint>
#include <vector>

#include "core/lut/lut_array_geometry.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {

// One configuration of lut_table_precompute_tb: K, activations (TABLE_FORMAT
// 1: INT8 -> integer), table form, PIPE_STAGES.
struct PrecomputeSlot {
  int k = 2;
  bool integer = false;
  TableForm form = TableForm::kSymmetricHalf;
  int pipe_stages = 0;
};

// The wrapper's slots: configurations, bits per activation slot and per table slot.
struct PrecomputeLayout {
  int configs = 0;
  int x_slot = 0;
  int table_slot = 0;
};

template <class Model>
PrecomputeLayout read_precompute_layout(const Model& dut) {
  return {.configs = static_cast<int>(get_bits(dut.layout, 64, 32)),
          .x_slot = static_cast<int>(get_bits(dut.layout, 32, 32)),
          .table_slot = static_cast<int>(get_bits(dut.layout, 0, 32))};
}

// cfg_info byte 0: K, 1: TABLE_FORMAT, 2: form (0 half, 1 unsigned full,
// 2 symmetric full), 3: PIPE_STAGES.
template <class Model>
std::vector<PrecomputeSlot> read_precompute_slots(const Model& dut) {
  static constexpr TableForm kForms[] = {TableForm::kSymmetricHalf, TableForm::kUnsignedFull,
                                         TableForm::kSymmetricFull};
  std::vector<PrecomputeSlot> slots;
  const int configs = read_precompute_layout(dut).configs;
  for (int c = 0; c < configs; ++c) {
    slots.push_back({.k = static_cast<int>(get_bits(dut.cfg_info, c * 32, 8)),
                     .integer = get_bits(dut.cfg_info, c * 32 + 8, 8) != 0,
                     .form = kForms[get_bits(dut.cfg_info, c * 32 + 16, 8) % 3],
                     .pipe_stages = static_cast<int>(get_bits(dut.cfg_info, c * 32 + 24, 8))});
  }
  return slots;
}

}  // namespace lutsim::rtl_bench
