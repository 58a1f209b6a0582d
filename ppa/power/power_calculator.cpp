#include "ppa/power/power_calculator.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

namespace lutsim::ppa {
namespace {

struct Activity {
  double density = 0;  // transitions per second
  double duty = 0;     // fraction of time at 1
};

struct Slew {
  double rise = 0, fall = 0;
};

// The per-net quantities the cell-by-cell sums need, computed once.
class NetState {
 public:
  NetState(const LibertyLibrary& lib, const GateNetlist& nl, const NetlistActivity& activity,
           const PowerOptions& options)
      : lib_(lib), nl_(nl), options_(options) {
    cells_.reserve(nl.instances().size());
    for (const CellInstance& inst : nl.instances()) cells_.push_back(&lib.cell(inst.cell_type));
    read_activity(activity);
    compute_loads();
    slews_.assign(nl.nets().size(), Slew{});
    slew_state_.assign(nl.nets().size(), 0);
    for (std::size_t n = 0; n < nl.nets().size(); ++n) slew(static_cast<int>(n));
  }

  const LibertyCell& cell(int instance) const { return *cells_[instance]; }
  const Activity& activity(int net) const { return activity_[net]; }
  double load_f(int net) const { return load_f_[net]; }
  const Slew& net_slew(int net) const { return slews_[net]; }

 private:
  void read_activity(const NetlistActivity& activity) {
    if (activity.nets.size() != nl_.nets().size()) {
      throw std::logic_error("power: the activity is not of netlist " + nl_.module_name());
    }
    for (std::size_t n = 0; n < nl_.nets().size(); ++n) {
      const int constant = nl_.nets()[n].constant;
      activity_.push_back(constant >= 0 ? Activity{0, static_cast<double>(constant)}
                                        : Activity{activity.density_per_s(static_cast<int>(n)),
                                                   activity.duty(static_cast<int>(n))});
    }
  }

  void compute_loads() {
    const WireLoadModel* wire = options_.wire_load ? lib_.default_wire_load() : nullptr;
    for (const Net& net : nl_.nets()) {
      double c = 0;
      for (const NetPin& load : net.loads) {
        const LibertyPin* pin = cells_[load.instance]->find_pin(load.pin);
        if (pin) c += pin->capacitance_f;
      }
      const int fanout = static_cast<int>(net.loads.size()) + (net.drives_output_port ? 1 : 0);
      if (wire && net.constant < 0) c += wire->wire_capacitance_f(fanout);
      load_f_.push_back(c);
    }
  }

  // Output slew of the net's driver: the worst over its transition arcs, each read at the
  // related input's slew (by unateness) and the net's load. Memoized depth-first; a
  // combinational loop is cut with a zero slew.
  const Slew& slew(int n) {
    if (slew_state_[n] == 2) return slews_[n];
    if (slew_state_[n] == 1) return kIdeal;
    slew_state_[n] = 1;
    const Net& net = nl_.nets()[n];
    Slew out;
    if (net.constant >= 0 || !net.has_driver) {
      out = {};
    } else if (net.driver.instance == NetPin::kTopPort) {
      const bool is_clock = std::any_of(net.loads.begin(), net.loads.end(), [&](const NetPin& p) {
        const LibertyPin* pin = cells_[p.instance]->find_pin(p.pin);
        return pin && pin->is_clock;
      });
      const double s = is_clock ? options_.clock_slew_s : options_.input_slew_s;
      out = {s, s};
    } else {
      out = driver_slew(net.driver.instance, net.driver.pin, load_f_[n]);
    }
    slews_[n] = out;
    slew_state_[n] = 2;
    return slews_[n];
  }

  Slew driver_slew(int instance, const std::string& pin_name, double load) {
    const CellInstance& inst = nl_.instances()[instance];
    const LibertyPin* pin = cells_[instance]->find_pin(pin_name);
    Slew out;
    if (!pin) return out;
    for (const TransitionArc& arc : pin->transitions) {
      const int from = inst.net_of(arc.related_pin);
      const Slew in = from >= 0 ? slew(from) : Slew{};
      double in_rise = in.rise, in_fall = in.fall;
      if (arc.sense == TimingSense::kNegativeUnate) std::swap(in_rise, in_fall);
      if (arc.sense == TimingSense::kNonUnate) in_rise = in_fall = std::max(in.rise, in.fall);
      if (!arc.rise_transition.empty()) {
        out.rise = std::max(out.rise, arc.rise_transition.at(in_rise, load));
      }
      if (!arc.fall_transition.empty()) {
        out.fall = std::max(out.fall, arc.fall_transition.at(in_fall, load));
      }
    }
    return out;
  }

  static constexpr Slew kIdeal{};
  const LibertyLibrary& lib_;
  const GateNetlist& nl_;
  const PowerOptions& options_;
  std::vector<const LibertyCell*> cells_;
  std::vector<Activity> activity_;
  std::vector<double> load_f_;
  std::vector<Slew> slews_;
  std::vector<int> slew_state_;  // 0 not computed, 1 in progress, 2 done
};

// Power of one cell instance.
class InstancePower {
 public:
  InstancePower(const NetState& nets, const GateNetlist& nl, int instance, double voltage,
                LeakageModel leakage_model)
      : nets_(nets),
        inst_(nl.instances()[instance]),
        cell_(nets.cell(instance)),
        v_(voltage),
        leakage_model_(leakage_model) {}

  CellTypePower compute() {
    CellTypePower p;
    p.count = 1;
    p.leakage_w = leakage();
    for (const LibertyPin& pin : cell_.pins) {
      const int net = inst_.net_of(pin.name);
      if (pin.direction == PinDirection::kOutput || pin.direction == PinDirection::kInout) {
        if (net >= 0)
          p.switching_w += 0.5 * nets_.load_f(net) * v_ * v_ * nets_.activity(net).density;
        p.internal_w += output_internal(pin, net >= 0 ? nets_.load_f(net) : 0.0);
      }
      if (pin.direction == PinDirection::kInput || pin.direction == PinDirection::kInout) {
        p.internal_w += input_internal(pin);
      }
    }
    return p;
  }

 private:
  // Activity of a cell pin: its net's, or for an unconnected output, derived from its
  // function (a flip-flop's QN from its Q).
  Activity pin_activity(const std::string& name) const {
    const int net = inst_.net_of(name);
    if (net >= 0) return nets_.activity(net);
    const LibertyPin* pin = cell_.find_pin(name);
    if (name == cell_.state || name == cell_.state_inverted) return state_activity(name);
    if (!pin || pin->function.empty() || pin->direction == PinDirection::kInput) return {};
    const BooleanFunction& f = pin->function;
    Activity a;
    a.duty = f.probability([&](const std::string& v) { return pin_activity(v).duty; });
    for (const std::string& v : f.variables()) {
      a.density += pin_activity(v).density *
                   f.sensitivity(v, [&](const std::string& u) { return pin_activity(u).duty; });
    }
    return a;
  }

  // The ff/latch state from a connected output that is the state or its complement.
  Activity state_activity(const std::string& state) const {
    for (const LibertyPin& pin : cell_.pins) {
      const int net = inst_.net_of(pin.name);
      if (net < 0 || pin.function.empty() || pin.function.variables().size() != 1) continue;
      const std::string& var = pin.function.variables().front();
      const bool inverted = pin.function.evaluate(0);
      if (var != cell_.state && var != cell_.state_inverted) continue;
      Activity a = nets_.activity(net);
      const bool complement = inverted != (var != state);
      if (complement) a.duty = 1 - a.duty;
      return a;
    }
    return {};
  }

  double duty_of(const BooleanFunction& f) const {
    return f.probability([&](const std::string& v) { return pin_activity(v).duty; });
  }

  Slew pin_slew(const std::string& pin) const {
    const int net = inst_.net_of(pin);
    return net >= 0 ? nets_.net_slew(net) : Slew{};
  }

  double leakage() const {
    if (leakage_model_ == LeakageModel::kCellAverage && cell_.has_cell_leakage) {
      return cell_.cell_leakage_w;
    }
    double conditional = 0, covered = 0;
    bool any_conditional = false;
    double unconditional = 0;
    for (const LeakageState& s : cell_.leakage_states) {
      if (s.when.empty()) {
        unconditional += s.power_w;
        continue;
      }
      const double p = duty_of(s.when);
      conditional += s.power_w * p;
      if (s.power_w > 0) covered += p;
      any_conditional = true;
    }
    double total = any_conditional ? conditional : unconditional;
    if (cell_.has_cell_leakage) total += cell_.cell_leakage_w * (1 - covered);
    return total;
  }

  // OpenSTA's weighting of an output's arcs: related-pin density x the probability that the
  // output is sensitive to that pin (or the `when` probability, or 1/2).
  double arc_duty(const LibertyPin& out, const InternalPowerArc& arc) const {
    if (arc.related_pin.empty()) return 0;
    if (out.function.uses(arc.related_pin)) {
      return out.function.sensitivity(arc.related_pin,
                                      [&](const std::string& v) { return pin_activity(v).duty; });
    }
    if (!arc.when.empty()) return duty_of(arc.when);
    return 0.5;
  }

  bool positive_unate(const LibertyPin& out, const std::string& from) const {
    for (const TransitionArc& t : out.transitions) {
      if (t.related_pin == from) return t.sense != TimingSense::kNegativeUnate;
    }
    return true;
  }

  static double mean_energy(const InternalPowerArc& arc, double slew_rise, double slew_fall,
                            double load) {
    int n = 0;
    double e = 0;
    if (!arc.rise_energy.empty()) e += arc.rise_energy.at(slew_rise, load), ++n;
    if (!arc.fall_energy.empty()) e += arc.fall_energy.at(slew_fall, load), ++n;
    return n ? e / n : 0;
  }

  // Arcs are weighted within each related_pg_pin group (a library with separate VDD and
  // VSS groups gets both energies).
  double output_internal(const LibertyPin& out, double load) const {
    if (out.internal_power.empty()) return 0;
    const double to_density = pin_activity(out.name).density;
    if (to_density == 0) return 0;
    std::map<std::string, double> weight_sum;
    for (const InternalPowerArc& arc : out.internal_power) {
      if (!arc.related_pin.empty()) {
        weight_sum[arc.related_pg_pin] +=
            pin_activity(arc.related_pin).density * arc_duty(out, arc);
      }
    }
    double power = 0;
    for (const InternalPowerArc& arc : out.internal_power) {
      if (arc.related_pin.empty() || weight_sum[arc.related_pg_pin] == 0) continue;
      const double weight = pin_activity(arc.related_pin).density * arc_duty(out, arc) /
                            weight_sum[arc.related_pg_pin];
      if (weight == 0) continue;
      const Slew in = pin_slew(arc.related_pin);
      const bool positive = positive_unate(out, arc.related_pin);
      power += weight * to_density *
               mean_energy(arc, positive ? in.rise : in.fall, positive ? in.fall : in.rise, load);
    }
    return power;
  }

  double input_internal(const LibertyPin& in) const {
    if (in.internal_power.empty()) return 0;
    const double density = pin_activity(in.name).density;
    if (density == 0) return 0;
    const Slew slew = pin_slew(in.name);
    double power = 0;
    for (const InternalPowerArc& arc : in.internal_power) {
      double duty = 1;
      if (!arc.when.empty()) {
        duty = duty_of(arc.when);
        for (const std::string& v : arc.when.variables()) {
          const LibertyPin* out = cell_.find_pin(v);
          if (out && out->direction != PinDirection::kInput) {
            if (out->function.uses(in.name)) {
              duty = out->function.sensitivity(
                  in.name, [&](const std::string& u) { return pin_activity(u).duty; });
            }
            break;
          }
        }
      }
      power += mean_energy(arc, slew.rise, slew.fall, 0.0) * duty * density;
    }
    return power;
  }

  const NetState& nets_;
  const CellInstance& inst_;
  const LibertyCell& cell_;
  double v_;
  LeakageModel leakage_model_;
};

}  // namespace

PinIsOutput library_pin_directions(const LibertyLibrary& library) {
  return [&library](const std::string& cell, const std::string& pin) {
    const LibertyPin* p = library.cell(cell).find_pin(pin);
    if (!p)
      throw LibertyError("library " + library.name() + ": cell " + cell + " has no pin " + pin);
    return p->direction == PinDirection::kOutput;
  };
}

PowerReport compute_power(const LibertyLibrary& library, const GateNetlist& netlist,
                          const NetlistActivity& activity, const PowerOptions& options) {
  const NetState nets(library, netlist, activity, options);
  PowerReport r;
  r.by_instance.reserve(netlist.instances().size());
  for (std::size_t i = 0; i < netlist.instances().size(); ++i) {
    const CellTypePower p = InstancePower(nets, netlist, static_cast<int>(i),
                                          library.nominal_voltage_v(), options.leakage)
                                .compute();
    r.by_instance.push_back({netlist.instances()[i].name, p});
    CellTypePower& t = r.by_cell_type[netlist.instances()[i].cell_type];
    t.count += p.count;
    t.internal_w += p.internal_w;
    t.switching_w += p.switching_w;
    t.leakage_w += p.leakage_w;
    r.internal_w += p.internal_w;
    r.switching_w += p.switching_w;
    r.leakage_w += p.leakage_w;
  }
  if (options.input_net_switching) {
    CellTypePower& ports = r.by_cell_type["(input ports)"];
    const double v = library.nominal_voltage_v();
    for (std::size_t n = 0; n < netlist.nets().size(); ++n) {
      const Net& net = netlist.nets()[n];
      if (!net.has_driver || net.driver.instance != NetPin::kTopPort) continue;
      const double w = 0.5 * nets.load_f(static_cast<int>(n)) * v * v *
                       nets.activity(static_cast<int>(n)).density;
      ports.count += 1;
      ports.switching_w += w;
      r.switching_w += w;
    }
  }
  r.total_w = r.internal_w + r.switching_w + r.leakage_w;
  r.clock_period_s = options.clock_period_s;
  r.window_s = activity.window_s;
  r.cycles_analyzed = options.clock_period_s > 0 ? r.window_s / options.clock_period_s : 0;
  r.notes.push_back("activity from a zero-delay gate-level simulation (" + activity.simulator +
                    "): glitch power is not included");
  r.notes.push_back(options.wire_load && library.default_wire_load()
                        ? "net load = pin capacitance + wire load '" +
                              library.default_wire_load()->name + "' by fanout"
                        : "net load = pin capacitance only (no wire load)");
  r.notes.push_back(options.leakage == LeakageModel::kStateWeighted
                        ? "leakage weighted by `when` state probability (pins independent)"
                        : "leakage at cell_leakage_power (state average)");
  r.notes.push_back("internal-power `when` and arc weights assume independent pins (as OpenSTA)");
  r.notes.push_back(options.input_net_switching
                        ? "primary input nets (clock included): switching of their load pins "
                          "counted as from an ideal driver"
                        : "primary input nets: no switching power (no driving cell), as OpenSTA");
  return r;
}

PowerReport measure_power(const std::filesystem::path& netlist, const std::string& top,
                          const CellLibrary& library, const Stimulus& stimulus, double clock_hz,
                          const std::filesystem::path& work_dir, PowerOptions options) {
  const LibertyLibrary& lib = cached_liberty_library(library.liberty);
  const GateNetlist nl = GateNetlist::read(netlist, top, library_pin_directions(lib));
  options.clock_period_s = 1.0 / clock_hz;
  const NetlistActivity activity = activity_simulator(options.activity_simulator)(
      {lib, nl, netlist, library.cell_models, stimulus, options.clock_period_s, work_dir});
  return compute_power(lib, nl, activity, options);
}

}  // namespace lutsim::ppa
