#include "ppa/model/component_table.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "core/io/text_file.hpp"

namespace lutsim::ppa {
namespace {

struct ComponentInfo {
  ComponentId id;
  const char* name;
  const char* size;
};

constexpr std::array<ComponentInfo, kComponentCount> kComponents{{
    {ComponentId::kTableRegFp16, "table_reg_fp16", "bits"},
    {ComponentId::kTableRegInt, "table_reg_int", "bits"},
    {ComponentId::kLookupFp16, "lookup_fp16", "(entries - 1) x width"},
    {ComponentId::kLookupInt, "lookup_int", "(entries - 1) x width"},
    {ComponentId::kLookupNegInt, "lookup_neg_int", "(entries - 1) x width"},
    {ComponentId::kCondNegInt, "cond_neg_int", "width"},
    {ComponentId::kNegInt, "neg_int", "width"},
    {ComponentId::kAddInt, "add_int", "width"},
    {ComponentId::kAddFp16, "add_fp16", ""},
    {ComponentId::kPrecomputeFp16, "precompute_fp16", "adders"},
    {ComponentId::kPrecomputeInt, "precompute_int", "adders"},
    {ComponentId::kMulFp16, "mul_fp16", ""},
    {ComponentId::kMulInt8, "mul_int8", ""},
    {ComponentId::kAccFp16S0, "acc_fp16_s0", ""},
    {ComponentId::kAccFp16S1, "acc_fp16_s1", ""},
    {ComponentId::kAccFp16S2, "acc_fp16_s2", ""},
    {ComponentId::kAccFp16S3, "acc_fp16_s3", ""},
    {ComponentId::kAccIntS0, "acc_int_s0", "input width"},
    {ComponentId::kAccIntS1, "acc_int_s1", "input width"},
    {ComponentId::kAccIntS2, "acc_int_s2", "input width"},
    {ComponentId::kAccIntS3, "acc_int_s3", "input width"},
    {ComponentId::kAccIntNegS1, "acc_int_neg_s1", "input width"},
    {ComponentId::kAccIntNegS2, "acc_int_neg_s2", "input width"},
    {ComponentId::kAccIntNegS3, "acc_int_neg_s3", "input width"},
    {ComponentId::kCtrlW1, "ctrl_w1", ""},
    {ComponentId::kCtrlW2, "ctrl_w2", ""},
    {ComponentId::kCtrlW3, "ctrl_w3", ""},
    {ComponentId::kCtrlW4, "ctrl_w4", ""},
    {ComponentId::kCtrlW5, "ctrl_w5", ""},
    {ComponentId::kCtrlW6, "ctrl_w6", ""},
    {ComponentId::kCtrlW7, "ctrl_w7", ""},
    {ComponentId::kCtrlW8, "ctrl_w8", ""},
    {ComponentId::kAddFp16Signed, "add_fp16_signed", ""},
}};

const ComponentInfo& info(ComponentId id) {
  return kComponents[static_cast<int>(id)];
}

void emit_knot(YAML::Emitter& out, const CostKnot& k) {
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "size" << YAML::Value << k.size;
  out << YAML::Key << "area_um2" << YAML::Value << k.area_um2;
  out << YAML::Key << "leakage_w" << YAML::Value << k.leakage_w;
  out << YAML::Key << "energy_base_pj" << YAML::Value << k.energy_base_pj;
  out << YAML::Key << "energy_event_pj" << YAML::Value << k.energy_event_pj;
  out << YAML::EndMap;
}

void emit_point(YAML::Emitter& out, const FitPoint& p) {
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "block" << YAML::Value << p.block;
  out << YAML::Key << "parameters" << YAML::Value << p.parameters;
  out << YAML::Key << "size" << YAML::Value << p.size;
  out << YAML::Key << "rate" << YAML::Value << p.rate;
  out << YAML::Key << "area_um2" << YAML::Value << p.area_um2;
  out << YAML::Key << "leakage_w" << YAML::Value << p.leakage_w;
  out << YAML::Key << "energy_pj" << YAML::Value << p.energy_pj;
  out << YAML::EndMap;
}

template <class T>
T required(const YAML::Node& node, const char* key, const std::string& where) {
  const YAML::Node v = node[key];
  if (!v) throw std::runtime_error(where + ": missing key '" + key + "'");
  try {
    return v.as<T>();
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(where + ": bad value of '" + key + "': " + e.what());
  }
}

CostKnot lerp(const CostKnot& a, const CostKnot& b, double x) {
  const double t = (x - a.size) / (b.size - a.size);
  auto mix = [t](double u, double v) { return u + t * (v - u); };
  return {x, mix(a.area_um2, b.area_um2), mix(a.leakage_w, b.leakage_w),
          mix(a.energy_base_pj, b.energy_base_pj), mix(a.energy_event_pj, b.energy_event_pj)};
}

}  // namespace

std::string_view component_name(ComponentId id) {
  return info(id).name;
}
std::string_view component_size_name(ComponentId id) {
  return info(id).size;
}

ComponentId parse_component_name(std::string_view name) {
  for (const ComponentInfo& c : kComponents) {
    if (name == c.name) return c.id;
  }
  throw std::invalid_argument("unknown component '" + std::string(name) + "'");
}

std::string to_yaml(const ComponentTable& t) {
  const TableProvenance& p = t.provenance;
  YAML::Emitter out;
  out.SetDoublePrecision(6);
  out << YAML::BeginMap;
  out << YAML::Key << "library" << YAML::Value << p.library;
  out << YAML::Key << "library_description" << YAML::Value << p.library_description;
  out << YAML::Key << "synthesis_flow" << YAML::Value << p.synthesis_flow;
  out << YAML::Key << "power_flow" << YAML::Value << p.power_flow;
  out << YAML::Key << "git_revision" << YAML::Value << p.git_revision;
  out << YAML::Key << "created_utc" << YAML::Value << p.created_utc;
  out << YAML::Key << "clock_mhz" << YAML::Value << p.clock_mhz;
  out << YAML::Key << "cycles" << YAML::Value << p.cycles;
  out << YAML::Key << "warmup_cycles" << YAML::Value << p.warmup_cycles;
  out << YAML::Key << "seed" << YAML::Value << p.seed;
  out << YAML::Key << "stimulus" << YAML::Value << p.stimulus;
  out << YAML::Key << "components" << YAML::Value << YAML::BeginMap;
  for (const ComponentInfo& c : kComponents) {
    const ComponentFit& f = t.fit(c.id);
    if (!f.measured) continue;
    out << YAML::Key << c.name << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "size" << YAML::Value << c.size;
    out << YAML::Key << "knots" << YAML::Value << YAML::BeginSeq;
    for (const CostKnot& k : f.knots) emit_knot(out, k);
    out << YAML::EndSeq;
    out << YAML::Key << "points" << YAML::Value << YAML::BeginSeq;
    for (const FitPoint& pt : f.points) emit_point(out, pt);
    out << YAML::EndSeq << YAML::EndMap;
  }
  out << YAML::EndMap << YAML::EndMap;
  return std::string(
             "# Per-component area, leakage and energy of one cell library, fitted by\n"
             "# lutsim_ppa_fit (ppa/model/component_fit.hpp). Knots: the fitted cost at each\n"
             "# synthesized size, interpolated linearly in between. Energy per cycle (pJ) =\n"
             "# energy_base_pj + rate * energy_event_pj, rate = data changes per cycle.\n"
             "# points: the simulated micro-block runs the knots were fitted from.\n") +
         out.c_str() + "\n";
}

ComponentTable parse_component_table(const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(origin + ": not valid YAML: " + e.what());
  }
  ComponentTable t;
  TableProvenance& p = t.provenance;
  p.library = required<std::string>(root, "library", origin);
  p.library_description = required<std::string>(root, "library_description", origin);
  p.synthesis_flow = required<std::string>(root, "synthesis_flow", origin);
  p.power_flow = required<std::string>(root, "power_flow", origin);
  p.git_revision = required<std::string>(root, "git_revision", origin);
  p.created_utc = required<std::string>(root, "created_utc", origin);
  p.clock_mhz = required<double>(root, "clock_mhz", origin);
  p.cycles = required<int>(root, "cycles", origin);
  p.warmup_cycles = required<int>(root, "warmup_cycles", origin);
  p.seed = required<std::uint64_t>(root, "seed", origin);
  p.stimulus = required<std::string>(root, "stimulus", origin);
  const YAML::Node comps = root["components"];
  if (!comps || !comps.IsMap()) throw std::runtime_error(origin + ": missing 'components'");
  for (const auto& kv : comps) {
    const std::string name = kv.first.as<std::string>();
    const std::string where = origin + ": components." + name;
    ComponentId id;
    try {
      id = parse_component_name(name);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(origin + ": " + e.what());
    }
    ComponentFit& f = t.fit(id);
    f.measured = true;
    for (const YAML::Node& n : kv.second["knots"]) {
      f.knots.push_back({required<double>(n, "size", where), required<double>(n, "area_um2", where),
                         required<double>(n, "leakage_w", where),
                         required<double>(n, "energy_base_pj", where),
                         required<double>(n, "energy_event_pj", where)});
    }
    if (f.knots.empty()) throw std::runtime_error(where + ": no knots");
    std::sort(f.knots.begin(), f.knots.end(),
              [](const CostKnot& a, const CostKnot& b) { return a.size < b.size; });
    for (const YAML::Node& n : kv.second["points"]) {
      FitPoint pt;
      pt.block = required<std::string>(n, "block", where);
      pt.parameters = required<std::string>(n, "parameters", where);
      pt.size = required<double>(n, "size", where);
      pt.rate = required<double>(n, "rate", where);
      pt.area_um2 = required<double>(n, "area_um2", where);
      pt.leakage_w = required<double>(n, "leakage_w", where);
      pt.energy_pj = required<double>(n, "energy_pj", where);
      f.points.push_back(pt);
    }
  }
  return t;
}

ComponentTable load_component_table(const std::filesystem::path& path) {
  return parse_component_table(read_text_file(path), path.string());
}

CostKnot ComponentFit::at(double x) const {
  const std::size_t n = knots.size();
  if (n == 1) return knots.front();
  std::size_t hi = 1;
  while (hi + 1 < n && knots[hi].size < x) ++hi;
  return lerp(knots[hi - 1], knots[hi], x);
}

LinearFit fit_line(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size() || x.empty()) throw std::invalid_argument("fit_line: bad input");
  const double n = static_cast<double>(x.size());
  double sx = 0, sy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sx += x[i];
    sy += y[i];
  }
  const double mx = sx / n, my = sy / n;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  if (sxx <= 1e-12 * std::max(1.0, mx * mx)) return {my, 0.0};
  const double c1 = sxy / sxx;
  return {my - c1 * mx, c1};
}

void fit_components(ComponentTable& table) {
  for (ComponentFit& f : table.fits) {
    if (f.points.empty()) continue;
    // Per size: area and leakage averaged over the runs; energy split into
    // base + rate * event by a line in the rate.
    std::map<double, std::vector<const FitPoint*>> by_size;
    for (const FitPoint& p : f.points) by_size[p.size].push_back(&p);
    f.knots.clear();
    for (const auto& [x, pts] : by_size) {
      std::vector<double> rates, energies;
      double a = 0, l = 0;
      for (const FitPoint* p : pts) {
        rates.push_back(p->rate);
        energies.push_back(p->energy_pj);
        a += p->area_um2;
        l += p->leakage_w;
      }
      CostKnot k{x, a / static_cast<double>(pts.size()), l / static_cast<double>(pts.size()), 0, 0};
      const bool one_rate =
          std::all_of(rates.begin(), rates.end(), [&](double r) { return r == rates.front(); });
      if (one_rate) {
        double e = 0;
        for (double v : energies) e += v;
        k.energy_event_pj = e / static_cast<double>(energies.size()) / rates.front();
      } else {
        const LinearFit line = fit_line(rates, energies);
        k.energy_base_pj = line.c0;
        k.energy_event_pj = line.c1;
      }
      f.knots.push_back(k);
    }
    f.measured = true;
  }
}

}  // namespace lutsim::ppa
