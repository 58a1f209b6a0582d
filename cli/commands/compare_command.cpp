#include <iostream>
#include <memory>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/energy_options.hpp"
#include "cli/study_command.hpp"
#include "cli/text_table.hpp"

namespace lutsim::cli {
namespace {

struct CompareOptions {
  std::string config_path;
  StudyOptions study;
};

void run_compare(const CompareOptions& o) {
  const StudyRun run =
      run_study(load_config(o.config_path, {}, embedded_compare_config()), o.study);
  const auto files = write_study_tables(run, o.study).front();
  std::cout << format_text_table(*run.result.summary) << "\n(speedup = FP16 tensor-core latency / "
            << "latency; every system's latency and energy per token are in " << files.csv.string()
            << ")\nwrote " << files.csv.string() << " and " << files.json.string() << "\n";
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
      "energies per token, the resolved config with every hardware config under hw, the energy "
      "prices with their sources, the git revision).");
  cmd->add_option("-c,--config", opts->config_path,
                  "study config (YAML); default: the embedded configs/studies/compare_default.yaml")
      ->check(CLI::ExistingFile);
  add_study_options(*cmd, opts->study,
                    "weight_bits=[2] or --set hw.a100_lut_4x.lut_tensor_core.array_n=128");
  add_energy_option(*cmd, opts->study);
  cmd->callback([opts] { run_compare(*opts); });
}

}  // namespace lutsim::cli
