#pragma once
// The parts of a Liberty cell library that power estimation needs, converted to SI units
// (s, F, V, J, W) from the library's own units: areas, leakage (total and per state), pin
// capacitances and functions, internal-power energy tables, output transition tables and
// the default wire-load model.

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ppa/power/boolean_function.hpp"
#include "ppa/power/liberty_syntax.hpp"
#include "ppa/power/lookup_table.hpp"

namespace lutsim::ppa {

enum class PinDirection { kInput, kOutput, kInout, kInternal };
enum class TimingSense { kPositiveUnate, kNegativeUnate, kNonUnate };

// One `internal_power` group. Energies are per transition of the pin that owns the group
// (an output: per output rise/fall; an input: per input rise/fall), J.
struct InternalPowerArc {
  std::string related_pin;     // empty for input-pin groups without one
  std::string related_pg_pin;  // supply pin the energy is drawn from, often empty
  BooleanFunction when;        // empty when unconditional
  LookupTable rise_energy;
  LookupTable fall_energy;
};

// One `timing` group's output transition tables (delays are not needed for power).
struct TransitionArc {
  std::string related_pin;
  TimingSense sense = TimingSense::kNonUnate;
  LookupTable rise_transition;  // s, by (input slew, load)
  LookupTable fall_transition;
};

struct LibertyPin {
  std::string name;
  PinDirection direction = PinDirection::kInput;
  double capacitance_f = 0;
  bool is_clock = false;
  BooleanFunction function;  // outputs: in terms of input pins or the ff/latch state
  bool three_state = false;  // an output with a `three_state` (enable) condition
  std::vector<InternalPowerArc> internal_power;
  std::vector<TransitionArc> transitions;
};

struct LeakageState {
  BooleanFunction when;
  double power_w = 0;
};

struct LibertyCell {
  std::string name;
  double area_um2 = 0;
  double cell_leakage_w = 0;
  bool has_cell_leakage = false;
  std::vector<LeakageState> leakage_states;  // `leakage_power` groups
  std::vector<LibertyPin> pins;
  // Storage elements: ff("IQ","IQN") / latch(...) state variable names, empty if combinational.
  std::string state, state_inverted;
  // The storage element's behaviour: an ff's next_state and clocked_on, or a latch's data_in
  // and enable (is_latch); asynchronous clear and preset, empty when absent.
  bool is_latch = false;
  BooleanFunction next_state, clocked_on, clear, preset;

  const LibertyPin* find_pin(const std::string& pin) const;
  bool is_sequential() const { return !state.empty(); }
};

// Net capacitance estimated from fanout (Liberty `wire_load`).
struct WireLoadModel {
  std::string name;
  double capacitance_per_length_f = 0;
  double slope = 0;                                   // length per fanout beyond the table
  std::vector<std::pair<int, double>> fanout_length;  // ascending fanout

  // Estimated wire capacitance of a net with `fanout` load pins, F (0 for no loads).
  double wire_capacitance_f(int fanout) const;
};

struct LibertyUnits {
  double time_s = 1e-9;          // time_unit
  double capacitance_f = 1e-12;  // capacitive_load_unit
  double voltage_v = 1;          // voltage_unit
  double leakage_w = 1e-9;       // leakage_power_unit
  // Internal-power table values are energies in capacitance unit x voltage unit^2.
  double energy_j() const { return capacitance_f * voltage_v * voltage_v; }
};

class LibertyLibrary {
 public:
  // Reads and converts a whole file. Throws LibertyError ("<file>:<line>: ...").
  static LibertyLibrary read(const std::filesystem::path& file);
  // The same from text already in memory; `source_name` prefixes error messages.
  static LibertyLibrary parse(const std::string& text, const std::string& source_name);

  const std::string& name() const { return name_; }
  const LibertyUnits& units() const { return units_; }
  double nominal_voltage_v() const { return nominal_voltage_v_; }
  const std::map<std::string, LibertyCell>& cells() const { return cells_; }
  const LibertyCell* find_cell(const std::string& cell) const;
  // Throws LibertyError when the library has no such cell.
  const LibertyCell& cell(const std::string& cell) const;
  // The library's default_wire_load, or nullptr.
  const WireLoadModel* default_wire_load() const;

 private:
  std::string name_;
  std::string source_;
  LibertyUnits units_;
  double nominal_voltage_v_ = 0;
  std::map<std::string, LibertyCell> cells_;
  std::map<std::string, WireLoadModel> wire_loads_;
  std::string default_wire_load_;
  friend class LibertyModelBuilder;
};

// The library at `file`, parsed once per process and shared (thread-safe).
const LibertyLibrary& cached_liberty_library(const std::filesystem::path& file);

}  // namespace lutsim::ppa
