#include "cli/study_command.hpp"

#include <iostream>

#include "cli/config_loading.hpp"
#include "cli/non_empty.hpp"
#include "cli/progress_printer.hpp"
#include "cli/text_table.hpp"
#include "core/io/result_directory.hpp"

namespace lutsim::cli {

void add_study_options(CLI::App& cmd, StudyOptions& o, const std::string& set_example) {
  cmd.add_option("--set", o.sets,
                 "override a config value: --set " + set_example +
                     "; hw.<config>.<key>=<value> sets a key of a hardware config the study "
                     "uses (repeatable)");
  cmd.add_option("-o,--out", o.out_dir, "output directory; default: results/<name>")
      ->check(non_empty());
  cmd.add_option(
         "--configs-dir", o.configs_dir,
         "folder with hw/ and models/; default: configs/ above the binary or the working directory")
      ->check(CLI::ExistingDirectory);
}

StudyRun run_study(config::ConfigDocument doc, const StudyOptions& o, bool narrate) {
  StudyRun run{load_study(std::move(doc), o.sets, configs_dir(o.configs_dir)), {}};
  if (narrate) std::cerr << run.loaded.kind << ": " << run.loaded.study->plan() << "\n";
  run.result = run.loaded.study->run(narrate ? progress_printer() : StudyProgress{});
  return run;
}

std::vector<WrittenFiles> write_study_tables(const StudyRun& run, const StudyOptions& o,
                                             const BeforeCommit& before_commit) {
  const std::string dir = o.out_dir.empty() ? "results/" + run.loaded.name : o.out_dir;
  const RunRecord record =
      make_run_record(run.loaded.kind, recorded_config(run.loaded, run.result));
  ResultDirectory out(dir, run.loaded.kind);
  std::vector<WrittenFiles> files;
  for (const StudyTable& t : run.result.tables)
    files.push_back(out.write_table(t.stem, t.table, record));
  if (before_commit) before_commit(out.staging(), files);
  out.commit();
  return files;
}

nlohmann::json study_json(const StudyRun& run) {
  const RunRecord record =
      make_run_record(run.loaded.kind, recorded_config(run.loaded, run.result));
  nlohmann::json j{{"tool", "lutsim"},
                   {"command", record.command},
                   {"git_revision", record.git_revision},
                   {"created_utc", record.created_utc},
                   {"config", record.resolved_config},
                   {"totals", run.result.totals},
                   {"tables", nlohmann::json::object()},
                   {"report", run.result.report}};
  for (const StudyTable& t : run.result.tables) j["tables"][t.stem] = unit_keyed_rows(t.table);
  return j;
}

std::string describe_run(const StudyRun& run, const std::vector<WrittenFiles>& files) {
  const StudyResult& r = run.result;
  std::string text = format_text_table(r.summary ? *r.summary : r.tables.front().table) + "\n";
  if (!r.report.empty()) text += r.report + "\n";
  for (const WrittenFiles& f : files) {
    text += "wrote " + f.csv.string() + " and " + f.json.string() + "\n";
  }
  return text;
}

}  // namespace lutsim::cli
