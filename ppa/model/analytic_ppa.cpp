#include "ppa/model/analytic_ppa.hpp"

#include <stdexcept>
#include <string>

#include "core/lut/lut_table.hpp"

namespace lutsim::ppa {
namespace {

constexpr int clog2(int v) {
  int n = 0;
  while ((1 << n) < v) ++n;
  return n;
}

// Widths as the RTL's localparams define them.
int entry_width(int k, bool integer) {
  return integer ? clog2(128 * k + 1) + 1 : 16;
}
// Bits of an exact sum of j INT8 values (the RTL's ENTRY_W formula for j = K).
int integer_sum_width(int j) {
  return clog2(128 * j + 1) + 1;
}
int plane_width(int w_bit) {
  return w_bit > 1 ? clog2(w_bit) : 1;
}

ComponentId offset(ComponentId first, int by) {
  return static_cast<ComponentId>(static_cast<int>(first) + by);
}

// The accumulator element of a bit-serial unit (lut_pe, add_bitserial_unit):
// a scaled FP16 adder or a shifting INT32 adder(/subtractor) with its register.
void add_bit_serial_accumulator(ComponentUses& u, const DesignPoint& d, double count, int in_w,
                                bool subtract) {
  const int pw = plane_width(d.weight_bits);
  if (!integer_datapath(d)) {
    u.add(offset(ComponentId::kAccFp16S0, pw), count, 0, 1);
  } else if (subtract) {
    u.add(offset(ComponentId::kAccIntNegS1, pw - 1), count, in_w, 1);
  } else {
    u.add(offset(ComponentId::kAccIntS0, pw), count, in_w, 1);
  }
}

// lut_pe: lookup (mux with the half table's address inversion; for integer
// half tables with the negation, which synthesis merges into the mux, unless
// it is folded into the accumulator; FP16 negation is the sign XOR inside the
// accumulator component), and the accumulator. Indices change every cycle,
// the table every W_BIT cycles.
void add_lut_pe(ComponentUses& u, const DesignPoint& d, double count) {
  const bool integer = integer_datapath(d);
  const int w = entry_width(d.geometry.k, integer);
  const int entries = d.geometry.table_entries();
  const bool negate_here = integer && d.symmetric() && !d.negation_in_acc;
  const ComponentId lookup = negate_here ? ComponentId::kLookupNegInt
                             : integer   ? ComponentId::kLookupInt
                                         : ComponentId::kLookupFp16;
  u.add(lookup, count, (entries - 1.0) * w, 1.0 / d.weight_bits);
  add_bit_serial_accumulator(u, d, count, w, d.negation_in_acc);
}

void add_table_reg(ComponentUses& u, const DesignPoint& d, double count) {
  const bool integer = integer_datapath(d);
  const double bits = 1.0 * d.geometry.table_entries() * entry_width(d.geometry.k, integer);
  u.add(integer ? ComponentId::kTableRegInt : ComponentId::kTableRegFp16, count, bits,
        1.0 / d.weight_bits);
}

void add_ctrl(ComponentUses& u, const DesignPoint& d) {
  u.add(offset(ComponentId::kCtrlW1, d.weight_bits - 1), 1, 0, 1);
}

// lut_table_precompute. Half table: the measured leaf, priced by its adder
// count 2^K - 4 + 2^(K-1) (its adders share operands, which synthesis exploits
// across the block, so it is not priced as isolated adders). Full tables
// (FULL_FORM = 0, unsigned digits): one adder per entry with two or more set
// bits, 2^K - K - 1, integer ones as wide as their sums. New activations `rate`
// of the cycles.
void add_precompute(ComponentUses& u, const DesignPoint& d, double rate) {
  const int k = d.geometry.k;
  const bool integer = integer_datapath(d);
  if (d.symmetric()) {
    const int adders = precompute_adders(k, TableForm::kSymmetricHalf);
    u.add(integer ? ComponentId::kPrecomputeInt : ComponentId::kPrecomputeFp16, 1, adders, rate);
  } else if (integer) {
    u.add(ComponentId::kAddInt, precompute_adders(k, TableForm::kUnsignedFull),
          integer_sum_width(k), rate);
  } else {
    u.add(ComponentId::kAddFp16, precompute_adders(k, TableForm::kUnsignedFull), 0, rate);
  }
}

// add_bitserial_unit: per plane the K selected terms (integer symmetric form:
// a conditional negation each; FP16: a sign XOR; unsigned integer: AND gates,
// not counted) summed by a chain of K - 1 adders (unsigned FP16: two 2:1
// muxes per stage skip cleared bits; integer: adder i is as wide as a sum of
// i + 1 activations), then the bit-serial accumulator.
void add_add_unit(ComponentUses& u, const DesignPoint& d) {
  const int k = d.geometry.k;
  const bool integer = integer_datapath(d);
  const int w = entry_width(k, integer);
  add_ctrl(u, d);
  if (integer) {
    if (d.symmetric()) u.add(ComponentId::kCondNegInt, k, integer_sum_width(1), 1);
    for (int i = 1; i < k; ++i) u.add(ComponentId::kAddInt, 1, integer_sum_width(i + 1), 1);
  } else {
    // Digits +-1: the activations are held for the group's W_BIT planes, the signs change
    // every plane. Digits {0, 1}: operands are selected in or out every plane.
    if (d.symmetric()) {
      u.add(ComponentId::kAddFp16Signed, k - 1, 0, 1.0 / d.weight_bits);
    } else {
      u.add(ComponentId::kAddFp16, k - 1, 0, 1);
      u.add(ComponentId::kLookupFp16, 2 * (k - 1), 16, 1);  // 2:1 muxes
    }
  }
  add_bit_serial_accumulator(u, d, 1, w, false);
}

// mac_dot_unit: K multipliers, K - 1 adders of the balanced tree, the
// accumulator; `count` units (mac_array). INT8 tree nodes are 16 + clog2(K)
// bits in the RTL, but a level-l node sums at most 2^l sign-extended 16-bit
// products: synthesis keeps 16 + l bits.
void add_mac_units(ComponentUses& u, const DesignPoint& d, double count) {
  const int k = d.geometry.k;
  const bool integer = integer_datapath(d);
  const int node_w = 16 + clog2(k);
  u.add(integer ? ComponentId::kMulInt8 : ComponentId::kMulFp16, count * k, 0, 1);
  if (integer) {
    for (int l = 1, nodes = k; nodes > 1; ++l) {
      u.add(ComponentId::kAddInt, count * (nodes / 2), 16 + l, 1);
      nodes = (nodes + 1) / 2;
    }
    u.add(ComponentId::kAccIntS0, count, node_w, 1);
  } else {
    u.add(ComponentId::kAddFp16, count * (k - 1), 0, 1);
    u.add(ComponentId::kAccFp16S0, count, 0, 1);
  }
}

[[noreturn]] void missing(const ComponentTable& t, ComponentId id, const DesignPoint& d) {
  throw std::runtime_error("component table of '" + t.provenance.library + "' has no " +
                           std::string(component_name(id)) + " (needed by " + d.label() + ")");
}

}  // namespace

ComponentUses component_uses(const DesignPoint& d) {
  d.validate();
  if (d.pipeline_stages != 0) {
    throw std::invalid_argument(d.label() +
                                ": the component model prices no pipeline registers (price "
                                "pipelined designs with method: synthesis)");
  }
  ComponentUses u;
  const double units = 1.0 * d.geometry.m * d.geometry.n;
  switch (d.kind) {
    case DesignKind::kLutDotUnit:
      add_table_reg(u, d, 1);
      add_lut_pe(u, d, 1);
      add_ctrl(u, d);
      break;
    case DesignKind::kLutDotUnitPrecompute:
      add_precompute(u, d, 1.0 / d.weight_bits);
      add_table_reg(u, d, 1);
      add_lut_pe(u, d, 1);
      add_ctrl(u, d);
      break;
    case DesignKind::kLutPe:
      add_lut_pe(u, d, 1);
      break;
    case DesignKind::kLutArray:
      add_table_reg(u, d, d.geometry.m);
      add_lut_pe(u, d, units);
      add_ctrl(u, d);
      break;
    case DesignKind::kAddDotUnit:
      add_add_unit(u, d);
      break;
    case DesignKind::kMacDotUnit:
      add_mac_units(u, d, 1);
      break;
    case DesignKind::kMacArray:
      add_mac_units(u, d, units);
      break;
    case DesignKind::kTablePrecompute:
      add_precompute(u, d, 1.0);
      break;
  }
  return u;
}

AnalyticPpa analytic_ppa(const DesignPoint& d, const ComponentTable& table, double clock_mhz) {
  if (!(clock_mhz > 0)) throw std::invalid_argument("analytic_ppa: clock must be > 0 MHz");
  const ComponentUses uses = component_uses(d);
  AnalyticPpa r;
  double energy_pj = 0;
  for (const ComponentUse& c : uses) {
    const ComponentFit& f = table.fit(c.id);
    if (!f.measured || f.knots.empty()) missing(table, c.id, d);
    const CostKnot k = f.at(c.size);
    r.area_um2 += c.count * k.area_um2;
    r.leakage_w += c.count * k.leakage_w;
    energy_pj += c.count * (k.energy_base_pj + c.rate * k.energy_event_pj);
  }
  r.clock_mhz = clock_mhz;
  r.dynamic_w = energy_pj * 1e-12 * clock_mhz * 1e6;
  r.total_w = r.dynamic_w + r.leakage_w;
  r.macs_per_cycle = macs_per_cycle(d);
  if (r.macs_per_cycle > 0) {
    r.energy_per_mac_pj = r.total_w / (r.macs_per_cycle * clock_mhz * 1e6) * 1e12;
  }
  return r;
}

}  // namespace lutsim::ppa
