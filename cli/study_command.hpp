#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/config/config_document.hpp"
#include "core/io/result_table.hpp"
#include "studies/study_loader.hpp"

namespace lutsim::cli {

// What every command that runs a study takes besides its own options.
struct StudyOptions {
  std::vector<std::string> sets;
  std::string out_dir;      // default: results/<name>
  std::string configs_dir;  // default: see configs_dir()
};

// Adds --set (with `set_example`), -o/--out and --configs-dir.
void add_study_options(CLI::App& cmd, StudyOptions& o, const std::string& set_example);

// Loads the study from `doc` with the --set overrides and runs it; with
// `narrate`, says on stderr what it will do and how far it got.
struct StudyRun {
  LoadedStudy loaded;
  StudyResult result;
};
StudyRun run_study(config::ConfigDocument doc, const StudyOptions& o, bool narrate = true);

// Writes every table of the run with the resolved configs and revision into
// one result folder, committed together; returns the files in table order.
// `before_commit`, when given, may add files to the folder (e.g. a plot of
// the tables) before it is committed: the staging folder and the files
// written (their committed paths; their names are the same in staging).
using BeforeCommit = std::function<void(const std::filesystem::path& staging,
                                        const std::vector<WrittenFiles>& files)>;
std::vector<WrittenFiles> write_study_tables(const StudyRun& run, const StudyOptions& o,
                                             const BeforeCommit& before_commit = {});

// The run as one JSON document for scripts (--json): tool, command, git
// revision, creation time, the resolved config (with the run's notes), the
// totals, every table's rows keyed by column and unit (unit_keyed_rows) and
// the report.
nlohmann::json study_json(const StudyRun& run);

// The summary (or first) table, the report, and "wrote <csv> and <json>" lines.
std::string describe_run(const StudyRun& run, const std::vector<WrittenFiles>& files);

}  // namespace lutsim::cli
