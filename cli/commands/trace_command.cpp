#include <iostream>
#include <memory>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/trace_options.hpp"
#include "workloads/trace_csv.hpp"

namespace lutsim::cli {
namespace {

struct TraceCommandOptions {
  TraceOptions trace;
  std::string out;
  std::string configs_dir;
};

void run_trace(const TraceCommandOptions& o) {
  const GemmTrace t = build_trace(o.trace, configs_dir(o.configs_dir));
  write_trace_csv(o.out, t);
  std::cout << "wrote " << o.out << ": " << t.ops.size() << " ops of " << t.model << " " << t.phase
            << " (batch " << t.batch << ", tp " << t.tensor_parallel << ")\n";
}

}  // namespace

void add_trace_command(CLI::App& app) {
  auto o = std::make_shared<TraceCommandOptions>();
  CLI::App* cmd = app.add_subcommand("trace", "Write a model's GEMM trace as CSV");
  cmd->footer(
      "The operators of one forward pass (shapes per GPU, dtypes, counts) in lutsim's "
      "trace CSV format; `lutsim model --trace FILE` simulates a trace, also one captured "
      "from a real framework (validation/trace/).");
  add_trace_options(*cmd, o->trace)->required();
  cmd->add_option("-o,--out", o->out, "trace CSV to write")->required();
  cmd->add_option("--configs-dir", o->configs_dir, "folder with models/")
      ->check(CLI::ExistingDirectory);
  cmd->callback([o] { run_trace(*o); });
}

}  // namespace lutsim::cli
