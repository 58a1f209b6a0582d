#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/non_empty.hpp"
#include "cli/study_command.hpp"
#include "ppa/flow/tool_run.hpp"

namespace lutsim::cli {
namespace {

struct PpaOptions {
  std::string config_path;
  StudyOptions study;
  std::string out_dir = "results";
  std::string cache_dir;
  std::string repo_dir;
  int jobs = -1;
  bool plots = true;
};

// The command's options as overrides of the study's keys (studies/ppa/
// ppa_study_job.hpp), before the --set ones: --cache, --repo, --jobs.
std::vector<std::string> overrides(const PpaOptions& o) {
  std::vector<std::string> sets;
  if (!o.cache_dir.empty()) sets.push_back("cache_dir=" + o.cache_dir);
  if (!o.repo_dir.empty()) sets.push_back("source_dir=" + o.repo_dir);
  if (o.jobs >= 0) sets.push_back("jobs=" + std::to_string(o.jobs));
  sets.insert(sets.end(), o.study.sets.begin(), o.study.sets.end());
  return sets;
}

void run_ppa(const PpaOptions& o) {
  StudyOptions study = o.study;
  study.sets = overrides(o);
  const StudyRun run = run_study(load_config(o.config_path, {}), study);
  const std::string stem = run.result.tables.front().stem;
  study.out_dir = (std::filesystem::path(o.out_dir) / run.loaded.name).string();
  std::filesystem::path png;
  const auto plot = [&](const std::filesystem::path& staging,
                        const std::vector<WrittenFiles>& files) {
    if (!o.plots) return;
    png = files.front().csv.parent_path() / (stem + ".png");
    ppa::run_tool({"/usr/bin/python3",
                   {(std::filesystem::path(run.loaded.resolved.at("source_dir").get<std::string>()) /
                     "ppa/studies/plot_ppa_study.py")
                        .string(),
                    std::filesystem::absolute(staging / files.front().csv.filename()).string(),
                    std::filesystem::absolute(staging / png.filename()).string(),
                    run.loaded.kind},
                   std::filesystem::absolute(staging),
                   "plot.log"});
  };
  const std::vector<WrittenFiles> files = write_study_tables(run, study, plot);
  std::cout << describe_run(run, files);
  if (o.plots) std::cout << "wrote " << png.string() << "\n";
}

}  // namespace

void add_ppa_command(CLI::App& app) {
  auto opts = std::make_shared<PpaOptions>();
  CLI::App* cmd = app.add_subcommand(
      "ppa", "Area, timing and power of the LUT units and baselines (yosys, OpenSTA, own power)");
  cmd->footer(
      "Runs one PPA study config (configs/ppa/*.yaml; `study:` is one of ppa_dot_units, "
      "ppa_group_size, ppa_array_shapes, ppa_weight_bits, ppa_ablation, ppa_tensor_core). "
      "Every design is synthesized with yosys onto the study's cell library (NanGate45 or "
      "ASAP7), timed with OpenSTA and simulated at gate level on realistic data (lutsim's "
      "levelized zero-delay simulator, or iverilog with `activity_simulator: iverilog`); "
      "power comes from lutsim's own liberty-based calculator (method: synthesis), or all "
      "figures come from the calibrated component model (method: analytic). Results are cached "
      "(--cache). The studies run under `lutsim sweep` too (any key swept). Writes "
      "<out>/<name>/<name>.{csv,json} and the area per module of every "
      "synthesized design as <name>_modules.{csv,json}, each with the resolved config and git "
      "revision, and a PNG plot (Debian's /usr/bin/python3 with matplotlib).");
  cmd->add_option("config", opts->config_path, "PPA study config (YAML)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", opts->study.sets, "override a config value: key=value (repeatable)");
  cmd->add_option("-o,--out", opts->out_dir, "output directory (results go to <out>/<name>/)")
      ->check(non_empty());
  cmd->add_option("--cache", opts->cache_dir,
                  "synthesis/power cache, as --set cache_dir=DIR (default: the config's "
                  "cache_dir, else results/ppa_cache)");
  cmd->add_option("--repo", opts->repo_dir,
                  "lutsim source tree holding rtl/ and ppa/, as --set source_dir=DIR (default: "
                  "found above configs/)");
  cmd->add_option("-j,--jobs", opts->jobs,
                  "designs evaluated in parallel, as --set jobs=N (default: the config's)")
      ->check(CLI::Range(0, 256));
  cmd->add_flag("!--no-plots", opts->plots, "skip the PNG plot");
  cmd->callback([opts] { run_ppa(*opts); });
}

}  // namespace lutsim::cli
