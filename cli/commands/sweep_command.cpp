#include <algorithm>
#include <charconv>
#include <functional>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <memory>
#include <string>
#include <vector>

#include "cli/at_least.hpp"
#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/non_empty.hpp"
#include "cli/sweep_progress.hpp"
#include "cli/text_table.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/result_directory.hpp"
#include "core/specs/sweep_spec.hpp"
#include "store/store_merge.hpp"
#include "store/sweep_csv.hpp"
#include "store/sweep_tables.hpp"
#include "studies/sweep/mpi_sweep.hpp"
#include "studies/sweep/sweep_runner.hpp"

namespace lutsim::cli {
namespace {

// Rows of each sweep table printed; the CSV and JSON hold them all.
constexpr std::size_t kMaxPrintedRows = 40;

struct SweepOptions {
  std::string path;
  std::string out_dir;
  std::string configs_dir;
  std::string store;
  int jobs = 1;
  std::string shard;  // "i/n"
};

struct ExportOptions {
  std::string store;
  std::string format = "csv";
  std::string table;
  std::string out;
};

struct MergeOptions {
  std::string out;
  std::vector<std::string> inputs;
};

// "i/n" with 0 <= i < n, or nullopt with `error` set.
std::optional<SweepShard> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) return std::nullopt;
  const auto number = [&](std::size_t from, std::size_t to) -> std::optional<std::size_t> {
    std::size_t v = 0;
    const char* end = text.data() + to;
    const auto [stop, error] = std::from_chars(text.data() + from, end, v);
    if (error != std::errc() || stop != end || from == to) return std::nullopt;
    return v;
  };
  const auto i = number(0, slash);
  const auto n = number(slash + 1, text.size());
  if (!i || !n || *i >= *n) return std::nullopt;
  return SweepShard{*i, *n};
}

CLI::Validator shard_spec() {
  return CLI::Validator(
      [](std::string& value) {
        return parse_shard(value) ? std::string()
                                  : "expected i/n with integers 0 <= i < n, got '" + value + "'";
      },
      "i/n");
}

std::string default_out_dir(const SweepSpec& sweep, const SweepShard& shard) {
  std::string dir = "results/" + sweep.name;
  if (shard.count > 1) {
    dir += "_shard" + std::to_string(shard.index) + "of" + std::to_string(shard.count);
  }
  return dir;
}

// How the shard's points are run: threads here, or ranks under mpirun.
using PointRunner = std::function<SweepRun(const SweepSource&, SweepShard, store::ResultsStore&,
                                           const SweepProgress&)>;

// Runs the shard's points not in the store; returns the shard's points.
std::vector<PointKey> run_points(const SweepSpec& sweep, const SweepOptions& o,
                                 const SweepShard& shard, const std::filesystem::path& store_file,
                                 const PointRunner& runner) {
  config::ConfigFiles files;
  const SweepSource source{sweep, configs_dir(o.configs_dir), files};
  // Every axis value is checked before the store is made, so a bad one costs nothing.
  check_axis_values(source, o.jobs);
  auto store = store::ResultsStore::open_for_writing(store_file, stored_axes(sweep));
  SweepProgressReporter reporter;
  SweepRun run =
      runner(source, shard, store, [&](const SweepCounts& c) { reporter.update(c); });
  reporter.finish(run.counts, store_file);
  return std::move(run.points);
}

// The first kMaxPrintedRows rows of sweep table `table`, for people.
ResultTable printed_rows(const SweepSpec& sweep, const std::vector<PointKey>& points,
                         store::ResultsStore& store, std::size_t table) {
  ResultTable t(store::sweep_columns(stored_axes(sweep), store.tables().at(table).table));
  for (const PointKey& p : points) {
    if (t.rows().size() >= kMaxPrintedRows) break;
    const store::StoredPoint stored = stored_point(sweep, p, store);
    for (auto& row : store::sweep_rows(stored, stored.tables.at(table).table)) {
      if (t.rows().size() < kMaxPrintedRows) t.add_row(std::move(row));
    }
  }
  return t;
}

// Writes `file` (in the staging folder) with `write`; throws naming it when
// the stream fails (a full disk).
template <class Write>
void write_staged(const std::filesystem::path& file, const Write& write) {
  std::ofstream out(file);
  write(out);
  out.flush();
  if (!out) throw std::runtime_error(file.string() + ": cannot write (disk full?)");
}

// Writes the sweep's tables (CSV and JSON) into `out`'s staging folder from
// the store one point at a time, so memory does not grow with the number of
// points; returns what to print: the first rows of each table and the files.
// The store is closed again on return.
std::string write_sweep_tables(const SweepSpec& sweep, const nlohmann::json& resolved_sweep,
                               const std::vector<PointKey>& points,
                               const std::filesystem::path& store_file, ResultDirectory& out) {
  auto store = store::ResultsStore::open_existing(store_file);
  const store::SweepPoints source = run_points_source(sweep, points, store);
  const RunRecord record = make_run_record("sweep", {{"sweep", resolved_sweep}});
  std::string text;
  for (std::size_t t = 0; t < store.tables().size(); ++t) {
    const std::string stem =
        store.tables().size() == 1 ? "sweep" : "sweep_" + store.tables()[t].stem;
    std::size_t rows = 0;
    write_staged(out.staging() / (stem + ".csv"), [&](std::ostream& f) {
      rows = store::write_sweep_csv(f, source, t, record, store::point_record);
    });
    write_staged(out.staging() / (stem + ".json"), [&](std::ostream& f) {
      store::write_sweep_json(f, source, t, record, store::point_record);
    });
    const ResultTable printed = printed_rows(sweep, points, store, t);
    text += format_text_table(printed) +
            (rows > printed.rows().size()
                 ? "... " + std::to_string(rows - printed.rows().size()) + " more rows\n"
                 : std::string()) +
            "\nwrote " + out.committed_path(out.staging() / (stem + ".csv")).string() + " and " +
            out.committed_path(out.staging() / (stem + ".json")).string() + "\n";
  }
  return text;
}

struct SweepFile {
  config::ConfigDocument doc;
  SweepSpec sweep;
};

SweepFile read_sweep_file(const std::string& path) {
  auto doc = load_config(path, {});
  auto root = doc.root();
  SweepSpec sweep = read_sweep(root, path);
  doc.check_all_consumed();
  return {std::move(doc), std::move(sweep)};
}

void run_sweep_file(const SweepOptions& o, const PointRunner& runner) {
  const SweepFile file = read_sweep_file(o.path);
  const SweepSpec& sweep = file.sweep;
  const SweepShard shard = o.shard.empty() ? SweepShard{} : *parse_shard(o.shard);
  const std::filesystem::path out_dir =
      std::filesystem::path(o.out_dir.empty() ? default_out_dir(sweep, shard) : o.out_dir);
  const std::filesystem::path store_file =
      o.store.empty() ? out_dir / "sweep.sqlite" : std::filesystem::path(o.store);
  const auto points = run_points(sweep, o, shard, store_file, runner);  // the store is closed

  ResultDirectory out(out_dir, "sweep");
  const std::string text = write_sweep_tables(sweep, file.doc.resolved(), points, store_file, out);
  std::error_code ec;
  // A store inside the result folder stays there when the run replaces it.
  if (std::filesystem::equivalent(std::filesystem::absolute(store_file).parent_path(), out_dir, ec)) {
    out.keep(store_file);
  }
  out.commit();
  std::cout << text << "store " << store_file.string() << "\n";
}

// A rank > 0 under mpirun: reads the sweep, prepares the points it is sent.
PointPreparer point_preparer(const SweepOptions& o) {
  auto file = std::make_shared<const SweepFile>(read_sweep_file(o.path));
  const auto configs = configs_dir(o.configs_dir);
  auto files = std::make_shared<config::ConfigFiles>();
  return [file, configs, files](std::size_t i) {
    if (i >= sweep_size(file->sweep)) {
      throw std::out_of_range("sweep point " + std::to_string(i) + " is past the sweep's end");
    }
    return prepare_point({file->sweep, configs, *files}, i);
  };
}

// Under mpirun rank 0 keeps the store and writes the outputs; the other
// ranks run points.
void run_sweep_ranks(const SweepOptions& o) {
  if (o.jobs > 1) {
    throw CLI::ValidationError("--jobs", "under mpirun each rank runs one point at a time; "
                                         "start more ranks instead");
  }
  MpiSession mpi;
  if (mpi.rank() != 0) {
    serve_sweep(mpi, [&o] { return point_preparer(o); });
    return;
  }
  bool coordinating = false;  // coordinate_sweep stops the ranks itself
  try {
    run_sweep_file(o, [&](const auto& source, SweepShard shard, auto& store,
                          const auto& progress) {
      coordinating = true;
      return coordinate_sweep(mpi, source, shard, store, progress);
    });
  } catch (...) {
    if (!coordinating) stop_sweep_ranks(mpi);
    throw;
  }
}

void run_sweep_command(const SweepOptions& o) {
  if (started_by_mpirun()) return run_sweep_ranks(o);
  run_sweep_file(o, [&o](const auto& source, SweepShard shard, auto& store,
                         const auto& progress) {
    return run_sweep(source, shard, store, o.jobs, progress);
  });
}

// What each point adds to an export's recorded config, besides its config.
nlohmann::json export_record(const store::StoredPoint& p) {
  return {{"label", p.label}, {"point_key", p.key}, {"git_revision", p.git_revision}};
}

// The index of the table --table names among the store's (the only one
// when not given).
std::size_t export_table(const ExportOptions& o, const std::vector<store::StoredTable>& tables) {
  std::vector<std::string> stems;
  for (const auto& t : tables) stems.push_back(t.stem);
  const auto chosen = std::find_if(tables.begin(), tables.end(), [&](const auto& t) {
    return o.table.empty() ? tables.size() == 1 : t.stem == o.table;
  });
  if (chosen == tables.end()) {
    throw std::invalid_argument("--table: expected one of the store's tables (" +
                                CLI::detail::join(stems, ", ") + "), got '" + o.table + "'");
  }
  return static_cast<std::size_t>(chosen - tables.begin());
}

// Streamed from the store, one point at a time (store/sweep_csv.hpp), so any
// number of points exports.
void export_store(const ExportOptions& o) {
  auto s = store::ResultsStore::open_existing(o.store);
  if (s.size() == 0) throw store::StoreError(o.store, "holds no points to export");
  const std::size_t table = export_table(o, s.tables());
  const RunRecord record = make_run_record("sweep export", {{"store", o.store}});
  const auto write = [&](std::ostream& out) {
    if (o.format == "csv") {
      store::write_sweep_csv(out, store::store_points(s), table, record, export_record);
    } else {
      store::write_sweep_json(out, store::store_points(s), table, record, export_record);
    }
  };
  if (o.out.empty()) {
    write(std::cout);
  } else {
    write_file_atomically(o.out, write);
  }
}

void merge_stores(const MergeOptions& o) {
  std::vector<store::ResultsStore> inputs;
  for (const std::string& in : o.inputs) {
    std::error_code ec;
    if (std::filesystem::equivalent(in, o.out, ec)) {
      throw store::StoreError(in, "is the merge's output store too");
    }
    inputs.push_back(store::ResultsStore::open_existing(in));
  }
  auto into = store::ResultsStore::open_for_writing(o.out, inputs.front().axes());
  for (store::ResultsStore& in : inputs) {
    const store::MergeCounts c = store::merge_store(into, in);
    std::cout << "merged " << in.file().string() << ": " << c.added << " points added, "
              << c.present << " already present (run by "
              << CLI::detail::join(c.git_revisions, ", ") << ")\n";
  }
  std::cout << "store " << o.out << ": " << into.size() << " points\n";
}

// `sweep export` and `sweep merge` run no sweep: its options are refused.
void refuse_run_options(const CLI::App& sweep, const std::string& subcommand) {
  for (const char* o : {"file", "--out", "--configs-dir", "--store", "--jobs", "--shard"}) {
    if (sweep.count(o) > 0) {
      throw CLI::ValidationError(std::string(o) + " applies to running a sweep, not to `sweep " +
                                 subcommand + "`");
    }
  }
}

void add_export_command(CLI::App& sweep) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* cmd = sweep.add_subcommand("export", "Write the points of a sweep's store as a table");
  cmd->footer(
      "Writes every point of the store, in sweep order, with the columns of sweep.csv (the "
      "point, each axis, the study's columns); the recorded config gives each point's key, "
      "revision and resolved config.");
  cmd->add_option("store", o->store, "results store (SQLite) of a sweep")->required();
  cmd->add_option("--format", o->format, "csv or json")
      ->check(CLI::IsMember({"csv", "json"}))
      ->capture_default_str();
  cmd->add_option("--table", o->table, "study table to write (when the study writes several)");
  cmd->add_option("-o,--out", o->out, "file to write; default: standard output")
      ->check(non_empty());
  cmd->callback([o, &sweep] {
    refuse_run_options(sweep, "export");
    export_store(*o);
  });
}

void add_merge_command(CLI::App& sweep) {
  auto o = std::make_shared<MergeOptions>();
  CLI::App* cmd = sweep.add_subcommand("merge", "Merge the stores of a sweep's shards into one");
  cmd->footer(
      "Adds every point of each input store to OUT (created when absent). Points run by other "
      "revisions are taken, and each merge is recorded in OUT's table `merges` with the "
      "revisions; a point whose key OUT holds with other results is an error naming both "
      "files.");
  cmd->add_option("out", o->out, "store to merge into")->required()->check(non_empty());
  cmd->add_option("inputs", o->inputs, "stores to merge (each from `sweep --shard`)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->callback([o, &sweep] {
    refuse_run_options(sweep, "merge");
    merge_stores(*o);
  });
}

}  // namespace

void add_sweep_command(CLI::App& app) {
  auto opts = std::make_shared<SweepOptions>();
  CLI::App* cmd = app.add_subcommand("sweep", "Run a study over crossed axes of its config");
  cmd->footer(
      "Run a sweep: the cross product of the sweep file's axes (the axes of one `zip:` advance "
      "together; a `derived:` axis is arithmetic of the axes before it), each point the base study "
      "config with --set overrides (hw.<config>.<key> reaches a hardware config the study uses). "
      "Any study runs (the base config's `study:` picks it). Every axis value is checked before "
      "any point runs. Each point's results go to a store (SQLite, one transaction per batch of "
      "points) keyed by the SHA-256 of its resolved config and lutsim's revision: a re-run, or a "
      "run after a killed one, skips the points stored already. Then writes sweep.csv and "
      "sweep.json with a column "
      "per axis (every point's resolved config, hardware included, in the JSON). Progress goes "
      "to stderr: a line updated in place on a terminal, one summary line otherwise. Under "
      "mpirun (mpirun -np N lutsim sweep FILE ...) rank 0 keeps the store and writes the "
      "outputs, and ranks 1..N-1 run the points, each handed the next point when it returns "
      "one.");
  cmd->add_option("file", opts->path, "sweep config (YAML, configs/sweeps/)")
      ->check(CLI::ExistingFile);
  cmd->add_option("-o,--out", opts->out_dir,
                  "output directory; default: results/<name> (results/<name>_shard<i>of<n> "
                  "with --shard)")
      ->check(non_empty());
  cmd->add_option("--configs-dir", opts->configs_dir, "folder with hw/ and models/")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--store", opts->store,
                  "results store (SQLite), created when absent; default: <out>/sweep.sqlite")
      ->check(non_empty());
  cmd->add_option("-j,--jobs", opts->jobs, "points run at once, each on a thread of its own")
      ->check(at_least(1))
      ->capture_default_str();
  cmd->add_option("--shard", opts->shard,
                  "run only the points whose index modulo n is i (e.g. a Slurm array task); "
                  "join the shards' stores with `lutsim sweep merge`")
      ->check(shard_spec());
  add_export_command(*cmd);
  add_merge_command(*cmd);
  cmd->require_subcommand(0, 1);
  cmd->callback([cmd, opts] {
    if (!cmd->get_subcommands().empty()) return;  // checked by refuse_run_options
    if (opts->path.empty()) throw CLI::RequiredError("file");
    run_sweep_command(*opts);
  });
}

}  // namespace lutsim::cli
