#include <unistd.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands/accuracy_table.hpp"
#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/text_table.hpp"
#include "core/specs/accuracy_study_spec.hpp"

namespace lutsim::cli {
namespace {

struct AccuracyOptions {
  std::string config_path;
  std::vector<std::string> sets;
  std::string out_dir;
};

// Progress on stderr: one updating line on a terminal, a line per step otherwise.
AccuracyProgress progress_printer() {
  const bool tty = ::isatty(STDERR_FILENO) != 0;
  return [tty](std::size_t done, std::size_t total) {
    std::cerr << (tty ? "\r" : "") << "  [" << done << "/" << total << "] datapaths evaluated"
              << (tty && done < total ? "" : "\n") << std::flush;
  };
}

void run_accuracy(const AccuracyOptions& o) {
  auto doc = load_config(o.config_path, o.sets, embedded_accuracy_config());
  auto root = doc.root();
  const AccuracyStudySpec spec = read_accuracy_study(root);
  doc.check_all_consumed();

  std::cerr << "accuracy: " << spec.datapaths.size() << " datapaths (" << spec.skipped_combinations
            << " invalid combinations skipped), M=" << spec.problem.m << " N=" << spec.problem.n
            << " K=" << spec.problem.k << "\n";
  const auto rows = run_accuracy_study(spec.problem, spec.datapaths, progress_printer());

  ResultTable table(accuracy_columns());
  for (const auto& r : rows) table.add_row(accuracy_cells(r));
  const std::string dir = o.out_dir.empty() ? "results/" + spec.study : o.out_dir;
  const auto files =
      write_result_files(dir, "accuracy", table, make_run_record("accuracy", doc.resolved()));
  std::cout << format_text_table(table) << "\nwrote " << files.csv.string() << " and "
            << files.json.string() << "\n";
}

}  // namespace

std::vector<ResultTable::Column> accuracy_columns() {
  return {
      {"activation", "", "activation type"},
      {"weight_bits", "bits", "weight bits b"},
      {"group_size", "1", "activations per table k"},
      {"table_form", "", "table layout"},
      {"table_format", "", "table entry format"},
      {"accumulator", "", "accumulator type"},
      {"outputs", "1", "outputs M x N"},
      {"lookups", "1", "table reads M x N x K/k x b"},
      {"overflowed", "1", "outputs whose accumulator overflowed to +-inf"},
      {"max_abs_error", "output units", "max |Y_lut - Y_dequant| (Y_dequant: double reference)"},
      {"rel_rms_error", "1", "||Y_lut - Y_dequant||_2 / ||Y_dequant||_2"},
      {"max_acc_error", "activation units", "max |acc - sum_k x q| of the accumulator"},
      {"max_error_to_bound", "1",
       "max |acc - sum_k x q| / derived bound (<= 1 expected; nan: no finite bound)"},
      {"host_time", "ms", "host wall time of the LUT evaluation"},
  };
}

std::vector<ResultTable::Cell> accuracy_cells(const DatapathAccuracy& a) {
  const LutGemmConfig& d = a.datapath;
  return {std::string(to_string(d.activation)),
          std::int64_t{d.weight_bits},
          std::int64_t{d.geometry.k},
          std::string(to_string(d.geometry.table_form)),
          std::string(to_string(d.table_format)),
          std::string(to_string(d.accumulator)),
          a.outputs,
          a.lookups,
          a.nonfinite_outputs,
          a.max_abs_error,
          a.rel_rms_error,
          a.max_acc_error,
          a.max_error_to_bound,
          a.host_seconds * 1e3};
}

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
  cmd->add_option("--set", opts->sets,
                  "override a config value: --set problem.k=2048 (repeatable)");
  cmd->add_option("-o,--out", opts->out_dir, "output directory; default: results/<study>");
  cmd->callback([opts] { run_accuracy(*opts); });
}

}  // namespace lutsim::cli
