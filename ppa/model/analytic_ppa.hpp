#pragma once
// The calibrated analytic PPA model: a design's area, power and energy per
// MAC from the components its RTL is built of (counted from the structure of
// each DesignKind, with how often each one sees new data), priced by the
// per-component table of one cell library (component_table.hpp).
//
// Pure arithmetic: no allocation, no I/O; about 10^7 design points per second
// (bench/ppa_model_bench.cpp). The model holds no pJ or um^2 constant of its
// own and no per-design correction: every number comes from the table.

#include <array>
#include <stdexcept>

#include "ppa/model/component_table.hpp"
#include "ppa/design/design_point.hpp"

namespace lutsim::ppa {

// `count` instances of a component at size x whose data change in `rate` of
// the cycles.
struct ComponentUse {
  ComponentId id = ComponentId::kAddFp16;
  double count = 0;
  double size = 0;
  double rate = 1;
};

// The components of one design (a fixed-capacity list: no allocation).
struct ComponentUses {
  static constexpr int kCapacity = 16;
  std::array<ComponentUse, kCapacity> items{};
  int size = 0;

  void add(ComponentId id, double count, double x, double rate) {
    if (count <= 0) return;
    if (size == kCapacity) throw std::logic_error("ComponentUses: capacity exceeded");
    items[static_cast<std::size_t>(size++)] = {id, count, x, rate};
  }
  const ComponentUse* begin() const { return items.data(); }
  const ComponentUse* end() const { return items.data() + size; }
};

// What the design is built of, mirroring its RTL (see analytic_ppa.cpp for the
// composition of each kind). Throws std::invalid_argument for an invalid point.
ComponentUses component_uses(const DesignPoint& design);

struct AnalyticPpa {
  double area_um2 = 0;
  double leakage_w = 0;
  double dynamic_w = 0;  // at clock_mhz, steady state (no bubbles)
  double total_w = 0;    // dynamic + leakage
  double clock_mhz = 0;
  double macs_per_cycle = 0;
  double energy_per_mac_pj = 0;  // total_w per MAC at clock_mhz; 0 without MACs
};

// Prices the design with `table` at `clock_mhz`. Throws std::invalid_argument
// for an invalid design or clock and std::runtime_error when the table lacks a
// component the design needs.
AnalyticPpa analytic_ppa(const DesignPoint& design, const ComponentTable& table, double clock_mhz);

}  // namespace lutsim::ppa
