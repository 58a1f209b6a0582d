#pragma once
// Per-component area, leakage and energy of one cell library, fitted from
// synthesized and simulated micro-blocks (component_fit.hpp), with the
// provenance of every number: the table the analytic model prices designs by.
//
// Each component's cost is a function of one size variable x (bits, (entries
// - 1) x width, adder width; x = 0 for fixed blocks such as the FP16 adder),
// tabulated at the synthesized sizes (knots) and interpolated linearly between
// them (extrapolated along the nearest segment beyond them):
//   area_um2(x), leakage_w(x)                 static cost
//   energy per cycle (pJ) = base(x) + rate * event(x)
// where `rate` is the fraction of cycles in which the component's data inputs
// change (1 for a datapath fed new operands every cycle, 1/W_BIT for a table
// register written once per group). `base` is what a cycle costs without new
// data (clock pins, a lookup's changing select); components measured at one
// rate only have base = 0.

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace lutsim::ppa {

enum class ComponentId : std::uint8_t {
  kTableRegFp16,    // lut_table_reg, FP16 entries; x = bits; rate = writes per cycle
  kTableRegInt,     // lut_table_reg, integer entries of INT8 activations
  kLookupFp16,      // lut_lookup without negation (NEG_IN_ACC = 1); x = (entries - 1) * width;
  kLookupInt,       //   rate = table changes per cycle (select changes every cycle)
  kLookupNegInt,    // lut_lookup of integer half tables with the negation (NEG_IN_ACC = 0)
  kCondNegInt,      // y = s ? x : -x; x = width
  kNegInt,          // y = -x; x = width
  kAddInt,          // W-bit adder; x = width
  kAddFp16,         // fp16_add
  kPrecomputeFp16,  // lut_table_precompute, half table; x = its adders, 2^K - 4 + 2^(K-1)
  kPrecomputeInt,
  kMulFp16,    // fp16_mul
  kMulInt8,    // signed 8 x 8 multiplier
  kAccFp16S0,  // FP16 accumulator (adder + register): fp16_add (MAC)
  kAccFp16S1,  //   fp16_add_scaled with SCALE_W = 1, 2, 3 (LUT, ADD)
  kAccFp16S2,
  kAccFp16S3,
  kAccIntS0,  // INT32 accumulator; x = input width; no shift (MAC)
  kAccIntS1,  //   shift by a SHIFT_W = 1, 2, 3-bit plane (LUT, ADD)
  kAccIntS2,
  kAccIntS3,
  kAccIntNegS1,  //   adder/subtractor (NEG_IN_ACC), SHIFT_W = 1, 2, 3
  kAccIntNegS2,
  kAccIntNegS3,
  kCtrlW1,  // lut_ctrl, W_BIT = 1 .. 8
  kCtrlW2,
  kCtrlW3,
  kCtrlW4,
  kCtrlW5,
  kCtrlW6,
  kCtrlW7,
  kCtrlW8,
  kAddFp16Signed,  // fp16_add in an ADD unit's chain: operands +-x with the magnitudes held
                   //   for W_BIT cycles and the signs new every cycle; rate = 1 / W_BIT
};
inline constexpr int kComponentCount = static_cast<int>(ComponentId::kAddFp16Signed) + 1;

// "table_reg_fp16", "acc_int_neg_s2", "ctrl_w4", ... (the YAML keys).
std::string_view component_name(ComponentId id);
// Throws std::invalid_argument for an unknown name.
ComponentId parse_component_name(std::string_view name);
// What the component's size variable x measures ("bits", "entries x width",
// "width", "" for fixed blocks).
std::string_view component_size_name(ComponentId id);

struct LinearFit {
  double c0 = 0, c1 = 0;
  double at(double x) const { return c0 + c1 * x; }
};

// The fitted cost at one size.
struct CostKnot {
  double size = 0;
  double area_um2 = 0;
  double leakage_w = 0;
  double energy_base_pj = 0;   // per cycle, whether or not data change
  double energy_event_pj = 0;  // per cycle with new data
};

// One simulated micro-block run the fit used.
struct FitPoint {
  std::string block;       // SystemVerilog top
  std::string parameters;  // "ENTRIES=8 ENTRY_W=16"
  double size = 0;         // the component's x
  double rate = 1;         // data changes per cycle in the stimulus
  double area_um2 = 0;
  double leakage_w = 0;
  double energy_pj = 0;  // dynamic (internal + switching) energy per cycle
};

struct ComponentFit {
  bool measured = false;
  std::vector<CostKnot> knots;  // ascending size, at least one when measured
  std::vector<FitPoint> points;

  // The cost at size x: linear between the two knots around x (or the nearest
  // two beyond the ends); the single knot of a fixed-size component.
  CostKnot at(double x) const;
  // Energy per cycle (pJ) at size x with data changing in `rate` of the cycles.
  double energy_pj(double x, double rate) const {
    const CostKnot k = at(x);
    return k.energy_base_pj + rate * k.energy_event_pj;
  }
};

struct TableProvenance {
  std::string library;              // cell library name ("nangate45")
  std::string library_description;  // e.g. "NanGate 45 nm Open Cell Library, typical, 1.10 V"
  std::string synthesis_flow;       // "yosys 0.23 ...: synth -flatten; dfflibmap; abc; ..."
  std::string power_flow;           // how power was computed
  std::string git_revision;
  std::string created_utc;
  double clock_mhz = 0;  // simulation clock
  int cycles = 0;        // simulated cycles per run, warm-up included
  int warmup_cycles = 0;
  std::uint64_t seed = 0;
  std::string stimulus;  // the data conventions
};

struct ComponentTable {
  TableProvenance provenance;
  std::array<ComponentFit, kComponentCount> fits;

  const ComponentFit& fit(ComponentId id) const { return fits[static_cast<int>(id)]; }
  ComponentFit& fit(ComponentId id) { return fits[static_cast<int>(id)]; }
};

// YAML text of the table (provenance, fits, and the points they came from).
std::string to_yaml(const ComponentTable& table);
// Reads a table written by to_yaml. Throws std::runtime_error naming the file
// and the problem (missing file, unknown component, missing key).
ComponentTable load_component_table(const std::filesystem::path& path);
ComponentTable parse_component_table(const std::string& yaml_text, const std::string& origin);

// Least-squares line through (x, y); a single x value (or one point) gives a
// constant.
LinearFit fit_line(const std::vector<double>& x, const std::vector<double>& y);

// Fits every component of `table` that has points: at each size, area and
// leakage are averaged over the runs and the runs at two or more rates give
// base and event energy by a line in the rate (one rate: event only); one knot
// per size.
void fit_components(ComponentTable& table);

}  // namespace lutsim::ppa
