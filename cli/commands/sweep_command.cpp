#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands/accuracy_table.hpp"
#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/text_table.hpp"
#include "core/specs/accuracy_study_spec.hpp"
#include "core/specs/sweep_spec.hpp"

namespace lutsim::cli {
namespace {

struct SweepOptions {
  std::string path;
  std::string out_dir;
};

struct PreparedPoint {
  SweepPoint point;
  AccuracyStudySpec spec;
  nlohmann::json resolved;
};

// Loads and checks one point; a config error is reported against the axis
// values that produced it.
PreparedPoint prepare(const SweepSpec& sweep, const SweepPoint& point) {
  try {
    auto doc = load_config(sweep.base.string(), point.assignments);
    auto root = doc.root();
    AccuracyStudySpec spec = read_accuracy_study(root);
    doc.check_all_consumed();
    return {point, std::move(spec), doc.resolved()};
  } catch (const config::ConfigError& e) {
    throw config::ConfigError(e.where(), e.key_path(),
                              e.message() + " (sweep point: " + point.label + ")");
  }
}

void run_sweep(const SweepOptions& o) {
  auto doc = load_config(o.path, {});
  auto root = doc.root();
  const SweepSpec sweep = read_sweep(root, o.path);
  doc.check_all_consumed();

  // Check every point before running any, so a bad axis value costs nothing.
  std::vector<PreparedPoint> points;
  for (const SweepPoint& p : expand_sweep(sweep)) points.push_back(prepare(sweep, p));

  std::vector<ResultTable::Column> columns{{"sweep_point", "", "the axis values of this point"}};
  for (const auto& c : accuracy_columns()) columns.push_back(c);
  ResultTable table(columns);
  nlohmann::json record_config{{"sweep", doc.resolved()}, {"points", nlohmann::json::array()}};
  for (std::size_t i = 0; i < points.size(); ++i) {
    const PreparedPoint& p = points[i];
    std::cerr << "[" << i + 1 << "/" << points.size() << "] " << p.point.label << "\n";
    for (const auto& r : run_accuracy_study(p.spec.problem, p.spec.datapaths)) {
      std::vector<ResultTable::Cell> row{p.point.label};
      for (auto& c : accuracy_cells(r)) row.push_back(std::move(c));
      table.add_row(std::move(row));
    }
    record_config["points"].push_back({{"label", p.point.label}, {"config", p.resolved}});
  }
  const std::string dir = o.out_dir.empty() ? "results/" + sweep.study : o.out_dir;
  const auto files =
      write_result_files(dir, "sweep", table, make_run_record("sweep", record_config));
  std::cout << format_text_table(table) << "\nwrote " << files.csv.string() << " and "
            << files.json.string() << "\n";
}

}  // namespace

void add_sweep_command(CLI::App& app) {
  auto opts = std::make_shared<SweepOptions>();
  CLI::App* cmd = app.add_subcommand("sweep", "Run a sweep of a base config over crossed axes");
  cmd->footer(
      "Run a sweep: the cross product of the sweep file's axes, each point its base config with "
      "--set overrides. Every point is checked before any runs. Writes sweep.csv and sweep.json "
      "(every point's resolved config included).");
  cmd->add_option("file", opts->path, "sweep config (YAML, configs/sweeps/)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("-o,--out", opts->out_dir, "output directory; default: results/<study>");
  cmd->callback([opts] { run_sweep(*opts); });
}

}  // namespace lutsim::cli
