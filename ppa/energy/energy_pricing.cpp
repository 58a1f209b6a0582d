#include "ppa/energy/energy_pricing.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>

#include "core/config/config_document.hpp"
#include "ppa/model/analytic_ppa.hpp"
#include "ppa/model/component_table_cache.hpp"

namespace lutsim::ppa {
namespace {

constexpr double kJoulesPerPj = 1e-12;

DataType read_data_type(config::ConfigReader& r, std::string_view key, std::string what) {
  const auto name = r.get<std::string>(key, {.description = std::move(what)});
  try {
    return parse_data_type(name);
  } catch (const DataTypeError& e) {
    throw r.error(key, e.what());
  }
}

DesignPoint read_design(config::ConfigReader& r) {
  DesignPoint d;
  d.kind = parse_design_kind(r.get<std::string>(
      "design", {.description = "RTL design priced",
                 .allowed = {"lut_array", "mac_array", "lut_dot_unit", "mac_dot_unit"}}));
  const auto mnk = r.get<std::vector<std::int64_t>>(
      "array",
      {.description = "[M, N, K] (dot units: [1, 1, K])", .min = 1, .max = 1024, .tuple = true});
  if (mnk.size() != 3) throw r.error("array", "expected [M, N, K], three integers");
  d.geometry.m = static_cast<int>(mnk[0]);
  d.geometry.n = static_cast<int>(mnk[1]);
  d.geometry.k = static_cast<int>(mnk[2]);
  d.weight_bits = r.get<int>(
      "weight_bits", {.description = "weight bits", .default_value = 2, .min = 1, .max = 8});
  d.activation = parse_data_type(r.get<std::string>(
      "activation",
      {.description = "activation type", .allowed = name_list(kDesignActivationTypes)}));
  try {
    d.validate();
  } catch (const std::invalid_argument& e) {
    throw r.error("design", e.what());
  }
  return d;
}

std::string design_source(const AnalyticSource& a, const DesignPoint& d) {
  return "analytic PPA model of " + d.label() + " priced by " + a.table_file.filename().string() +
         " (" + a.table->provenance.library_description + ") at " +
         std::to_string(static_cast<int>(a.clock_mhz)) + " MHz";
}

// Dynamic pJ per action of the design in steady state (leakage is static
// power, priced over a run's time), and its provenance.
ActionPrice per_action(const AnalyticSource& a, const AnalyticPpa& p, const DesignPoint& d,
                       double actions_per_cycle, const std::string& what) {
  return {p.dynamic_w / (a.clock_mhz * 1e6) / kJoulesPerPj / actions_per_cycle,
          design_source(a, d) + ", dynamic energy per " + what};
}

// The lookups of `format` and the leakage of one array priced by the
// analytic model of `d`.
void price_lut_design(TableEntryFormat format, const DesignPoint& d, EnergyPricing& p) {
  const AnalyticSource& a = p.analytic;
  const AnalyticPpa ppa = analytic_ppa(d, *a.table, a.clock_mhz);
  // One lookup per table per cycle: M x N of them in an array, one in a dot unit.
  const double tables = static_cast<double>(d.geometry.lookups_per_pass());
  p.lut_lookup[format] = per_action(a, ppa, d, tables, "lookup");
  p.lut_array_leakage[format] = {ppa.leakage_w,
                                 static_cast<double>(d.geometry.one_bit_macs_per_pass()),
                                 design_source(a, d) + ", leakage of one array"};
}

void read_analytic(config::ConfigReader r, const std::filesystem::path& base,
                   config::ConfigFiles& files, EnergyPricing& p) {
  AnalyticSource& a = p.analytic;
  a.table_file =
      base / r.get<std::string>("component_table",
                                {.description = "component table, relative to this file"});
  // Parsed once per process for its text (a sweep's runs share it), kept
  // per run by `files` so that a point reads no file.
  a.table = files.parsed<ComponentTable>(
      a.table_file, [](const std::filesystem::path& f) { return *cached_component_table(f); });
  a.clock_mhz = r.get<double>("clock_mhz",
                              {.description = "clock of the designs", .unit = "MHz", .min = 1.0});
  for (auto& m : r.section_list("tensor_core_macs", "MAC tensor-core MAC, by operand type")) {
    const DataType type = read_data_type(m, "type", "MMA operand type");
    const DesignPoint d = read_design(m);
    const AnalyticPpa ppa = analytic_ppa(d, *a.table, a.clock_mhz);
    p.tensor_core_mac[type] = per_action(a, ppa, d, macs_per_cycle(d), "MAC");
  }
  for (auto& l : r.section_list("lut_lookups", "LUT tensor-core lookup, by table entry format")) {
    const TableEntryFormat format = parse_table_entry_format(l.get<std::string>(
        "table_format",
        {.description = "table entry format", .allowed = {"fp16", "int8_quantized", "integer"}}));
    price_lut_design(format, read_design(l), p);
  }
}

ActionPrice read_price(config::ConfigReader& r, std::string_view key, std::string what) {
  auto s = r.section(key, what);
  const double pj = s.get<double>(
      "pj", {.description = "energy per action", .unit = "pJ", .min = 0.0, .max = 1e6});
  return {pj, s.get<std::string>("source", {.description = "where the figure comes from"})};
}

void read_published(config::ConfigReader r, EnergyPricing& p) {
  p.cuda_core_op = read_price(r, "cuda_core_op", "one CUDA-core instruction");
  p.register_file_byte = read_price(r, "register_file_byte", "one byte read from registers");
  p.smem_byte = read_price(r, "smem_byte", "one byte of shared memory");
  p.l2_byte = read_price(r, "l2_byte", "one byte through L2");
  p.dram_byte = read_price(r, "dram_byte", "one byte of DRAM traffic");
}

// The first action counted (> 0) under a key without a price, if any.
template <class Key>
std::optional<NotPriced> missing_price(const std::map<Key, double>& counts,
                                       const std::map<Key, ActionPrice>& prices,
                                       const std::string& action, const EnergyPricing& p) {
  for (const auto& [key, n] : counts) {
    if (n != 0.0 && !prices.contains(key)) {
      return NotPriced{action, std::string(to_string(key)), p.file.string()};
    }
  }
  return std::nullopt;
}

// Joules of counts whose every counted key has a price (missing_price first).
template <class Key>
double joules(const std::map<Key, double>& counts, const std::map<Key, ActionPrice>& prices) {
  double pj = 0.0;
  for (const auto& [key, n] : counts) {
    if (n != 0.0) pj += n * prices.at(key).pj;
  }
  return pj * kJoulesPerPj;
}

std::string line(const std::string& what, double value, const char* unit,
                 const std::string& source) {
  char number[32];
  std::snprintf(number, sizeof number, "%.4g", value);
  return what + ": " + number + " " + unit + " (" + source + ")";
}

std::string line(const std::string& what, const ActionPrice& a) {
  return line(what, a.pj, "pJ", a.source);
}

}  // namespace

EnergyPricing load_energy_pricing(const std::filesystem::path& file) {
  config::ConfigFiles files;
  return load_energy_pricing(file, files);
}

EnergyPricing load_energy_pricing(const std::filesystem::path& file, config::ConfigFiles& files) {
  auto doc = files.load(file);
  auto root = doc.root();
  EnergyPricing p;
  p.file = file;
  p.name = root.get<std::string>("name", {.description = "name of the pricing in outputs"});
  read_analytic(root.section("analytic", "tensor-core actions priced by the analytic PPA model"),
                file.parent_path(), files, p);
  read_published(root.section("published", "actions priced by published energies"), p);
  doc.check_all_consumed();
  return p;
}

EnergyPricing with_lut_array(EnergyPricing pricing, TableEntryFormat format,
                             const DesignPoint& array) {
  price_lut_design(format, array, pricing);
  return pricing;
}

EnergyEstimate price_actions(const EnergyPricing& p, const ActionCounts& c) {
  if (auto m = missing_price(c.tensor_core_macs, p.tensor_core_mac, "tensor-core MACs", p)) {
    return *m;
  }
  if (auto m = missing_price(c.lut_lookups, p.lut_lookup, "LUT lookups", p)) return *m;
  EnergyBreakdown e;
  e.tensor_core_j = joules(c.tensor_core_macs, p.tensor_core_mac);
  e.lut_j = joules(c.lut_lookups, p.lut_lookup);
  e.cuda_core_j = c.cuda_core_ops * p.cuda_core_op.pj * kJoulesPerPj;
  e.register_file_j = c.register_file_bytes * p.register_file_byte.pj * kJoulesPerPj;
  e.smem_j = c.smem_bytes * p.smem_byte.pj * kJoulesPerPj;
  e.l2_j = c.l2_bytes * p.l2_byte.pj * kJoulesPerPj;
  e.dram_j = c.dram_bytes * p.dram_byte.pj * kJoulesPerPj;
  return e;
}

std::vector<std::string> provenance(const EnergyPricing& p) {
  std::vector<std::string> out;
  for (const auto& [type, a] : p.tensor_core_mac) {
    out.push_back(line(std::string(to_string(type)) + " tensor-core MAC", a));
  }
  for (const auto& [format, a] : p.lut_lookup) {
    out.push_back(line(std::string(to_string(format)) + "-entry LUT lookup", a));
  }
  for (const auto& [format, l] : p.lut_array_leakage) {
    out.push_back(
        line(std::string(to_string(format)) + "-entry LUT array leakage", l.watts, "W", l.source));
  }
  out.push_back(line("CUDA-core instruction", p.cuda_core_op));
  out.push_back(line("register-file byte", p.register_file_byte));
  out.push_back(line("shared-memory byte", p.smem_byte));
  out.push_back(line("L2 byte", p.l2_byte));
  out.push_back(line("DRAM byte", p.dram_byte));
  return out;
}

}  // namespace lutsim::ppa
