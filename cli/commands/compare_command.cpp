#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/energy_options.hpp"
#include "cli/text_table.hpp"
#include "sim/studies/compare_study.hpp"

namespace lutsim::cli {
namespace {

struct CompareOptions {
  std::string config_path;
  std::vector<std::string> sets;
  std::string out_dir;
  std::string configs_dir;
  std::string energy;
};

ResultTable full_table(const std::vector<CompareRow>& rows, const ppa::EnergyPricing& pricing) {
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
       {"weights_fit", "", "linear weights fit in one GPU's DRAM"}});
  for (const CompareRow& r : rows) {
    t.add_row({r.model, r.scenario, r.gpu, r.method, r.precision, r.latency_s * 1e3,
               energy_per_token_mj(pricing, r.actions, r.tokens), r.speedup_vs_fp16,
               r.speedup_vs_int8, r.speedup_vs_dequant, r.linear_share,
               std::string(r.weights_fit ? "yes" : "no")});
  }
  return t;
}

// For the terminal: per model, scenario and precision, the FP16 baseline's
// latency and each low-bit system's speedup over it.
ResultTable summary_table(const std::vector<CompareRow>& rows) {
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

void run_compare(const CompareOptions& o) {
  const auto dir = configs_dir(o.configs_dir);
  auto doc = load_config(o.config_path, o.sets, embedded_compare_config());
  auto root = doc.root();
  const CompareStudySpec spec = read_compare_study(root, dir);
  doc.check_all_consumed();
  std::cerr << "compare: " << spec.models.size() << " models x " << spec.scenarios.size()
            << " scenarios (configs: " << dir.string() << ")\n";
  const auto rows = run_compare_study(spec, dir, [](std::size_t done, std::size_t total) {
    std::cerr << "  [" << done << "/" << total << "] model x scenario done\n";
  });
  const ppa::EnergyPricing pricing = load_energy(o.energy, dir);
  const std::string out = o.out_dir.empty() ? "results/" + spec.study : o.out_dir;
  nlohmann::json record_config = doc.resolved();
  record_config["assumptions"] = {
      "attention (activation x activation) and 16-bit-weight linears run on the GPU's FP16 MAC "
      "tensor cores, also on LUT variants",
      "tensor-parallel communication is not modelled",
      "latency per GPU; weights_fit reports whether the linear weights fit in one GPU's DRAM"};
  record_config["energy_pricing"] = energy_record(pricing);
  const auto files = write_result_files(out, "compare", full_table(rows, pricing),
                                        make_run_record("compare", record_config));
  std::cout << format_text_table(summary_table(rows)) << "\n(speedup = FP16 tensor-core latency / "
            << "latency; every system's latency and energy per token (" << pricing.name
            << " energies) is in " << files.csv.string() << ")\nwrote " << files.csv.string()
            << " and " << files.json.string() << "\n";
}

}  // namespace

void add_compare_command(CLI::App& app) {
  auto opts = std::make_shared<CompareOptions>();
  CLI::App* cmd = app.add_subcommand(
      "compare",
      "End-to-end latency of LUT tensor-core GPUs vs FP16/INT8 tensor cores and dequant");
  cmd->footer(
      "For each model and scenario in the config, generates the GEMM trace and times one forward "
      "pass with the tile-level model on: the base GPU's FP16 tensor cores (W16A16), its INT8 "
      "tensor cores (W8A8), dequantization kernels and each LUT GPU at every low-bit precision. "
      "Prints speedups over FP16 and writes compare.csv and compare.json (all latencies and "
      "energies per token, the resolved config, the energy prices with their sources, the git "
      "revision).");
  cmd->add_option("-c,--config", opts->config_path,
                  "study config (YAML); default: the embedded configs/studies/compare_default.yaml")
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", opts->sets,
                  "override a config value: --set weight_bits=[2] (repeatable)");
  cmd->add_option("-o,--out", opts->out_dir, "output directory; default: results/<study>");
  add_energy_option(*cmd, opts->energy);
  cmd->add_option(
         "--configs-dir", opts->configs_dir,
         "folder with hw/, models/ and energy/; default: configs/ above the binary or the working "
         "directory")
      ->check(CLI::ExistingDirectory);
  cmd->callback([opts] { run_compare(*opts); });
}

}  // namespace lutsim::cli
