#include "studies/compare/compare_tables.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "ppa/energy/run_energy.hpp"
#include "studies/energy_keys.hpp"

namespace lutsim {
namespace {

// One forward pass: its actions and its GPU's static power over its latency.
ppa::EnergyEstimate row_energy(const CompareRow& r, const ppa::EnergyPricing& pricing) {
  return ppa::price_run(pricing, r.hardware, r.actions, r.latency_s);
}

}  // namespace

ResultTable compare_table(const std::vector<CompareRow>& rows, const ppa::EnergyPricing& pricing) {
  ResultTable t(
      {{"model", "", ""},
       {"scenario", "", "phase, batch, sequence"},
       {"gpu", "", "hardware config name"},
       {"method", "", "fp16_tensor_core, int8_tensor_core, dequant or lut"},
       {"precision", "", "weight and activation bits"},
       {"latency", "ms", "one forward pass, per GPU"},
       {"energy_per_token", "mJ/token", kEnergyPerTokenText},
       {"speedup_vs_fp16", "x", "FP16 tensor core latency / this"},
       {"speedup_vs_int8", "x", "INT8 tensor core (W8A8) latency / this"},
       {"speedup_vs_dequant", "x", "dequant latency at this precision / this (0: none)"},
       {"linear_share", "1", "share of the latency in linear layers and table precompute"},
       {"weights_fit", "", "linear weights fit in one GPU's DRAM"},
       {"rows_timed_aligned", "",
        "linears whose rows are off 16 bytes on a GPU without measured fallback rates, timed "
        "as aligned (lower bounds)"}});
  for (const CompareRow& r : rows) {
    t.add_row({r.model, r.scenario, r.gpu, r.method, r.precision, r.latency_s * 1e3,
               energy_per_token_cell(row_energy(r, pricing), r.tokens), r.speedup_vs_fp16,
               r.speedup_vs_int8, r.speedup_vs_dequant, r.linear_share,
               std::string(r.weights_fit ? "yes" : "no"), r.rows_timed_aligned});
  }
  return t;
}

std::vector<std::string> energy_not_priced(const std::vector<CompareRow>& rows,
                                           const ppa::EnergyPricing& pricing) {
  std::vector<std::string> missing;
  for (const CompareRow& r : rows) {
    const ppa::EnergyEstimate e = row_energy(r, pricing);
    if (e.priced()) continue;
    const std::string m = e.not_priced().message();
    if (std::find(missing.begin(), missing.end(), m) == missing.end()) missing.push_back(m);
  }
  return missing;
}

ResultTable compare_summary_table(const std::vector<CompareRow>& rows) {
  std::vector<std::string> systems;
  for (const CompareRow& r : rows) {
    const std::string s = r.method == "lut" ? r.gpu : r.method;
    if (r.method != "fp16_tensor_core" && r.method != "int8_tensor_core" &&
        std::find(systems.begin(), systems.end(), s) == systems.end()) {
      systems.push_back(s);
    }
  }
  std::vector<ResultTable::Column> cols{{"model", "", ""},
                                        {"scenario", "", ""},
                                        {"precision", "", ""},
                                        {"fp16_tc", "ms", ""},
                                        {"int8_tc_vs_fp16", "x", ""}};
  for (const auto& s : systems) cols.push_back({s + "_vs_fp16", "x", ""});
  ResultTable t(cols);
  std::map<std::string, std::vector<ResultTable::Cell>> lines;
  std::vector<std::string> order;
  double fp16_ms = 0.0, int8_x = 0.0;
  for (const CompareRow& r : rows) {
    if (r.method == "fp16_tensor_core") fp16_ms = r.latency_s * 1e3;
    if (r.method == "int8_tensor_core") int8_x = r.speedup_vs_fp16;
    if (r.method != "dequant" && r.method != "lut") continue;
    const std::string key = r.model + "|" + r.scenario + "|" + r.precision;
    if (!lines.count(key)) {
      order.push_back(key);
      lines[key] = {r.model, r.scenario, r.precision, fp16_ms, int8_x};
      lines[key].resize(cols.size(), 0.0);
    }
    const std::string s = r.method == "lut" ? r.gpu : r.method;
    const auto at = std::find(systems.begin(), systems.end(), s) - systems.begin();
    lines[key][5 + at] = r.speedup_vs_fp16;
  }
  for (const auto& k : order) t.add_row(lines[k]);
  return t;
}

}  // namespace lutsim
