#pragma once
// Switching activity of the signals of one scope of a VCD file (as iverilog writes it),
// measured over a time window: per signal bit, the number of 0<->1 transitions and the time
// spent at 1.
//
// Conventions (the same as OpenSTA's read_vcd): a 0<->1 change counts as one transition; a
// change to or from x or z counts as half of one; x and z count as not 1 for the time at 1.
// The value a signal has when the window opens is its initial state, not a transition.

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "ppa/power/gate_netlist.hpp"
#include "ppa/power/netlist_activity.hpp"

namespace lutsim::ppa {

class VcdError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct VcdReadOptions {
  // Scope whose variables are read, as dotted path of VCD scopes ("tb.dut").
  std::string scope;
  // Activity is counted over [window_start_s, window_end_s]; the end defaults to the last
  // time stamp of the file.
  double window_start_s = 0;
  std::optional<double> window_end_s;
};

class VcdActivity {
 public:
  static VcdActivity read(const std::filesystem::path& file, const VcdReadOptions& options);
  static VcdActivity parse(const std::string& text, const std::string& source_name,
                           const VcdReadOptions& options);

  double window_s() const { return window_end_s_ - window_start_s_; }
  double window_start_s() const { return window_start_s_; }
  // By bit name: "n1" for a scalar, "a[3]" for bit 3 of vector a, escaped identifiers without
  // their backslash. nullptr if the scope has no such signal.
  const SignalActivity* find(const std::string& bit_name) const;
  // Transitions per second and fraction of time at 1 of a signal that exists.
  double density(const SignalActivity& a) const;
  double duty(const SignalActivity& a) const;
  std::size_t size() const { return signals_.size(); }

 private:
  double window_start_s_ = 0, window_end_s_ = 0;
  std::unordered_map<std::string, SignalActivity> signals_;
  friend class VcdParser;
};

// The activity of each net of `netlist`, found in the VCD under any of the net's names.
// Throws std::runtime_error naming a net that is not in the VCD (constant nets need not be).
NetlistActivity netlist_activity(const GateNetlist& netlist, const VcdActivity& vcd);

}  // namespace lutsim::ppa
