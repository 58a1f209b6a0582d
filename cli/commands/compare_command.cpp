#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/commands/compare_engines.hpp"
#include "cli/commands/systemc_engine.hpp"
#include "cli/config_loading.hpp"
#include "cli/energy_options.hpp"
#include "cli/study_command.hpp"
#include "cli/text_table.hpp"

namespace lutsim::cli {
namespace {

struct CompareOptions {
  std::string config_path;
  std::string engine = "tile";
  StudyOptions study;
};

const CompareStudySpec& compare_spec(const StudyRun& run) {
  const auto* study = dynamic_cast<const CompareStudy*>(run.loaded.study.get());
  if (study == nullptr) throw std::logic_error("lutsim compare ran a study other than compare");
  return study->spec();
}

std::string systemc_engine_text(const ResultTable& engines, const WrittenFiles& files) {
  return "\nsystemc engine: each forward pass again, the compute term of every linear the "
         "sub-core runs (LUT lmma, FP16/INT8 mma.sync) from one warp tile simulated cycle by "
         "cycle, the rest from the tile model (docs/systemc.md)\n" +
         format_text_table(engines) + "\nwrote " + files.csv.string() + " and " +
         files.json.string() + "\n";
}

void run_compare(const CompareOptions& o) {
  StudyRun run = run_study(load_config(o.config_path, {}, embedded_compare_config()), o.study);
  if (o.engine == "systemc") {
    run.result.tables.push_back(
        {"compare_systemc_engine", compare_engine_table(compare_spec(run), progress_printer())});
  }
  const std::vector<WrittenFiles> files = write_study_tables(run, o.study);
  const WrittenFiles& main = files.front();
  std::cout << format_text_table(*run.result.summary) << "\n(speedup = FP16 tensor-core latency / "
            << "latency; every system's latency and energy per token are in " << main.csv.string()
            << ")\n"
            << run.result.report << "wrote " << main.csv.string() << " and " << main.json.string()
            << "\n";
  if (o.engine == "systemc") {
    std::cout << systemc_engine_text(run.result.tables.back().table, files.back());
  }
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
      "prices with their sources, the git revision). With --engine systemc, also times every "
      "forward pass with the systemc engine and writes compare_systemc_engine.csv and .json.");
  cmd->add_option("-c,--config", opts->config_path,
                  "study config (YAML); default: the embedded configs/studies/compare_default.yaml")
      ->check(CLI::ExistingFile);
  add_study_options(*cmd, opts->study,
                    "weight_bits=[2] or --set hw.a100_lut_4x.lut_tensor_core.array_n=128");
  add_energy_option(*cmd, opts->study);
  add_engine_option(*cmd, opts->engine,
                    "also each forward pass with the compute term of every linear the sub-core "
                    "runs (LUT lmma, FP16/INT8 mma.sync) from one warp tile simulated cycle by "
                    "cycle, both engines' latency and speedups side by side");
  cmd->callback([opts] { run_compare(*opts); });
}

}  // namespace lutsim::cli
