#include "ppa/studies/design_evaluation.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "core/io/atomic_file.hpp"
#include "core/io/text_file.hpp"
#include "ppa/design/design_stimulus.hpp"
#include "ppa/flow/synthesis.hpp"
#include "ppa/flow/timing.hpp"
#include "ppa/power/power_calculator.hpp"
#include "ppa/studies/component_power.hpp"

namespace lutsim::ppa {

std::vector<std::filesystem::path> rtl_sources(const std::filesystem::path& dir,
                                               const std::string& top) {
  std::map<std::string, std::filesystem::path> modules;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == ".sv") {
      modules[e.path().stem().string()] = e.path();
    }
  }
  if (!modules.count(top)) {
    throw std::runtime_error("no " + top + ".sv in " + dir.string() + " (the RTL of the design)");
  }
  static const std::regex identifier("[A-Za-z_][A-Za-z0-9_]*");
  std::set<std::string> seen{top};
  std::vector<std::string> todo{top};
  while (!todo.empty()) {
    const std::string text = read_text_file(modules.at(todo.back()));
    todo.pop_back();
    for (std::sregex_iterator it(text.begin(), text.end(), identifier), end; it != end; ++it) {
      const std::string name = it->str();
      if (modules.count(name) && seen.insert(name).second) todo.push_back(name);
    }
  }
  std::vector<std::filesystem::path> files;
  for (const std::string& m : seen) files.push_back(modules.at(m));
  return files;
}

SynthesisRequest synthesis_request(const DesignPoint& design, const EvaluationOptions& o) {
  const RtlTop top = rtl_top(design);
  SynthesisRequest req;
  req.top = top.top;
  req.sources = rtl_sources(o.rtl_dir, top.top);
  req.parameters = top.parameters;
  req.library = o.library;
  req.cache_dir = o.cache_dir;
  req.delay_target_ps = delay_target_ps(o.clock_mhz);
  return req;
}

namespace {

// Power of a design and its items by component.
struct DesignPower {
  PowerReport report;  // totals only
  std::vector<ComponentPower> components;
};

nlohmann::json components_json(const std::vector<ComponentPower>& items) {
  nlohmann::json out = nlohmann::json::array();
  for (const ComponentPower& c : items) {
    out.push_back({{"component", c.component},
                   {"module", c.module},
                   {"internal_w", c.internal_w},
                   {"switching_w", c.switching_w},
                   {"leakage_w", c.leakage_w}});
  }
  return out;
}

std::vector<ComponentPower> components_from_json(const nlohmann::json& j) {
  std::vector<ComponentPower> out;
  for (const auto& c : j) {
    out.push_back({c.at("component").get<std::string>(), c.at("module").get<std::string>(),
                   c.at("internal_w").get<double>(), c.at("switching_w").get<double>(),
                   c.at("leakage_w").get<double>()});
  }
  return out;
}

// Power of a synthesized design, cached beside its netlist by clock, cycles and seed.
DesignPower netlist_power(const DesignPoint& d, const SynthesisResult& syn,
                          const EvaluationOptions& o) {
  std::ostringstream key;
  // The stimulus depends on the design point, not only on the netlist (e.g. a MAC's weight
  // values depend on the weight bits): the key names both.
  std::string design = d.label();
  for (char& ch : design) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  key << "power_" << design << "_" << o.clock_mhz << "MHz_" << o.power_cycles << "cyc_seed"
      << o.seed << (o.input_net_switching ? "_inputs" : "") << "_" << o.activity_simulator;
  const std::filesystem::path cached = syn.work_dir / (key.str() + ".json");
  if (std::filesystem::exists(cached)) {
    const nlohmann::json j = nlohmann::json::parse(read_text_file(cached));
    DesignPower r;
    r.report.internal_w = j.at("internal_w");
    r.report.switching_w = j.at("switching_w");
    r.report.leakage_w = j.at("leakage_w");
    r.report.total_w = j.at("total_w");
    r.components = components_from_json(j.at("components"));
    return r;
  }
  const Stimulus stimulus = design_stimulus(d, o.power_cycles, o.seed);
  PowerOptions options;
  options.input_net_switching = o.input_net_switching;
  options.activity_simulator = o.activity_simulator;
  DesignPower r{measure_power(syn.netlist, syn.top, o.library, stimulus, o.clock_mhz * 1e6,
                              syn.work_dir / key.str(), options),
                {}};
  r.components = component_powers(syn, r.report);
  r.report.by_instance.clear();
  const nlohmann::json j = {{"internal_w", r.report.internal_w},
                            {"switching_w", r.report.switching_w},
                            {"leakage_w", r.report.leakage_w},
                            {"total_w", r.report.total_w},
                            {"components", components_json(r.components)}};
  write_file_atomically(cached, j.dump(2) + "\n");
  return r;
}

SynthesisResult synthesize_design(const DesignPoint& design, const EvaluationOptions& o) {
  return synthesize(synthesis_request(design, o));
}

// Whether design_power composes the design's power from blocks (arrays) instead of
// simulating its own netlist: the one place that decides, for design_power and for
// whether the design's own netlist needs cells named by instance (synthesize_measured).
bool composed_power(const DesignPoint& d) {
  return d.kind == DesignKind::kLutArray || d.kind == DesignKind::kMacArray;
}

// The netlist the evaluation measures and times: its cells are named after their
// instances only where the same netlist is simulated for power (synthesize_design), so a
// large array's netlist, whose power is composed, keeps yosys's short names.
SynthesisResult synthesize_measured(const DesignPoint& design, const EvaluationOptions& o) {
  SynthesisRequest r = synthesis_request(design, o);
  r.name_cells = !composed_power(design);
  return synthesize(r);
}

DesignPower simulated_power(const DesignPoint& design, const EvaluationOptions& o) {
  return netlist_power(design, synthesize_design(design, o), o);
}

// sum of factor x power over the terms, totals and items alike.
DesignPower weighted_sum(const std::vector<std::pair<double, const DesignPower*>>& terms) {
  DesignPower s;
  std::vector<WeightedComponents> items;
  for (const auto& [k, p] : terms) {
    s.report.internal_w += k * p->report.internal_w;
    s.report.switching_w += k * p->report.switching_w;
    s.report.leakage_w += k * p->report.leakage_w;
    s.report.total_w += k * p->report.total_w;
    items.push_back({k, &p->components});
  }
  s.components = combine(items);
  return s;
}

// The blocks an array's power is composed of: the unit (one row's table register,
// control and one element, with the array's pipeline registers: lut_dot_unit, or
// lut_array M1N1 when pipelined) and the element (lut_pe, with the lookup register
// when the array has one).
std::pair<DesignPoint, DesignPoint> array_blocks(const DesignPoint& d) {
  DesignPoint unit = d, element = d;
  unit.geometry.m = unit.geometry.n = element.geometry.m = element.geometry.n = 1;
  if (d.pipeline_stages == 0) unit.kind = DesignKind::kLutDotUnit;
  element.kind = DesignKind::kLutPe;
  element.pipeline_stages = std::min(d.pipeline_stages, 1);
  return {unit, element};
}

// The power of a design and how it was obtained (see evaluate_design).
std::pair<DesignPower, std::string> design_power(const DesignPoint& d, const SynthesisResult& syn,
                                                 const EvaluationOptions& o) {
  const double m = d.geometry.m, units = 1.0 * d.geometry.m * d.geometry.n;
  const std::string simulated = "gate-level (" + o.activity_simulator + ")";
  if (!composed_power(d)) return {netlist_power(d, syn, o), simulated};
  if (d.kind == DesignKind::kLutArray) {
    const auto [unit, element] = array_blocks(d);
    const DesignPower pu = simulated_power(unit, o), pe = simulated_power(element, o);
    std::string method = "composed: M x (" + unit.label() + " - " + element.label() + ") + MxN x " +
                         element.label() + ", each " + simulated;
    if (d.pipeline_stages >= 2 && d.geometry.n > d.geometry.m) {
      method += " (input register: the index bits of M of the N columns)";
    }
    return {weighted_sum({{m, &pu}, {units - m, &pe}}), method};
  }
  DesignPoint unit = d;  // a MAC array: MxN MAC dot units
  unit.kind = DesignKind::kMacDotUnit;
  unit.geometry.m = unit.geometry.n = 1;
  const DesignPower pu = simulated_power(unit, o);
  return {weighted_sum({{units, &pu}}), "composed: MxN x " + unit.label() + ", " + simulated};
}

// The design with its pipeline depth chosen: as given, or (kSmallestMeetingClock)
// the smallest depth whose netlist meets the clock, else the deepest.
DesignPoint chosen_depth(DesignPoint d, const EvaluationOptions& o) {
  if (d.pipeline_stages != kSmallestMeetingClock) return d;
  if (!o.timing) {
    throw std::invalid_argument(d.label() + ": choosing the pipeline depth needs timing");
  }
  const int deepest = max_pipeline_stages(d);
  for (d.pipeline_stages = 0; d.pipeline_stages < deepest; ++d.pipeline_stages) {
    if (analyze_timing(synthesize_measured(d, o), o.library).max_clock_mhz >= o.clock_mhz) break;
  }
  return d;
}

}  // namespace

DesignPpa evaluate_design(const DesignPoint& requested, const EvaluationOptions& o) {
  const DesignPoint design = chosen_depth(requested, o);
  const SynthesisResult syn = synthesize_measured(design, o);

  DesignPpa p;
  p.design = design;
  p.rtl = rtl_text(design);
  p.area_um2 = syn.area_um2;
  p.sequential_area_um2 = syn.sequential_area_um2;
  p.modules = syn.modules;
  p.components = component_areas(syn);
  p.cells = syn.cells;
  p.clock_mhz = o.clock_mhz;
  p.macs_per_cycle = macs_per_cycle(design);
  if (o.timing) {
    const TimingResult t = analyze_timing(syn, o.library);
    p.critical_path_ns = t.critical_path_ns;
    p.max_clock_mhz = t.max_clock_mhz;
  }
  if (o.power) {
    auto [r, method] = design_power(design, syn, o);
    p.power_method = method;
    p.internal_w = r.report.internal_w;
    p.switching_w = r.report.switching_w;
    p.leakage_w = r.report.leakage_w;
    p.total_w = r.report.total_w;
    p.component_power = std::move(r.components);
  }
  return p;
}

}  // namespace lutsim::ppa
