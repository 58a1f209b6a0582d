#include "ppa/power/levelized_sim.hpp"

#include <cctype>
#include <cstdint>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace lutsim::ppa {
namespace {

using Value = std::uint8_t;  // 0, 1 or kX
constexpr Value kX = 2;

int hex_digit(char c) {  // c is a hex digit (check_stimulus)
  return std::isdigit(static_cast<unsigned char>(c))
             ? c - '0'
             : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
}

[[noreturn]] void refuse(const std::string& what) {
  throw std::runtime_error("levelized activity simulation: " + what);
}

// A Boolean function of up to kMaxInputs variables, tabulated.
class TruthTable {
 public:
  static constexpr int kMaxInputs = 16;

  explicit TruthTable(const BooleanFunction& f) {
    const std::uint32_t rows = 1u << f.variables().size();
    bits_.assign((rows + 63) / 64, 0);
    for (std::uint32_t a = 0; a < rows; ++a) {
      if (f.evaluate(a)) bits_[a >> 6] |= std::uint64_t{1} << (a & 63);
    }
  }

  // The value for the known variables `known`, x when the variables in `unknown` (a mask)
  // can change it.
  Value value(std::uint32_t known, std::uint32_t unknown) const {
    const Value first = bit(known);
    for (std::uint32_t sub = unknown; sub; sub = (sub - 1) & unknown) {
      if (bit(known | sub) != first) return kX;
    }
    return first;
  }

 private:
  Value bit(std::uint32_t row) const { return (bits_[row >> 6] >> (row & 63)) & 1; }
  std::vector<std::uint64_t> bits_;
};

// Where a function variable's value comes from.
struct Source {
  enum Kind : std::uint8_t { kNet, kState, kStateInverted } kind = kNet;
  int index = 0;  // net, or flip-flop
};

// One tabulated function and its inputs, sources_[first, first + inputs).
struct Function {
  TruthTable table;
  int first = 0, inputs = 0;
};

struct OutputPin {  // a cell output driving a net
  Function function;
  int net = -1;
  int instance = -1;
};

struct FlipFlop {
  Function next_state, clocked_on;
  Value clock = 0;  // clocked_on's last value
  int instance = -1;
};

// Activity bookkeeping of one net, in ps.
struct Track {
  long long since = 0;
  long long transitions = 0;
  long long ps_at_one = 0;
};

class LevelizedSimulator {
 public:
  LevelizedSimulator(const LibertyLibrary& library, const GateNetlist& netlist,
                     const Stimulus& stimulus, long long period_ps)
      : nl_(netlist), stimulus_(stimulus), period_ps_(period_ps) {
    x_net_ = static_cast<int>(nl_.nets().size());
    values_.assign(nl_.nets().size() + 1, kX);
    tracks_.assign(nl_.nets().size(), Track{});
    for (std::size_t i = 0; i < nl_.instances().size(); ++i) {
      add_instance(library, static_cast<int>(i));
    }
    levelize();
    bind_ports();
    window_start_ = stimulus_.warmup_cycles * period_ps_;
  }

  NetlistActivity run() {
    initialize();
    const long long half = period_ps_ / 2, tenth = period_ps_ / 10;
    for (int k = 0; k < stimulus_.cycles; ++k) {
      const long long edge = k * period_ps_ + half;
      if (clock_net_ >= 0) event(edge, [&] { drive(clock_net_, 1, edge); });
      if (k + 1 < stimulus_.cycles) event(edge + tenth, [&] { apply_cycle(k + 1, edge + tenth); });
      if (clock_net_ >= 0) {
        event((k + 1) * period_ps_, [&] { drive(clock_net_, 0, (k + 1) * period_ps_); });
      }
    }
    return activity(stimulus_.cycles * period_ps_);
  }

 private:
  // --- netlist to functions -------------------------------------------------------------

  Function tabulate(const BooleanFunction& f, const CellInstance& inst, const LibertyCell& cell,
                    int flop) {
    if (static_cast<int>(f.variables().size()) > TruthTable::kMaxInputs) {
      refuse("cell " + cell.name + " has a function of more than " +
             std::to_string(TruthTable::kMaxInputs) + " inputs: '" + f.text() + "'");
    }
    Function out{TruthTable(f), static_cast<int>(sources_.size()),
                 static_cast<int>(f.variables().size())};
    for (const std::string& v : f.variables()) {
      if (flop >= 0 && v == cell.state) {
        sources_.push_back({Source::kState, flop});
      } else if (flop >= 0 && v == cell.state_inverted) {
        sources_.push_back({Source::kStateInverted, flop});
      } else if (const LibertyPin* pin = cell.find_pin(v);
                 pin && pin->direction == PinDirection::kInput) {
        const int net = inst.net_of(v);
        sources_.push_back({Source::kNet, net >= 0 ? net : x_net_});
      } else {
        refuse("the function '" + f.text() + "' of cell " + cell.name + " uses '" + v +
               "', which is neither an input pin nor the cell's state");
      }
    }
    return out;
  }

  void add_instance(const LibertyLibrary& library, int i) {
    const CellInstance& inst = nl_.instances()[i];
    const LibertyCell& cell = library.cell(inst.cell_type);
    const std::string where = "instance " + inst.name + " (" + cell.name + ")";
    int flop = -1;
    if (cell.is_sequential()) {
      if (cell.is_latch) refuse(where + ": latches are not modelled");
      if (!cell.clear.empty() || !cell.preset.empty()) {
        refuse(where + ": asynchronous clear/preset is not modelled");
      }
      if (cell.next_state.empty() || cell.clocked_on.empty()) {
        refuse(where + ": the ff group has no next_state or clocked_on");
      }
      flop = static_cast<int>(flops_.size());
      flops_.push_back({tabulate(cell.next_state, inst, cell, flop),
                        tabulate(cell.clocked_on, inst, cell, flop), 0, i});
    }
    for (const LibertyPin& pin : cell.pins) {
      const int net = inst.net_of(pin.name);
      if (net < 0 || pin.direction == PinDirection::kInput) continue;
      if (pin.direction != PinDirection::kOutput || pin.three_state) {
        refuse(where + ": pin " + pin.name + " is not a plain output (inout or three-state)");
      }
      if (pin.function.empty()) refuse(where + ": output pin " + pin.name + " has no function");
      outputs_.push_back({tabulate(pin.function, inst, cell, flop), net, i});
    }
  }

  // Orders outputs_ so that every output comes after the outputs its inputs depend on.
  void levelize() {
    std::vector<int> driver(nl_.nets().size() + 1, -1);
    for (std::size_t o = 0; o < outputs_.size(); ++o) driver[outputs_[o].net] = static_cast<int>(o);
    std::vector<std::vector<int>> readers(outputs_.size());
    std::vector<int> pending(outputs_.size(), 0), order;
    for (std::size_t o = 0; o < outputs_.size(); ++o) {
      for (const Source& s : sources_of(outputs_[o].function)) {
        if (s.kind == Source::kNet && driver[s.index] >= 0) {
          readers[driver[s.index]].push_back(static_cast<int>(o));
          ++pending[o];
        }
      }
      if (pending[o] == 0) order.push_back(static_cast<int>(o));
    }
    for (std::size_t next = 0; next < order.size(); ++next) {
      for (int r : readers[order[next]]) {
        if (--pending[r] == 0) order.push_back(r);
      }
    }
    if (order.size() != outputs_.size()) {
      for (std::size_t o = 0; o < outputs_.size(); ++o) {
        if (pending[o]) {
          refuse("combinational loop through instance " +
                 nl_.instances()[outputs_[o].instance].name);
        }
      }
    }
    std::vector<OutputPin> sorted;
    for (int o : order) sorted.push_back(outputs_[o]);
    outputs_ = std::move(sorted);
    net_readers_.assign(nl_.nets().size() + 1, {});
    flop_readers_.assign(flops_.size(), {});
    for (std::size_t o = 0; o < outputs_.size(); ++o) {
      for (const Source& s : sources_of(outputs_[o].function)) {
        auto& readers_of = s.kind == Source::kNet ? net_readers_[s.index] : flop_readers_[s.index];
        if (readers_of.empty() || readers_of.back() != static_cast<int>(o)) {
          readers_of.push_back(static_cast<int>(o));
        }
      }
    }
    dirty_.assign(outputs_.size(), 1);
  }

  std::span<const Source> sources_of(const Function& f) const {
    return std::span<const Source>(sources_).subspan(static_cast<std::size_t>(f.first),
                                                     static_cast<std::size_t>(f.inputs));
  }

  // The nets of each stimulus port bit (LSB first), the clock's, and the check that every
  // flip-flop is clocked straight from a top-level input.
  void bind_ports() {
    std::map<std::string, const NetlistPort*> ports;
    for (const NetlistPort& p : nl_.ports()) {
      if (p.direction == PortDirection::kInout) refuse("inout port " + p.name + " is not modelled");
      ports[p.name] = &p;
      if (p.direction == PortDirection::kInput) {
        for (int b = 0; b < p.width(); ++b) {
          if (const int net = port_bit_net(p, b); net >= 0) values_[net] = 0;  // tb regs = 0
        }
      }
    }
    for (const PortWaveform& w : stimulus_.inputs) {
      std::vector<int> bits;
      for (int b = 0; b < w.width; ++b) bits.push_back(port_bit_net(*ports.at(w.port), b));
      port_bits_.push_back(std::move(bits));
    }
    if (!stimulus_.clock_port.empty()) {
      clock_net_ = port_bit_net(*ports.at(stimulus_.clock_port), 0);
    }
    clocks_net_.assign(nl_.nets().size() + 1, 0);
    for (const FlipFlop& f : flops_) {
      for (const Source& s : sources_of(f.clocked_on)) {
        const Net* net =
            s.kind == Source::kNet && s.index < x_net_ ? &nl_.nets()[s.index] : nullptr;
        if (!net || !net->has_driver || net->driver.instance != NetPin::kTopPort) {
          refuse("instance " + nl_.instances()[f.instance].name +
                 " is clocked through logic, not straight from a top-level input");
        }
        clocks_net_[static_cast<std::size_t>(s.index)] = 1;
      }
    }
  }

  int port_bit_net(const NetlistPort& p, int bit) const {
    if (!p.is_vector) return nl_.find_net(p.name);
    const int index = p.msb >= p.lsb ? p.lsb + bit : p.lsb - bit;
    return nl_.find_net(p.name + "[" + std::to_string(index) + "]");
  }

  // --- simulation -----------------------------------------------------------------------

  Value source_value(const Source& s) const {
    if (s.kind == Source::kNet) return values_[s.index];
    const Value q = states_[s.index];
    return s.kind == Source::kState || q == kX ? q : Value(1 - q);
  }

  Value evaluate(const Function& f) const {
    std::uint32_t known = 0, unknown = 0;
    for (int i = 0; i < f.inputs; ++i) {
      const Value v = source_value(sources_[f.first + i]);
      if (v == kX) {
        unknown |= 1u << i;
      } else {
        known |= std::uint32_t{v} << i;
      }
    }
    return f.table.value(known, unknown);
  }

  void mark(const std::vector<int>& readers) {
    for (int o : readers) dirty_[o] = 1;
  }

  // Net `net` takes `v` at time t.
  void drive(int net, Value v, long long t) {
    const Value old = values_[net];
    if (old == v) return;
    values_[net] = v;
    mark(net_readers_[net]);
    clock_changed_ = clock_changed_ || clocks_net_[net];
    Track& track = tracks_[net];
    if (t <= window_start_) {
      track.since = window_start_;
      return;
    }
    if (old == kX || v == kX) {
      refuse("net '" + nl_.nets()[net].name + "' is x at " + std::to_string(t) +
             " ps, inside the activity window: " + x_advice());
    }
    if (old == 1) track.ps_at_one += t - track.since;
    ++track.transitions;
    track.since = t;
  }

  std::string x_advice() const {
    return "lengthen the warm-up (" + std::to_string(stimulus_.warmup_cycles) +
           " cycles) or reset the state, or use the iverilog activity simulator, which counts x "
           "transitions as half";
  }

  template <typename Change>
  void event(long long t, Change change) {
    if (t > window_start_) check_defined_at_window_start();
    change();
    clock_flops();
    settle(t);
  }

  // Flip-flops whose clocked_on rose take next_state, all at once; only after a change of
  // a net some clock reads (the clocks come straight from top-level inputs).
  void clock_flops() {
    if (!clock_changed_) return;
    clock_changed_ = false;
    captured_.clear();
    for (std::size_t i = 0; i < flops_.size(); ++i) {
      FlipFlop& f = flops_[i];
      const Value c = evaluate(f.clocked_on);
      if (f.clock == 0 && c == 1) captured_.emplace_back(static_cast<int>(i), evaluate(f.next_state));
      f.clock = c;
    }
    for (const auto& [i, v] : captured_) {
      if (states_[i] != v) {
        states_[i] = v;
        mark(flop_readers_[i]);
      }
    }
  }

  void settle(long long t) {
    for (std::size_t o = 0; o < outputs_.size(); ++o) {
      if (!dirty_[o]) continue;
      dirty_[o] = 0;
      drive(outputs_[o].net, evaluate(outputs_[o].function), t);
    }
  }

  void apply_cycle(int cycle, long long t) {
    for (std::size_t p = 0; p < port_bits_.size(); ++p) {
      const std::string& hex = stimulus_.inputs[p].hex_per_cycle[cycle];
      for (std::size_t b = 0; b < port_bits_[p].size(); ++b) {
        if (port_bits_[p][b] < 0) continue;
        const std::size_t digit = b / 4;
        const int value = digit < hex.size() ? hex_digit(hex[hex.size() - 1 - digit]) : 0;
        drive(port_bits_[p][b], static_cast<Value>((value >> (b % 4)) & 1), t);
      }
    }
  }

  void initialize() {
    for (std::size_t n = 0; n < nl_.nets().size(); ++n) {
      if (nl_.nets()[n].constant >= 0) values_[n] = static_cast<Value>(nl_.nets()[n].constant);
    }
    states_.assign(flops_.size(), kX);
    for (FlipFlop& f : flops_) f.clock = evaluate(f.clocked_on);
    event(0, [&] { apply_cycle(0, 0); });
  }

  // Every driven net is 0 or 1 when the window opens (checked once, before the first change
  // inside it).
  void check_defined_at_window_start() {
    if (window_checked_) return;
    window_checked_ = true;
    for (std::size_t n = 0; n < nl_.nets().size(); ++n) {
      const Net& net = nl_.nets()[n];
      if (net.has_driver && net.constant < 0 && values_[n] == kX) {
        refuse("net '" + net.name + "' is still x when the activity window opens (" +
               std::to_string(window_start_) + " ps): " + x_advice());
      }
    }
  }

  NetlistActivity activity(long long end) {
    check_defined_at_window_start();
    NetlistActivity out;
    out.simulator = "levelized";
    out.window_s = static_cast<double>(end) * 1e-12 - static_cast<double>(window_start_) * 1e-12;
    out.nets.resize(nl_.nets().size());
    for (std::size_t n = 0; n < nl_.nets().size(); ++n) {
      Track& track = tracks_[n];
      if (track.since < window_start_) track.since = window_start_;
      if (values_[n] == 1) track.ps_at_one += end - track.since;
      out.nets[n] = {static_cast<double>(track.transitions),
                     static_cast<double>(track.ps_at_one) * 1e-12};
    }
    return out;
  }

  const GateNetlist& nl_;
  const Stimulus& stimulus_;
  long long period_ps_ = 0, window_start_ = 0;
  int x_net_ = 0;  // a pseudo-net, always x, for unconnected input pins
  int clock_net_ = -1;
  bool window_checked_ = false;
  bool clock_changed_ = false;
  std::vector<char> clocks_net_;                 // by net: read by some flip-flop's clocked_on
  std::vector<std::pair<int, Value>> captured_;  // clock_flops' edges, reused
  std::vector<Source> sources_;
  std::vector<OutputPin> outputs_;  // in topological order after levelize()
  std::vector<FlipFlop> flops_;
  std::vector<std::vector<int>> net_readers_, flop_readers_;  // outputs_ indices
  std::vector<std::vector<int>> port_bits_;                   // per stimulus input, LSB first
  std::vector<char> dirty_;
  std::vector<Value> values_, states_;
  std::vector<Track> tracks_;
};

}  // namespace

NetlistActivity simulate_levelized(const LibertyLibrary& library, const GateNetlist& netlist,
                                   const Stimulus& stimulus, double clock_period_s) {
  check_stimulus(stimulus, netlist.ports(), netlist.module_name());
  return LevelizedSimulator(library, netlist, stimulus, clock_period_ps(clock_period_s)).run();
}

}  // namespace lutsim::ppa
