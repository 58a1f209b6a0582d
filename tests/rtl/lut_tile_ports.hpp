#pragma once
// The flat ports of the LUT tile bench wrappers (tests/rtl/lut_*_tb.sv): one
// slot per configuration, the configurations in `cfg_info` and the slot sizes
// in `layout`. Shared by the Verilator bench and the SystemC lockstep tests,
// so the list of RTL configurations lives in the wrappers only.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/reference/tile_shape.hpp"
#include "sim/reference/tile_stimulus.hpp"
#include "tests/rtl/verilator_ports.hpp"

namespace lutsim::rtl_bench {

using cycle_ref::CycleInputs;
using cycle_ref::TileShape;

// Slot sizes of a bench wrapper's flat ports, read from its `layout` output.
struct Layout {
  int configs, wr_en_slot, wr_data_slot, idx_slot, acc_slot;
};

template <class Model>
Layout read_layout(const Model& model) {
  const auto field = [&](int i) { return static_cast<int>(get_bits(model.layout, 32 * i, 32)); };
  return {field(4), field(3), field(2), field(1), field(0)};
}

// Decodes one 32-bit cfg_info word of a bench wrapper (tests/rtl/*_tb.sv).
TileShape decode_cfg_info(std::uint32_t word) {
  const auto bit = [word](int i) { return ((word >> i) & 1u) != 0; };
  TileShape s;
  s.geometry.m = static_cast<int>(word & 0xFFu);
  s.geometry.n = static_cast<int>((word >> 8) & 0xFFu);
  s.geometry.k = static_cast<int>((word >> 16) & 0xFu);
  s.w_bit = static_cast<int>((word >> 20) & 0xFu);
  s.integer_tables = bit(24);
  s.geometry.table_form = bit(25)   ? TableForm::kSymmetricHalf
                          : bit(28) ? TableForm::kSymmetricFull
                                    : TableForm::kUnsignedFull;
  s.neg_in_acc = bit(26);
  s.precompute = bit(27);
  s.pair = bit(29);
  s.quantized = bit(30);
  return s;
}

// Empty if the shape fits the wrapper's slots, else what does not fit.
std::string check_fits(const TileShape& s, const Layout& l) {
  if (s.geometry.m > l.wr_en_slot) return "M exceeds the write-enable slot";
  const int table_bits = s.precompute ? s.groups_per_pass() * s.geometry.k * s.activation_width()
                                      : s.table_words() * s.entry_width();
  if (s.geometry.m * table_bits > l.wr_data_slot) return "tables exceed the data slot";
  if (s.geometry.n * s.index_width() > l.idx_slot) return "indices exceed the index slot";
  if (s.geometry.m * s.geometry.n * s.acc_width() > l.acc_slot)
    return "accumulators exceed the output slot";
  return {};
}

template <class Model>
void drive(Model& model, const Layout& l, int c, const CycleInputs& in, const TileShape& s) {
  set_bits(model.in_valid, c, 1, in.valid);
  set_bits(model.in_first, c, 1, in.first);
  set_bits(model.in_last, c, 1, in.last);
  for (int n = 0; n < s.geometry.n; ++n) {
    set_bits(model.in_idx, c * l.idx_slot + n * s.index_width(), s.index_width(),
             in.idx[static_cast<std::size_t>(n)]);
  }
  const int table_bits = s.precompute ? s.groups_per_pass() * s.geometry.k * s.activation_width()
                                      : s.table_words() * s.entry_width();
  for (int m = 0; m < s.geometry.m; ++m) {
    const bool write = in.table_write[static_cast<std::size_t>(m)];
    set_bits(model.tbl_wr_en, c * l.wr_en_slot + m, 1, write);
    if (!write) continue;
    if (s.precompute) {  // the unit computes the table from the group's activations
      const auto& x = in.table_x[static_cast<std::size_t>(m)];
      for (int i = 0; i < s.geometry.k * s.groups_per_pass(); ++i) {
        set_bits(model.tbl_wr_data, c * l.wr_data_slot + m * table_bits + i * s.activation_width(),
                 s.activation_width(), x[static_cast<std::size_t>(i)]);
      }
      continue;
    }
    const auto& entries = in.table_bits[static_cast<std::size_t>(m)];
    for (int e = 0; e < s.table_words(); ++e) {
      set_bits(model.tbl_wr_data, c * l.wr_data_slot + m * table_bits + e * s.entry_width(),
               s.entry_width(), entries[static_cast<std::size_t>(e)]);
    }
  }
}

template <class Model>
void observe(const Model& model, const Layout& l, int c, const TileShape& s,
             std::vector<std::uint32_t>& acc) {
  acc.resize(static_cast<std::size_t>(s.geometry.m * s.geometry.n));
  for (int i = 0; i < s.geometry.m * s.geometry.n; ++i) {
    acc[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(
        get_bits(model.out_acc, c * l.acc_slot + i * s.acc_width(), s.acc_width()));
  }
}

// The configurations of a wrapper, in slot order, with their PIPE_STAGES
// from `cfg_pipe` (8 bits each) and integer accumulator widths from `cfg_acc`
// (8 bits each, 0 for 32) where the wrapper has those ports; throws
// std::runtime_error naming a configuration that does not fit its slots.
template <class Model>
std::vector<TileShape> read_shapes(const Model& model, const Layout& layout) {
  std::vector<TileShape> shapes;
  for (int c = 0; c < layout.configs; ++c) {
    shapes.push_back(
        decode_cfg_info(static_cast<std::uint32_t>(get_bits(model.cfg_info, 32 * c, 32))));
    if constexpr (requires { model.cfg_pipe; })
      shapes.back().pipe_stages = static_cast<int>(get_bits(model.cfg_pipe, 8 * c, 8));
    if constexpr (requires { model.cfg_acc; }) {  // INT_ACC_W (0: the default, 32)
      if (const auto w = static_cast<int>(get_bits(model.cfg_acc, 8 * c, 8)); w > 0)
        shapes.back().int_acc_width = w;
    }
    if (const std::string err = check_fits(shapes.back(), layout); !err.empty()) {
      throw std::runtime_error("configuration " + std::to_string(c) + " (" + shapes.back().name() +
                               "): " + err);
    }
  }
  return shapes;
}

}  // namespace lutsim::rtl_bench
