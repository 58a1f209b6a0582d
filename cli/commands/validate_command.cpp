#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
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

// One dataset to evaluate: where its measurements are and what predicts them.
struct Job {
  MeasuredDataset data;
  HardwareSpec hw;
  nlohmann::json resolved;  // the dataset's settings and the hardware config as read
};

// A fused-attention set (sdpa format) and what predicts it.
struct AttentionJob {
  AttentionDataset data;
  HardwareSpec hw;
  nlohmann::json resolved;
};

// The hardware config `gpu_config` and the settings a job records.
HardwareSpec load_job_hardware(const std::string& name, const std::filesystem::path& source,
                               const std::string& measured_on, const std::string& gpu_config,
                               const std::filesystem::path& configs, nlohmann::json& resolved) {
  nlohmann::json hw_resolved;
  HardwareSpec hw = load_hardware(hardware_config_path(gpu_config, configs), &hw_resolved);
  resolved = {{"id", name},
              {"path", source.string()},
              {"measured_on", measured_on},
              {"hw", gpu_config},
              {"hw_config", hw_resolved}};
  return hw;
}

std::string fixed(double v, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// A file-name-safe id from the CSV's name: "a100_gemv_gemm_latency_ms".
std::string id_from_path(const fs::path& csv) {
  std::string id = csv.stem().string();
  for (char& c : id) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) c = '_';
  }
  return id.empty() ? "dataset" : id;
}

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec) || a == b;
}

Job make_job(MeasuredDataset data, const fs::path& configs) {
  if (data.gemms.empty()) {
    std::string why;
    for (const auto& n : data.notes) why += "; " + n;
    throw std::runtime_error(data.source.string() + ": no measurements to evaluate" + why);
  }
  Job job{std::move(data), {}, {}};
  job.hw = load_job_hardware(job.data.name, job.data.source, job.data.measured_on,
                             job.data.gpu_config, configs, job.resolved);
  check_same_gpu(job.data, job.hw);
  return job;
}

AttentionJob make_attention_job(AttentionDataset data, const fs::path& configs) {
  if (data.calls.empty()) {
    throw std::runtime_error(data.source.string() + ": no " + data.phase +
                             " attention calls to evaluate");
  }
  AttentionJob job{std::move(data), {}, {}};
  job.hw = load_job_hardware(job.data.name, job.data.source, job.data.measured_on,
                             job.data.gpu_config, configs, job.resolved);
  job.resolved["format"] = "sdpa";
  job.resolved["timing"] = "kernel";
  job.resolved["phase"] = job.data.phase;
  return job;
}

std::vector<DataType> requested_types(const ValidateOptions& o) {
  std::vector<DataType> types;
  for (const auto& t : o.dtypes) types.push_back(parse_data_type(t));
  return types;
}

bool same_types(std::vector<DataType> a, std::vector<DataType> b) {
  std::ranges::sort(a);
  std::ranges::sort(b);
  return a == b;
}

// --data: one file, format from its header; settings the command line leaves
// out come from `entry` (a catalog entry for the same file, or nullptr), else
// from the format.
Job data_job(const ValidateOptions& o, const DatasetEntry* entry, const fs::path& configs) {
  const DatasetFormat format = detect_dataset_format(o.data);
  const TimingMethod timing = !o.timing.empty() ? parse_timing_method(o.timing)
                              : entry           ? entry->timing
                                                : default_timing(format);
  MeasuredDataset d = load_measured_dataset(o.data, format, timing);
  std::vector<DataType> types = requested_types(o);
  if (types.empty()) {
    types = entry ? entry->types : std::vector<DataType>{DataType::kFp16, DataType::kBf16};
  }
  d.name = entry ? entry->id : id_from_path(o.data);
  d.description = entry ? entry->description : "--data " + o.data;
  d.gpu_config = o.hw.empty() ? entry->hw : o.hw;
  // Not the declared prediction (another config, other types): a name of its
  // own, so neither the bar nor the declared set's plots apply to it.
  if (entry && !same_file(hardware_config_path(d.gpu_config, configs),
                          hardware_config_path(entry->hw, configs))) {
    d.name += "_on_" + id_from_path(hardware_config_path(d.gpu_config, configs));
  } else if (entry && !same_types(types, entry->types)) {
    d.name = id_from_path(o.data);
    for (const DataType t : types) d.name += "_" + std::string(to_string(t));
  }
  keep_types(d, types);
  Job job = make_job(std::move(d), configs);
  job.resolved["format"] = to_string(format);
  job.resolved["timing"] = to_string(timing);
  return job;
}

// The jobs of --data: one per catalog entry of the file (the entry declaring
// exactly --dtypes when given), else one with the file's first entry's
// settings, or with --hw when the file is not declared.
std::vector<Job> data_jobs(const ValidateOptions& o, const DatasetCatalog& catalog,
                           const fs::path& configs) {
  const std::vector<const DatasetEntry*> entries = catalog.find_path(o.data);
  if (o.hw.empty() && entries.empty()) {
    throw std::runtime_error("--data " + o.data + " is not declared in " + catalog.file.string() +
                             ": give the hardware config it was measured on with --hw");
  }
  const std::vector<DataType> types = requested_types(o);
  std::vector<Job> jobs;
  for (const DatasetEntry* e : entries) {
    if (types.empty() || same_types(types, e->types)) jobs.push_back(data_job(o, e, configs));
  }
  if (jobs.empty()) jobs.push_back(data_job(o, entries.empty() ? nullptr : entries[0], configs));
  return jobs;
}

// Every dataset to evaluate: GEMM sets and attention (sdpa) sets.
struct Jobs {
  std::vector<Job> gemm;
  std::vector<AttentionJob> attention;
};

// --data with an attention file: one job per catalog entry of the file, or
// with --hw (a file not declared) one per phase.
std::vector<AttentionJob> attention_data_jobs(const ValidateOptions& o,
                                              const DatasetCatalog& catalog,
                                              const fs::path& configs) {
  if (o.hw.empty() && catalog.find_path(o.data).empty()) {
    throw std::runtime_error("--data " + o.data + " is not declared in " + catalog.file.string() +
                             ": give the hardware config it was measured on with --hw");
  }
  std::vector<DataType> types = requested_types(o);
  if (types.empty()) types = {DataType::kFp16, DataType::kBf16};
  std::vector<AttentionJob> jobs;
  const std::vector<const DatasetEntry*> entries = catalog.find_path(o.data);
  // As declared; with --hw, a name of its own (not the declared prediction).
  if (o.hw.empty()) {
    for (const DatasetEntry* e : entries) {
      jobs.push_back(make_attention_job(load_catalog_attention(*e), configs));
    }
    return jobs;
  }
  const std::string suffix = entries.empty()
                                 ? std::string()
                                 : "_on_" + id_from_path(hardware_config_path(o.hw, configs));
  for (const char* phase : {"prefill", "decode"}) {
    AttentionDataset d = load_sdpa_dataset(o.data, phase, types);
    d.name = id_from_path(o.data) + "_" + phase + suffix;
    d.description = "--data " + o.data;
    d.gpu_config = o.hw;
    if (!d.calls.empty()) jobs.push_back(make_attention_job(std::move(d), configs));
  }
  return jobs;
}

Jobs catalog_jobs(const DatasetCatalog& catalog, const fs::path& configs) {
  Jobs jobs;
  for (const DatasetEntry& e : catalog.entries) {
    if (e.format == DatasetFormat::kSdpa) {
      jobs.attention.push_back(make_attention_job(load_catalog_attention(e), configs));
      continue;
    }
    jobs.gemm.push_back(make_job(load_catalog_dataset(e), configs));
    jobs.gemm.back().resolved["format"] = to_string(e.format);
    jobs.gemm.back().resolved["timing"] = to_string(e.timing);
  }
  return jobs;
}

std::string regime_table(const std::vector<ErrorSummary>& groups) {
  ResultTable t({{"regime", "", ""},
                 {"points", "1", ""},
                 {"MAPE", "%", ""},
                 {"mean error", "%", ""},
                 {"max |error|", "%", ""}});
  for (const ErrorSummary& g : groups) {
    t.add_row({g.group, g.count, fixed(100 * g.mape, 2), fixed(100 * g.mean_signed, 2),
               fixed(100 * g.max_abs, 1)});
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
    t.add_row({m.label, m.shape.m, m.shape.n, m.shape.k, fixed(m.measured_s * 1e6, 2),
               fixed(p.predicted_s * 1e6, 2), fixed(100 * p.error, 1)});
  }
  return format_text_table(t);
}

// `missed`: what bar_failure says ("" when within).
std::string bar_line(const AccuracyBar* bar, const std::string& dataset,
                     const std::vector<ErrorSummary>& groups, const std::string& missed) {
  if (!bar) return "bar: none for '" + dataset + "'\n";
  const double mape = find_group(groups, "all").mape;
  std::string line = "bar (" + bar->where + ", " + bar->basis + "): MAPE " + fixed(100 * mape, 2) +
                     "% " + (mape <= bar->mape ? "<=" : ">") + " " + fixed(100 * bar->mape, 2) +
                     "%";
  if (bar->regime_mape) line += ", every regime <= " + fixed(100 * *bar->regime_mape, 2) + "%";
  if (missed.empty()) return line + ": within\n";
  return line + ": MISSED" + (bar->open.empty() ? "" : " (open: " + bar->open + ")") + "\n";
}

void print_dataset(const Job& job, const DatasetError& e, const AccuracyBar* bar, bool per_shape) {
  const MeasuredDataset& d = job.data;
  std::cout << "\n== " << d.name << ": " << d.description << "\n"
            << d.gemms.size() << " points from " << d.source.string() << " ("
            << job.resolved["format"].get<std::string>() << " format, "
            << job.resolved["timing"].get<std::string>() << " timing), predicted with "
            << d.gpu_config << " (" << job.hw.name << ")\n";
  if (!d.measured_on.empty()) std::cout << "measured on " << d.measured_on << "\n";
  for (const auto& n : d.notes) std::cout << "note: " << n << "\n";
  std::cout << "\n"
            << regime_table(e.groups)
            << bar_line(bar, d.name, e.groups, bar ? bar_failure(*bar, d, e) : "")
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
               m.shape.head_dim, fixed(m.measured_s * 1e6, 2), fixed(p.predicted_s * 1e6, 2),
               fixed(100 * p.error, 1), to_string(p.estimate.tiling),
               std::string(to_string(p.estimate.bound))});
  }
  return format_text_table(t);
}

void print_attention(const AttentionJob& job, const AttentionDatasetError& e,
                     const AccuracyBar* bar, bool per_shape) {
  const AttentionDataset& d = job.data;
  std::cout << "\n== " << d.name << ": " << d.description << "\n"
            << d.calls.size() << " " << d.phase << " attention calls from " << d.source.string()
            << " (sdpa format, GPU time of each call), predicted with the fused-attention model "
               "on "
            << d.gpu_config << " (" << job.hw.name << ")\n";
  if (!d.measured_on.empty()) std::cout << "measured on " << d.measured_on << "\n";
  for (const auto& n : d.notes) std::cout << "note: " << n << "\n";
  std::cout << "\n"
            << regime_table(e.groups)
            << bar_line(bar, d.name, e.groups, bar ? attention_bar_failure(*bar, d, e) : "")
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
                                  const std::vector<Job>& jobs) {
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
  for (const Job& j : jobs) {
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

void run_validate(const ValidateOptions& o) {
  const fs::path configs = configs_dir(o.configs_dir);
  const fs::path validation = repo_root(o.configs_dir) / "validation";
  const DatasetCatalog catalog = load_dataset_catalog(
      o.datasets.empty() ? validation / "datasets.yaml" : fs::path(o.datasets));
  const AccuracyBars bars =
      load_accuracy_bars(o.bars.empty() ? validation / "bars.yaml" : fs::path(o.bars));
  Jobs all;
  if (o.data.empty()) {
    all = catalog_jobs(catalog, configs);
  } else if (detect_dataset_format(o.data) == DatasetFormat::kSdpa) {
    all.attention = attention_data_jobs(o, catalog, configs);
  } else {
    all.gemm = data_jobs(o, catalog, configs);
  }
  const std::vector<Job>& jobs = all.gemm;
  ValidationReport report;
  nlohmann::json resolved = {{"datasets", nlohmann::json::array()},
                             {"catalog", catalog.file.string()},
                             {"bars", bars.resolved},
                             {"bars_file", bars.file.string()}};
  std::string failures;
  for (const Job& job : jobs) {
    std::cerr << "validate: " << job.data.name << " (" << job.data.gemms.size() << " GEMMs) on "
              << job.hw.name << "\n";
    const DatasetError e = evaluate_dataset(job.data, job.hw);
    const AccuracyBar* bar = bars.find(job.data.name);
    report.add(job.data, e, bar);
    print_dataset(job, e, bar, o.per_shape);
    if (bar && bar->open.empty()) failures += bar_failure(*bar, job.data, e);
    resolved["datasets"].push_back(job.resolved);
  }
  for (const AttentionJob& job : all.attention) {
    std::cerr << "validate: " << job.data.name << " (" << job.data.calls.size()
              << " attention calls) on " << job.hw.name << "\n";
    const AttentionDatasetError e = evaluate_attention_dataset(job.data, job.hw);
    const AccuracyBar* bar = bars.find(job.data.name);
    report.add(job.data, e, bar);
    print_attention(job, e, bar, o.per_shape);
    if (bar && bar->open.empty()) failures += attention_bar_failure(*bar, job.data, e);
    resolved["datasets"].push_back(job.resolved);
  }
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
  cmd->add_option("--configs-dir", opts->configs_dir, "folder with hw/ (default: found above)")
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
