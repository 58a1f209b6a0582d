#include "ppa/power/liberty_library.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <sstream>

#include "core/io/text_file.hpp"

namespace lutsim::ppa {
namespace {

double si_prefix(const std::string& unit, const std::string& base, const std::string& context) {
  if (unit.size() < base.size() ||
      !std::equal(base.rbegin(), base.rend(), unit.rbegin(),
                  [](char a, char b) { return std::tolower(a) == std::tolower(b); })) {
    throw LibertyError(context + ": expected a unit in " + base + ", found '" + unit + "'");
  }
  const std::string prefix = unit.substr(0, unit.size() - base.size());
  static const std::map<std::string, double> kPrefixes = {
      {"", 1}, {"m", 1e-3}, {"u", 1e-6}, {"n", 1e-9}, {"p", 1e-12}, {"f", 1e-15}, {"k", 1e3}};
  std::string lower = prefix;
  if (lower != "m") std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
  const auto it = kPrefixes.find(lower);
  if (it == kPrefixes.end()) {
    throw LibertyError(context + ": unknown unit prefix in '" + unit + "'");
  }
  return it->second;
}

// "1ns" -> 1e-9 (base "s"); "10pW" -> 1e-11 (base "W").
double parse_unit(const std::string& text, const std::string& base, const std::string& context) {
  char* end = nullptr;
  double scale = std::strtod(text.c_str(), &end);
  if (end == text.c_str()) scale = 1;
  std::string unit(end);
  unit.erase(std::remove_if(unit.begin(), unit.end(), ::isspace), unit.end());
  return scale * si_prefix(unit, base, context);
}

double parse_number(const std::string& text, const std::string& context) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str())
    throw LibertyError(context + ": expected a number, found '" + text + "'");
  return v;
}

// Numbers from arguments such as ("0.1, 0.2", "0.3, 0.4") or (0.1, 0.2), in order.
std::vector<double> parse_number_list(const std::vector<std::string>& args,
                                      const std::string& context) {
  std::vector<double> out;
  for (const std::string& arg : args) {
    const char* p = arg.c_str();
    while (*p) {
      while (*p == ',' || std::isspace(static_cast<unsigned char>(*p))) ++p;
      if (!*p) break;
      char* end = nullptr;
      const double v = std::strtod(p, &end);
      if (end == p) throw LibertyError(context + ": expected a number in \"" + arg + "\"");
      out.push_back(v);
      p = end;
    }
  }
  return out;
}

TableAxis axis_of(const std::string& variable) {
  if (variable == "input_transition_time" || variable == "input_net_transition" ||
      variable == "related_pin_transition") {
    return TableAxis::kInputSlew;
  }
  if (variable == "total_output_net_capacitance") return TableAxis::kOutputLoad;
  return TableAxis::kOther;
}

struct TableTemplate {
  std::vector<TableAxis> axes;
  std::vector<std::vector<double>> index;  // raw library units
};

}  // namespace

// Turns the syntax tree into the power model, converting units as it goes.
class LibertyModelBuilder {
 public:
  LibertyModelBuilder(LibertyLibrary& lib, const std::string& source)
      : lib_(lib), source_(source) {}

  void build(const LibertyGroup& root) {
    if (root.type != "library") fail(root.line, "expected 'library (...)' at the top");
    lib_.name_ = root.args.empty() ? "" : root.args.front();
    lib_.source_ = source_;
    read_units(root);
    for (const LibertyGroup& g : root.groups) {
      if (g.type == "lu_table_template" || g.type == "power_lut_template") read_template(g);
      if (g.type == "wire_load") read_wire_load(g);
    }
    for (const LibertyGroup& g : root.groups) {
      if (g.type == "cell") read_cell(g);
    }
  }

 private:
  [[noreturn]] void fail(int line, const std::string& what) const {
    throw LibertyError(where(line) + ": " + what);
  }
  std::string where(int line) const { return source_ + ":" + std::to_string(line); }

  void read_units(const LibertyGroup& root) {
    LibertyUnits& u = lib_.units_;
    for (const LibertyAttribute& a : root.attributes) {
      if (a.values.empty()) continue;
      const std::string ctx = where(a.line);
      if (a.name == "time_unit") u.time_s = parse_unit(a.values[0], "s", ctx);
      if (a.name == "voltage_unit") u.voltage_v = parse_unit(a.values[0], "V", ctx);
      if (a.name == "leakage_power_unit") u.leakage_w = parse_unit(a.values[0], "W", ctx);
      if (a.name == "capacitive_load_unit") {
        if (a.values.size() != 2) fail(a.line, "expected capacitive_load_unit (value, unit)");
        u.capacitance_f = parse_number(a.values[0], ctx) * si_prefix(a.values[1], "f", ctx);
      }
      if (a.name == "nom_voltage") lib_.nominal_voltage_v_ = parse_number(a.values[0], ctx);
      if (a.name == "default_wire_load") lib_.default_wire_load_ = a.values[0];
    }
    if (lib_.nominal_voltage_v_ == 0) fail(root.line, "library has no nom_voltage");
    lib_.nominal_voltage_v_ *= u.voltage_v;
  }

  void read_template(const LibertyGroup& g) {
    if (g.args.empty()) fail(g.line, "table template without a name");
    TableTemplate t;
    for (int i = 1; i <= 3; ++i) {
      const LibertyAttribute* var = g.find_attribute("variable_" + std::to_string(i));
      if (!var) break;
      t.axes.push_back(axis_of(var->values.front()));
      const LibertyAttribute* idx = g.find_attribute("index_" + std::to_string(i));
      t.index.push_back(idx ? parse_number_list(idx->values, where(idx->line))
                            : std::vector<double>{});
    }
    templates_[g.args.front()] = std::move(t);
  }

  void read_wire_load(const LibertyGroup& g) {
    if (g.args.empty()) fail(g.line, "wire_load without a name");
    WireLoadModel w;
    w.name = g.args.front();
    for (const LibertyAttribute& a : g.attributes) {
      const std::string ctx = where(a.line);
      if (a.name == "capacitance") {
        w.capacitance_per_length_f = parse_number(a.values[0], ctx) * lib_.units_.capacitance_f;
      }
      if (a.name == "slope") w.slope = parse_number(a.values[0], ctx);
      if (a.name == "fanout_length") {
        const std::vector<double> v = parse_number_list(a.values, ctx);
        if (v.size() < 2) fail(a.line, "expected fanout_length (fanout, length)");
        w.fanout_length.emplace_back(static_cast<int>(v[0]), v[1]);
      }
    }
    std::sort(w.fanout_length.begin(), w.fanout_length.end());
    lib_.wire_loads_[w.name] = std::move(w);
  }

  // A table group such as rise_power(Power_7_7) { index_1(...); values(...); }, scaled to SI.
  LookupTable read_table(const LibertyGroup& g, double value_scale) {
    LookupTable table;
    const std::string name = g.args.empty() ? "scalar" : g.args.front();
    if (name != "scalar") {
      const auto it = templates_.find(name);
      if (it == templates_.end()) fail(g.line, "unknown table template '" + name + "'");
      table.axes = it->second.axes;
      table.index = it->second.index;
    }
    for (std::size_t i = 0; i < table.axes.size(); ++i) {
      const LibertyAttribute* idx = g.find_attribute("index_" + std::to_string(i + 1));
      if (idx) table.index[i] = parse_number_list(idx->values, where(idx->line));
      const double scale = table.axes[i] == TableAxis::kInputSlew    ? lib_.units_.time_s
                           : table.axes[i] == TableAxis::kOutputLoad ? lib_.units_.capacitance_f
                                                                     : 1.0;
      for (double& x : table.index[i]) x *= scale;
    }
    const LibertyAttribute* values = g.find_attribute("values");
    if (!values) fail(g.line, g.type + " has no values");
    table.values = parse_number_list(values->values, where(values->line));
    std::size_t expected = 1;
    for (const auto& idx : table.index) expected *= std::max<std::size_t>(idx.size(), 1);
    if (table.values.size() != expected) {
      fail(values->line, g.type + ": expected " + std::to_string(expected) + " values, found " +
                             std::to_string(table.values.size()));
    }
    for (double& v : table.values) v *= value_scale;
    return table;
  }

  BooleanFunction read_function(const LibertyAttribute& a) {
    return BooleanFunction::parse(a.values.front(), where(a.line));
  }

  void read_internal_power(const LibertyGroup& g, LibertyPin& pin) {
    InternalPowerArc arc;
    if (const LibertyAttribute* when = g.find_attribute("when")) arc.when = read_function(*when);
    arc.related_pg_pin = g.attribute_or("related_pg_pin", "");
    const double scale = lib_.units_.energy_j();
    for (const LibertyGroup& t : g.groups) {
      if (t.type == "rise_power") arc.rise_energy = read_table(t, scale);
      if (t.type == "fall_power") arc.fall_energy = read_table(t, scale);
      if (t.type == "power") arc.rise_energy = arc.fall_energy = read_table(t, scale);
    }
    const std::string related = g.attribute_or("related_pin", "");
    std::istringstream names(related);
    std::string one;
    bool any = false;
    while (names >> one) {
      arc.related_pin = one;
      pin.internal_power.push_back(arc);
      any = true;
    }
    if (!any) pin.internal_power.push_back(std::move(arc));
  }

  void read_timing(const LibertyGroup& g, LibertyPin& pin) {
    TransitionArc arc;
    const std::string sense = g.attribute_or("timing_sense", "non_unate");
    arc.sense = sense == "positive_unate"   ? TimingSense::kPositiveUnate
                : sense == "negative_unate" ? TimingSense::kNegativeUnate
                                            : TimingSense::kNonUnate;
    for (const LibertyGroup& t : g.groups) {
      if (t.type == "rise_transition") arc.rise_transition = read_table(t, lib_.units_.time_s);
      if (t.type == "fall_transition") arc.fall_transition = read_table(t, lib_.units_.time_s);
    }
    if (arc.rise_transition.empty() && arc.fall_transition.empty()) return;
    std::istringstream names(g.attribute_or("related_pin", ""));
    std::string one;
    while (names >> one) {
      arc.related_pin = one;
      pin.transitions.push_back(arc);
    }
  }

  void read_pin(const LibertyGroup& g, LibertyCell& cell) {
    LibertyPin pin;
    const std::string dir = g.attribute_or("direction", "input");
    pin.direction = dir == "output"     ? PinDirection::kOutput
                    : dir == "inout"    ? PinDirection::kInout
                    : dir == "internal" ? PinDirection::kInternal
                                        : PinDirection::kInput;
    double cap = 0;
    for (const LibertyAttribute& a : g.attributes) {
      const std::string ctx = where(a.line);
      if (a.name == "capacitance") cap = parse_number(a.values[0], ctx);
      if ((a.name == "rise_capacitance" || a.name == "fall_capacitance") &&
          !g.find_attribute("capacitance")) {
        cap = std::max(cap, parse_number(a.values[0], ctx));
      }
      if (a.name == "clock") pin.is_clock = a.values[0] == "true";
      if (a.name == "function") pin.function = read_function(a);
      if (a.name == "three_state") pin.three_state = true;
    }
    pin.capacitance_f = cap * lib_.units_.capacitance_f;
    for (const LibertyGroup& child : g.groups) {
      if (child.type == "internal_power") read_internal_power(child, pin);
      if (child.type == "timing") read_timing(child, pin);
    }
    for (const std::string& name : g.args) {
      pin.name = name;
      cell.pins.push_back(pin);
    }
  }

  void read_storage(const LibertyGroup& g, LibertyCell& cell) {
    cell.state = g.args[0];
    cell.state_inverted = g.args.size() > 1 ? g.args[1] : "";
    cell.is_latch = g.type == "latch";
    auto function = [&](const char* name) {
      const LibertyAttribute* a = g.find_attribute(name);
      return a ? read_function(*a) : BooleanFunction{};
    };
    cell.next_state = function(cell.is_latch ? "data_in" : "next_state");
    cell.clocked_on = function(cell.is_latch ? "enable" : "clocked_on");
    cell.clear = function("clear");
    cell.preset = function("preset");
  }

  void read_cell(const LibertyGroup& g) {
    if (g.args.empty()) fail(g.line, "cell without a name");
    LibertyCell cell;
    cell.name = g.args.front();
    for (const LibertyAttribute& a : g.attributes) {
      const std::string ctx = where(a.line);
      if (a.name == "area") cell.area_um2 = parse_number(a.values[0], ctx);
      if (a.name == "cell_leakage_power") {
        cell.cell_leakage_w = parse_number(a.values[0], ctx) * lib_.units_.leakage_w;
        cell.has_cell_leakage = true;
      }
    }
    for (const LibertyGroup& child : g.groups) {
      if (child.type == "pin") read_pin(child, cell);
      if ((child.type == "ff" || child.type == "latch") && child.args.size() >= 1) {
        read_storage(child, cell);
      }
      if (child.type == "leakage_power") {
        LeakageState state;
        if (const LibertyAttribute* when = child.find_attribute("when")) {
          state.when = read_function(*when);
        }
        const LibertyAttribute* value = child.find_attribute("value");
        if (!value) fail(child.line, "leakage_power without a value");
        state.power_w = parse_number(value->values[0], where(value->line)) * lib_.units_.leakage_w;
        cell.leakage_states.push_back(std::move(state));
      }
    }
    lib_.cells_[cell.name] = std::move(cell);
  }

  LibertyLibrary& lib_;
  const std::string& source_;
  std::map<std::string, TableTemplate> templates_;
};

const LibertyPin* LibertyCell::find_pin(const std::string& pin) const {
  for (const LibertyPin& p : pins) {
    if (p.name == pin) return &p;
  }
  return nullptr;
}

double WireLoadModel::wire_capacitance_f(int fanout) const {
  if (fanout <= 0) return 0;
  double length = 0;
  if (fanout_length.empty()) {
    length = slope * fanout;
  } else if (fanout >= fanout_length.back().first) {
    length = fanout_length.back().second + (fanout - fanout_length.back().first) * slope;
  } else if (fanout <= fanout_length.front().first) {
    length = fanout_length.front().second * fanout / fanout_length.front().first;
  } else {
    for (std::size_t i = 0; i + 1 < fanout_length.size(); ++i) {
      const auto [f0, l0] = fanout_length[i];
      const auto [f1, l1] = fanout_length[i + 1];
      if (fanout >= f0 && fanout <= f1) {
        length = l0 + (l1 - l0) * (fanout - f0) / static_cast<double>(f1 - f0);
        break;
      }
    }
  }
  return length * capacitance_per_length_f;
}

LibertyLibrary LibertyLibrary::parse(const std::string& text, const std::string& source_name) {
  const LibertyGroup root = parse_liberty_syntax(text, source_name);
  LibertyLibrary lib;
  LibertyModelBuilder(lib, source_name).build(root);
  return lib;
}

LibertyLibrary LibertyLibrary::read(const std::filesystem::path& file) {
  const std::string text = read_text_file(file, [](const FileReadError& e) {
    return LibertyError(e.path().string() + ": cannot open the liberty file: " + e.reason());
  });
  return parse(text, file.string());
}

const LibertyCell* LibertyLibrary::find_cell(const std::string& cell) const {
  const auto it = cells_.find(cell);
  return it == cells_.end() ? nullptr : &it->second;
}

const LibertyCell& LibertyLibrary::cell(const std::string& cell) const {
  const LibertyCell* c = find_cell(cell);
  if (!c) throw LibertyError(source_ + ": library " + name_ + " has no cell '" + cell + "'");
  return *c;
}

const WireLoadModel* LibertyLibrary::default_wire_load() const {
  const auto it = wire_loads_.find(default_wire_load_);
  return it == wire_loads_.end() ? nullptr : &it->second;
}

const LibertyLibrary& cached_liberty_library(const std::filesystem::path& file) {
  static std::mutex mutex;
  static std::map<std::filesystem::path, std::unique_ptr<LibertyLibrary>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  const std::filesystem::path key = std::filesystem::weakly_canonical(file);
  auto& slot = cache[key];
  if (!slot) slot = std::make_unique<LibertyLibrary>(LibertyLibrary::read(key));
  return *slot;
}

}  // namespace lutsim::ppa
