#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/non_empty.hpp"
#include "cli/trace_options.hpp"
#include "validation/trace_check.hpp"
#include "workloads/trace_csv.hpp"

namespace lutsim::cli {
namespace {

struct TraceCommandOptions {
  TraceOptions trace;
  std::string out;
  std::string compare;
  std::string configs_dir;
};

// Prints how the generated trace's linear ops differ from a captured trace;
// differences are an error (exit status 1).
void compare_with(const GemmTrace& generated, const std::string& captured) {
  const TraceComparison c = compare_linear_ops(generated, read_trace_csv(captured));
  std::cout << c.report();
  if (!c.matches()) {
    throw std::runtime_error(std::to_string(c.differences.size()) + " linear op(s) of " + captured +
                             " differ from lutsim's trace");
  }
}

void run_trace(const TraceCommandOptions& o) {
  const GemmTrace t = build_trace(o.trace, configs_dir(o.configs_dir));
  if (!o.compare.empty()) compare_with(t, o.compare);
  if (o.out.empty()) return;
  write_trace_csv(o.out, t);
  std::cout << "wrote " << o.out << ": " << t.ops.size() << " ops of " << t.model << " " << t.phase
            << " (batch " << t.batch << ", tp " << t.tensor_parallel << ")\n";
}

}  // namespace

void add_trace_command(CLI::App& app) {
  auto o = std::make_shared<TraceCommandOptions>();
  CLI::App* cmd = app.add_subcommand("trace", "Write a model's GEMM trace as CSV");
  cmd->footer(
      "The operators of one forward pass (shapes per GPU, dtypes, counts, and the ops each "
      "reads in the inputs column) in lutsim's trace CSV format; `lutsim model --trace FILE` "
      "simulates a trace, also one captured from a real framework (validation/trace/).");
  add_trace_options(*cmd, o->trace)->required();
  CLI::Option* out = cmd->add_option("-o,--out", o->out, "trace CSV to write")->check(non_empty());
  CLI::Option* compare =
      cmd->add_option("--compare", o->compare,
                      "compare the linear ops with a captured trace CSV (e.g. from "
                      "validation/trace/trace_model.py); differences exit with status 1")
          ->check(CLI::ExistingFile);
  cmd->callback([o, out, compare] {
    if (out->count() + compare->count() == 0) throw CLI::RequiredError("--out or --compare");
    run_trace(*o);
  });
  cmd->add_option("--configs-dir", o->configs_dir, "folder with models/")
      ->check(CLI::ExistingDirectory);
}

}  // namespace lutsim::cli
