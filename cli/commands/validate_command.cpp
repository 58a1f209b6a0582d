#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/non_empty.hpp"
#include "cli/text_table.hpp"
#include "core/io/result_directory.hpp"
#include "core/specs/hardware_spec.hpp"
#include "validation/accuracy_bars.hpp"
#include "validation/attention_error.hpp"
#include "validation/dataset_catalog.hpp"
#include "validation/model_error.hpp"
#include "validation/validation_report.hpp"
#include "validation/validation_run.hpp"

namespace lutsim::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kPerShapeMaxPoints = 50;  // print every shape up to this many

struct ValidateOptions {
  std::string data;  // one CSV; empty: every dataset of the catalog
  std::string hw;
  std::string timing;
  std::vector<std::string> dtypes;
  std::string datasets;  // default <repo>/validation/datasets.yaml
  std::string bars;      // default <repo>/validation/bars.yaml
  std::string configs_dir;
  std::string out_dir = "results/validation";
  bool per_shape = false;
  bool check_bars = false;
  bool plots = true;
  std::string python = "/usr/bin/python3";
};

std::string regime_table(const std::vector<ErrorSummary>& groups) {
  ResultTable t({{"regime", "", ""},
                 {"points", "1", ""},
                 {"MAPE", "%", ""},
                 {"mean error", "%", ""},
                 {"max |error|", "%", ""}});
  for (const ErrorSummary& g : groups) {
    t.add_row({g.group, g.count, fixed_text(100 * g.mape, 2), fixed_text(100 * g.mean_signed, 2),
               fixed_text(100 * g.max_abs, 1)});
  }
  return format_text_table(t);
}

std::string shape_table(const MeasuredDataset& d, const std::vector<PointError>& points) {
  ResultTable t({{"label", "", ""},
                 {"M", "1", ""},
                 {"N", "1", ""},
                 {"K", "1", ""},
                 {"measured", "us", ""},
                 {"predicted", "us", ""},
                 {"error", "%", ""}});
  for (const PointError& p : points) {
    const MeasuredGemm& m = d.gemms[p.index];
    t.add_row({m.label, m.shape.m, m.shape.n, m.shape.k, fixed_text(m.measured_s * 1e6, 2),
               fixed_text(p.predicted_s * 1e6, 2), fixed_text(100 * p.error, 1)});
  }
  return format_text_table(t);
}

// `missed`: what bar_failure says ("" when within).
std::string bar_line(const AccuracyBar* bar, const std::string& dataset,
                     const std::vector<ErrorSummary>& groups, const std::string& missed) {
  if (!bar) return "bar: none for '" + dataset + "'\n";
  const double mape = find_group(groups, "all").mape;
  std::string line = "bar (" + bar->where + ", " + bar->basis + "): MAPE " +
                     fixed_text(100 * mape, 2) + "% " + (mape <= bar->mape ? "<=" : ">") + " " +
                     fixed_text(100 * bar->mape, 2) + "%";
  if (bar->regime_mape) line += ", every regime <= " + fixed_text(100 * *bar->regime_mape, 2) + "%";
  if (missed.empty()) return line + ": within\n";
  return line + ": MISSED" + (bar->open.empty() ? "" : " (open: " + bar->open + ")") + "\n";
}

void print_dataset(const GemmOutcome& o, bool per_shape) {
  const GemmValidationJob& job = *o.job;
  const MeasuredDataset& d = job.data;
  const DatasetError& e = o.error;
  std::cout << "\n== " << d.name << ": " << d.description << "\n"
            << d.gemms.size() << " points from " << d.source.string() << " ("
            << job.resolved["format"].get<std::string>() << " format, "
            << job.resolved["timing"].get<std::string>() << " timing), predicted with "
            << d.gpu_config << " (" << job.hw.name << ")\n";
  if (!d.measured_on.empty()) std::cout << "measured on " << d.measured_on << "\n";
  for (const auto& n : d.notes) std::cout << "note: " << n << "\n";
  std::cout << "\n"
            << regime_table(e.groups)
            << bar_line(o.bar, d.name, e.groups, o.missed)
            << "\nten worst shapes:\n"
            << shape_table(d, e.worst(d, ValidationReport::kWorstCount));
  if (per_shape || d.gemms.size() <= kPerShapeMaxPoints) {
    std::cout << "\nevery shape:\n" << shape_table(d, e.points);
  }
}

std::string attention_table(const AttentionDataset& d,
                            const std::vector<AttentionPointError>& points) {
  ResultTable t({{"label", "", ""},
                 {"heads", "", "query/KV heads"},
                 {"d", "1", "head dim"},
                 {"measured", "us", ""},
                 {"predicted", "us", ""},
                 {"error", "%", ""},
                 {"tile", "", "model's tile (and KV splits)"},
                 {"bound", "", ""}});
  for (const AttentionPointError& p : points) {
    const MeasuredAttention& m = d.calls[p.index];
    t.add_row({m.label, std::to_string(m.shape.q_heads) + "/" + std::to_string(m.shape.kv_heads),
               m.shape.head_dim, fixed_text(m.measured_s * 1e6, 2),
               fixed_text(p.predicted_s * 1e6, 2), fixed_text(100 * p.error, 1),
               to_string(p.estimate.tiling), std::string(to_string(p.estimate.bound))});
  }
  return format_text_table(t);
}

void print_attention(const AttentionOutcome& o, bool per_shape) {
  const AttentionValidationJob& job = *o.job;
  const AttentionDataset& d = job.data;
  const AttentionDatasetError& e = o.error;
  std::cout << "\n== " << d.name << ": " << d.description << "\n"
            << d.calls.size() << " " << d.phase << " attention calls from " << d.source.string()
            << " (sdpa format, GPU time of each call), predicted with the fused-attention model "
               "on "
            << d.gpu_config << " (" << job.hw.name << ")\n";
  if (!d.measured_on.empty()) std::cout << "measured on " << d.measured_on << "\n";
  for (const auto& n : d.notes) std::cout << "note: " << n << "\n";
  std::cout << "\n"
            << regime_table(e.groups)
            << bar_line(o.bar, d.name, e.groups, o.missed)
            << "\nten worst calls:\n"
            << attention_table(d, e.worst(ValidationReport::kWorstCount));
  if (per_shape || d.calls.size() <= kPerShapeMaxPoints) {
    std::cout << "\nevery call:\n" << attention_table(d, e.points);
  }
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs validation/plot_validation.py on the points table, writing into `dir`;
// returns the PNGs.
std::vector<fs::path> write_plots(const ValidateOptions& o, const fs::path& script,
                                  const fs::path& points_csv, const fs::path& dir,
                                  const std::vector<GemmValidationJob>& jobs) {
  if (!fs::exists(o.python)) {
    throw std::runtime_error("cannot plot: " + o.python +
                             " not found (Debian: apt-get install python3-matplotlib; "
                             "--python PATH, or --no-plots to skip the plots)");
  }
  const std::string cmd = shell_quote(o.python) + " " + shell_quote(script.string()) + " " +
                          shell_quote(points_csv.string()) + " " + shell_quote(dir.string());
  std::cout.flush();
  const int status = std::system(cmd.c_str());
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("plotting failed: " + cmd + " exited with status " +
                             std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) +
                             " (its message is above; --no-plots skips the plots)");
  }
  std::vector<fs::path> pngs;
  for (const GemmValidationJob& j : jobs) {
    for (const char* kind : {"_pred_vs_meas.png", "_error_vs_m.png"}) {
      pngs.push_back(dir / (j.data.name + kind));
      if (!fs::exists(pngs.back())) {
        throw std::runtime_error(script.string() + " did not write " + pngs.back().string());
      }
    }
  }
  return pngs;
}

// The folder holding configs/ and validation/, relative to the working
// directory when it is inside it (shorter paths in messages and outputs).
fs::path repo_root(const std::string& given_configs_dir) {
  fs::path configs = fs::absolute(configs_dir(given_configs_dir)).lexically_normal();
  if (configs.filename().empty()) configs = configs.parent_path();
  const fs::path root = configs.parent_path();
  const fs::path relative = root.lexically_proximate(fs::current_path());
  if (relative == ".") return "";
  return *relative.begin() == ".." ? root : relative;
}

// What --data, --hw, --timing and --dtypes ask for.
DataRequest data_request(const ValidateOptions& o) {
  DataRequest r{o.data, o.hw, o.timing, {}};
  for (const auto& t : o.dtypes) r.types.push_back(parse_data_type(t));
  return r;
}

// The file an option names, or else validation/<file> beside the configs
// folder; a missing default says which folder it was looked for beside and
// which option names the file instead.
fs::path given_or_beside_configs(const std::string& given, const fs::path& validation,
                                 const std::string& given_configs_dir, const char* file,
                                 const char* option) {
  if (!given.empty()) return given;
  const fs::path path = validation / file;
  std::error_code ignored;
  if (fs::is_regular_file(path, ignored)) return path;
  const std::string from = given_configs_dir.empty() ? std::string("the configs folder found")
                                                     : "--configs-dir " + given_configs_dir;
  throw std::runtime_error(from + ": no validation/" + file + " beside it (looked for " +
                           path.string() + "); name the file with " + option);
}

void run_validate(const ValidateOptions& o) {
  const fs::path configs = configs_dir(o.configs_dir);
  const fs::path validation = repo_root(o.configs_dir) / "validation";
  const DatasetCatalog catalog = load_dataset_catalog(given_or_beside_configs(
      o.datasets, validation, o.configs_dir, "datasets.yaml", "--datasets"));
  const AccuracyBars bars = load_accuracy_bars(
      given_or_beside_configs(o.bars, validation, o.configs_dir, "bars.yaml", "--bars"));
  const ValidationJobs all = o.data.empty() ? catalog_jobs(catalog, configs)
                                            : data_jobs(data_request(o), catalog, configs);
  const std::vector<GemmValidationJob>& jobs = all.gemm;
  const ValidationOutcome outcome =
      run_validation(all, catalog, bars,
                     [](const std::string& name, std::size_t points, std::string_view unit,
                        const std::string& hw) {
                       std::cerr << "validate: " << name << " (" << points << " " << unit
                                 << ") on " << hw << "\n";
                     });
  for (const GemmOutcome& g : outcome.gemm) print_dataset(g, o.per_shape);
  for (const AttentionOutcome& a : outcome.attention) print_attention(a, o.per_shape);
  const ValidationReport& report = outcome.report;
  const std::string& failures = outcome.failures;
  const nlohmann::json& resolved = outcome.resolved;
  const RunRecord record = make_run_record("validate", resolved);
  ResultDirectory out(o.out_dir, "validate");
  const auto summary = out.write_table("summary", report.summary, record);
  const auto points = out.write_table("points", report.points, record);
  const auto worst = out.write_table("worst", report.worst, record);
  const auto attention = out.write_table("attention_points", report.attention_points, record);
  std::string plots;
  if (o.plots && !jobs.empty()) {
    const fs::path staged_points = out.staging() / points.csv.filename();
    for (const auto& p :
         write_plots(o, validation / "plot_validation.py", staged_points, out.staging(), jobs)) {
      plots += " " + out.committed_path(p).string();
    }
  }
  out.commit();
  std::cout << "\nwrote " << summary.csv.string() << ", " << points.csv.string() << ", "
            << worst.csv.string() << ", " << attention.csv.string() << " (each with .json)\n";
  if (o.plots && !jobs.empty()) std::cout << "plots:" << plots << "\n";
  if (o.check_bars && !failures.empty()) throw std::runtime_error("bars missed:\n" + failures);
}

}  // namespace

void add_validate_command(CLI::App& app) {
  auto opts = std::make_shared<ValidateOptions>();
  CLI::App* cmd =
      app.add_subcommand("validate", "Compare the tile model with measured GPU GEMM times");
  cmd->footer(
      "Without --data: every dataset of validation/datasets.yaml (vidur A100-PCIe and BitBLAS "
      "A100-SXM cuBLAS FP16, our H100 SXM cuBLASLt sets per operand type, the H100/H200 SDPA "
      "attention sets per phase against the fused-attention model), each predicted with "
      "the hardware config it is declared to be measured on. With --data: one CSV (vidur, "
      "BitBLAS, lutsim_cublas_bench or SDPA format, told by its header), once per catalog entry "
      "of the file (an undeclared SDPA file with --hw: once per phase). Prints per dataset the MAPE, mean and max error overall and per regime (gemv "
      "M<=16, small_m M<=512, large_m; memory- vs compute-bound), the bar of validation/bars.yaml "
      "and the ten worst shapes; every shape with --per-shape or when a set has <= 50 points. "
      "Writes summary, points, worst and attention_points .{csv,json} and, per GEMM dataset, <id>_pred_vs_meas.png "
      "(log-log, y = x) and <id>_error_vs_m.png (signed error vs M) with "
      "validation/plot_validation.py under /usr/bin/python3 (matplotlib).");
  CLI::Option* data =
      cmd->add_option("--data", opts->data, "one measurement CSV (format from its header)")
          ->check(CLI::ExistingFile);
  cmd->add_option("--hw", opts->hw,
                  "hardware config it was measured on (configs/hw name or path); with --data, "
                  "default: the file's entry in validation/datasets.yaml");
  cmd->add_option("--timing", opts->timing,
                  "with --data: kernel (kernel time) or events (CUDA events, adds the launch "
                  "gap); default: the catalog entry's, else the format's")
      ->check(CLI::IsMember({"kernel", "events"}))
      ->needs(data);
  cmd->add_option("--dtypes", opts->dtypes,
                  "with --data: operand types evaluated (default: each catalog entry's, else "
                  "fp16,bf16: the A100 calibration was fitted on FP16)")
      ->delimiter(',')
      ->check(CLI::IsMember({"fp16", "bf16", "int8", "fp8"}))
      ->needs(data);
  cmd->add_option("--datasets", opts->datasets,
                  "dataset catalog (default validation/datasets.yaml)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--bars", opts->bars, "accuracy bars (default validation/bars.yaml)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--configs-dir", opts->configs_dir,
                  "folder with hw/; validation/ beside it gives the default --datasets and "
                  "--bars (default: configs/ above the binary or the working directory)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("-o,--out", opts->out_dir, "output directory (default results/validation)")
      ->check(non_empty());
  cmd->add_flag("--per-shape", opts->per_shape, "print every shape, however many");
  cmd->add_flag("--check-bars", opts->check_bars,
                "exit with status 1 when a dataset misses its bar (after writing everything)");
  cmd->add_flag(
      "--no-plots", [opts](std::int64_t) { opts->plots = false; }, "skip the PNG plots");
  cmd->add_option("--python", opts->python, "Python with matplotlib (default /usr/bin/python3)");
  cmd->callback([opts] { run_validate(*opts); });
}

}  // namespace lutsim::cli
