#include <iostream>
#include <memory>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/study_command.hpp"

namespace lutsim::cli {
namespace {

struct AccuracyOptions {
  std::string config_path;
  StudyOptions study;
};

void run_accuracy(const AccuracyOptions& o) {
  const StudyRun run =
      run_study(load_config(o.config_path, {}, embedded_accuracy_config()), o.study);
  std::cout << describe_run(run, write_study_tables(run, o.study));
}

}  // namespace

void add_accuracy_command(CLI::App& app) {
  auto opts = std::make_shared<AccuracyOptions>();
  CLI::App* cmd = app.add_subcommand(
      "accuracy", "Measure the golden LUT datapath's error against a double-precision reference");
  cmd->footer(
      "Measure the golden LUT mpGEMM datapath's error against a double-precision "
      "dequantize-then-GEMM reference, for every valid combination of activation type, "
      "weight bits, group size, table form/format and accumulator in the config. Writes "
      "accuracy.csv and accuracy.json (with the resolved config and git revision) and prints a "
      "table.");
  cmd->add_option(
         "-c,--config", opts->config_path,
         "study config (YAML); default: the embedded configs/studies/numerics_accuracy.yaml")
      ->check(CLI::ExistingFile);
  add_study_options(*cmd, opts->study, "problem.k=2048");
  cmd->callback([opts] { run_accuracy(*opts); });
}

}  // namespace lutsim::cli
