#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/non_empty.hpp"
#include "cli/text_table.hpp"
#include "core/io/result_directory.hpp"
#include "ppa/flow/tool_run.hpp"
#include "ppa/studies/ppa_study.hpp"

namespace lutsim::cli {
namespace {

struct PpaOptions {
  std::string config_path;
  std::vector<std::string> sets;
  std::string out_dir = "results";
  std::string cache_dir;
  std::string repo_dir;
  int jobs = -1;
  bool plots = true;
};

// The repository root: the folder above configs/ (it holds rtl/ and ppa/).
std::filesystem::path repo_root(const std::string& given) {
  if (!given.empty()) return given;
  return configs_dir("").parent_path();
}

void run_ppa(const PpaOptions& o) {
  config::ConfigDocument doc = load_config(o.config_path, o.sets);
  config::ConfigReader root = doc.root();
  const std::unique_ptr<ppa::PpaStudy> study = ppa::read_ppa_study(root);
  doc.check_all_consumed();
  ppa::PpaRunSpec spec = study->run_spec();
  if (o.jobs >= 0) spec.jobs = o.jobs;
  const int jobs = spec.jobs > 0
                       ? spec.jobs
                       : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));

  const std::filesystem::path repo = repo_root(o.repo_dir);
  const std::filesystem::path cache = o.cache_dir.empty()
                                          ? std::filesystem::path(o.out_dir) / "ppa_cache"
                                          : std::filesystem::path(o.cache_dir);
  std::cerr << "ppa: " << spec.study << " on " << spec.library << " (" << spec.method << "), "
            << jobs << " job(s) in parallel; cache " << cache.string() << "\n";

  ppa::PpaRunOptions run;
  run.evaluate = ppa::make_evaluator(spec, repo, cache);
  run.jobs = jobs;
  run.scaling = ppa::scaling_to_comparison_node(ppa::cell_library(spec.library));
  run.progress = [](const std::string& line) { std::cerr << "ppa: " << line << "\n"; };
  const ppa::PpaStudyResult result = ppa::run_ppa_study(*study, run);

  ResultDirectory out(std::filesystem::path(o.out_dir) / spec.name, "ppa");
  const RunRecord record = make_run_record("ppa", doc.resolved());
  const WrittenFiles files = out.write_table(spec.name, result.table, record);
  const WrittenFiles module_files = out.write_table(spec.name + "_modules", result.modules, record);
  const std::filesystem::path png = out.staging() / (spec.name + ".png");
  if (o.plots) {
    ppa::run_tool({"/usr/bin/python3",
                   {(repo / "ppa/studies/plot_ppa_study.py").string(),
                    std::filesystem::absolute(out.staging() / files.csv.filename()).string(),
                    std::filesystem::absolute(png).string(), spec.study},
                   std::filesystem::absolute(out.staging()),
                   "plot.log"});
  }
  out.commit();
  std::cout << format_text_table(result.table) << "\n";
  for (const std::string& n : result.notes) std::cout << "note: " << n << "\n";
  for (const std::string& f : result.findings) std::cout << f << "\n";
  std::cout << "wrote " << files.csv.string() << " and " << files.json.string() << "\n";
  std::cout << "wrote " << module_files.csv.string() << " and " << module_files.json.string()
            << " (area per module)\n";
  if (o.plots) std::cout << "wrote " << out.committed_path(png).string() << "\n";
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
      "ASAP7), timed with OpenSTA and simulated at gate level in iverilog on realistic data; "
      "power comes from lutsim's own liberty-based calculator (method: synthesis), or all "
      "figures come from the calibrated component model (method: analytic). Results are cached "
      "(--cache). Writes <out>/<name>/<name>.{csv,json} and the area per module of every "
      "synthesized design as <name>_modules.{csv,json}, each with the resolved config and git "
      "revision, and a PNG plot (Debian's /usr/bin/python3 with matplotlib).");
  cmd->add_option("config", opts->config_path, "PPA study config (YAML)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", opts->sets, "override a config value: key=value (repeatable)");
  cmd->add_option("-o,--out", opts->out_dir, "output directory (results go to <out>/<name>/)")
      ->check(non_empty());
  cmd->add_option("--cache", opts->cache_dir, "synthesis/power cache (default <out>/ppa_cache)");
  cmd->add_option("--repo", opts->repo_dir,
                  "lutsim source tree holding rtl/ and ppa/ (default: found above configs/)");
  cmd->add_option("-j,--jobs", opts->jobs, "designs evaluated in parallel (default: the config's)")
      ->check(CLI::Range(0, 256));
  cmd->add_flag("!--no-plots", opts->plots, "skip the PNG plot");
  cmd->callback([opts] { run_ppa(*opts); });
}

}  // namespace lutsim::cli
