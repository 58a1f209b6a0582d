#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/non_empty.hpp"
#include "cli/study_command.hpp"
#include "cli/text_table.hpp"
#include "core/io/result_directory.hpp"
#include "core/specs/sweep_spec.hpp"

namespace lutsim::cli {
namespace {

struct SweepOptions {
  std::string path;
  std::string out_dir;
  std::string configs_dir;
};

struct PreparedPoint {
  SweepPoint point;
  LoadedStudy study;
};

// Loads and checks one point; a config error is reported against the axis
// values that produced it.
PreparedPoint prepare(const SweepSpec& sweep, const SweepPoint& point,
                      const std::filesystem::path& configs) {
  try {
    return {point,
            load_study(config::ConfigDocument::load_file(sweep.base), point.assignments, configs)};
  } catch (const config::ConfigError& e) {
    throw config::ConfigError(e.where(), e.key_path(),
                              e.message() + " (sweep point: " + point.label + ")");
  }
}

// The columns of a sweep table: the point, each axis, then the study's own.
ResultTable sweep_table(const SweepSpec& sweep, const ResultTable& study_table) {
  std::vector<ResultTable::Column> columns{{"sweep_point", "", "the axis values of this point"}};
  for (const SweepAxis& a : sweep.axes) columns.push_back({a.column, "", "axis " + a.key});
  for (const auto& c : study_table.columns()) columns.push_back(c);
  return ResultTable(columns);
}

// Appends the point's rows of every study table to the sweep table of the same index.
void add_rows(const SweepSpec& sweep, const SweepPoint& point, const StudyResult& result,
              std::vector<StudyTable>& tables) {
  for (std::size_t t = 0; t < result.tables.size(); ++t) {
    const StudyTable& from = result.tables[t];
    if (tables.size() == t) tables.push_back({from.stem, sweep_table(sweep, from.table)});
    for (const auto& cells : from.table.rows()) {
      std::vector<ResultTable::Cell> row{point.label};
      for (const auto& v : point.values) row.push_back(v);
      row.insert(row.end(), cells.begin(), cells.end());
      tables[t].table.add_row(std::move(row));
    }
  }
}

void run_sweep(const SweepOptions& o) {
  auto doc = load_config(o.path, {});
  auto root = doc.root();
  const SweepSpec sweep = read_sweep(root, o.path);
  doc.check_all_consumed();

  // Check every point before running any, so a bad axis value costs nothing.
  const auto configs = configs_dir(o.configs_dir);
  std::vector<PreparedPoint> points;
  for (const SweepPoint& p : expand_sweep(sweep)) points.push_back(prepare(sweep, p, configs));

  std::vector<StudyTable> tables;
  nlohmann::json record_config{{"sweep", doc.resolved()}, {"points", nlohmann::json::array()}};
  for (std::size_t i = 0; i < points.size(); ++i) {
    const PreparedPoint& p = points[i];
    std::cerr << "[" << i + 1 << "/" << points.size() << "] " << p.study.kind << ", "
              << p.point.label << "\n";
    const StudyResult result = p.study.study->run({});
    add_rows(sweep, p.point, result, tables);
    record_config["points"].push_back(
        {{"label", p.point.label}, {"config", recorded_config(p.study, result)}});
  }
  ResultDirectory out(o.out_dir.empty() ? "results/" + sweep.name : o.out_dir, "sweep");
  const RunRecord record = make_run_record("sweep", record_config);
  std::string text;
  for (const StudyTable& t : tables) {
    const std::string stem = tables.size() == 1 ? "sweep" : "sweep_" + t.stem;
    const auto files = out.write_table(stem, t.table, record);
    text += format_text_table(t.table) + "\nwrote " + files.csv.string() + " and " +
            files.json.string() + "\n";
  }
  out.commit();
  std::cout << text;
}

}  // namespace

void add_sweep_command(CLI::App& app) {
  auto opts = std::make_shared<SweepOptions>();
  CLI::App* cmd = app.add_subcommand("sweep", "Run a study over crossed axes of its config");
  cmd->footer(
      "Run a sweep: the cross product of the sweep file's axes, each point the base study config "
      "with --set overrides (hw.<config>.<key> reaches a hardware config the study uses). Any "
      "study runs (the base config's `study:` picks it). Every point is checked before any runs. "
      "Writes sweep.csv and sweep.json with a column per axis (every point's resolved config, "
      "hardware included, in the JSON).");
  cmd->add_option("file", opts->path, "sweep config (YAML, configs/sweeps/)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("-o,--out", opts->out_dir, "output directory; default: results/<name>")
      ->check(non_empty());
  cmd->add_option("--configs-dir", opts->configs_dir, "folder with hw/ and models/")
      ->check(CLI::ExistingDirectory);
  cmd->callback([opts] { run_sweep(*opts); });
}

}  // namespace lutsim::cli
