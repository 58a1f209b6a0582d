#include "validation/validation_run.hpp"

#include <algorithm>
#include <stdexcept>

#include "validation/dataset_format.hpp"

namespace lutsim {
namespace {

namespace fs = std::filesystem;

// The hardware config `gpu_config` and the settings a job records.
HardwareSpec load_job_hardware(const std::string& name, const fs::path& source,
                               const std::string& measured_on, const std::string& gpu_config,
                               const fs::path& configs, nlohmann::json& resolved) {
  nlohmann::json hw_resolved;
  HardwareSpec hw = load_hardware(hardware_config_path(gpu_config, configs), &hw_resolved);
  resolved = {{"id", name},
              {"path", source.string()},
              {"measured_on", measured_on},
              {"hw", gpu_config},
              {"hw_config", hw_resolved}};
  return hw;
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

bool same_types(std::vector<DataType> a, std::vector<DataType> b) {
  std::ranges::sort(a);
  std::ranges::sort(b);
  return a == b;
}

GemmValidationJob make_job(MeasuredDataset data, const fs::path& configs) {
  if (data.gemms.empty()) {
    std::string why;
    for (const auto& n : data.notes) why += "; " + n;
    throw std::runtime_error(data.source.string() + ": no measurements to evaluate" + why);
  }
  GemmValidationJob job{std::move(data), {}, {}};
  job.hw = load_job_hardware(job.data.name, job.data.source, job.data.measured_on,
                             job.data.gpu_config, configs, job.resolved);
  check_same_gpu(job.data, job.hw);
  return job;
}

AttentionValidationJob make_attention_job(AttentionDataset data, const fs::path& configs) {
  if (data.calls.empty()) {
    throw std::runtime_error(data.source.string() + ": no " + data.phase +
                             " attention calls to evaluate");
  }
  AttentionValidationJob job{std::move(data), {}, {}};
  job.hw = load_job_hardware(job.data.name, job.data.source, job.data.measured_on,
                             job.data.gpu_config, configs, job.resolved);
  job.resolved["format"] = "sdpa";
  job.resolved["timing"] = "kernel";
  job.resolved["phase"] = job.data.phase;
  return job;
}

// One GEMM file, format from its header; settings the request leaves out
// come from `entry` (a catalog entry for the same file, or nullptr), else
// from the format.
GemmValidationJob data_job(const DataRequest& r, const DatasetEntry* entry,
                           const fs::path& configs) {
  const DatasetFormat format = detect_dataset_format(r.csv);
  const TimingMethod timing = !r.timing.empty() ? parse_timing_method(r.timing)
                              : entry           ? entry->timing
                                                : default_timing(format);
  MeasuredDataset d = load_measured_dataset(r.csv, format, timing);
  std::vector<DataType> types = r.types;
  if (types.empty()) {
    types = entry ? entry->types : std::vector<DataType>{DataType::kFp16, DataType::kBf16};
  }
  d.name = entry ? entry->id : id_from_path(r.csv);
  d.description = entry ? entry->description : "--data " + r.csv.string();
  d.gpu_config = r.hw.empty() ? entry->hw : r.hw;
  if (entry && !same_file(hardware_config_path(d.gpu_config, configs),
                          hardware_config_path(entry->hw, configs))) {
    d.name += "_on_" + id_from_path(hardware_config_path(d.gpu_config, configs));
  } else if (entry && !same_types(types, entry->types)) {
    d.name = id_from_path(r.csv);
    for (const DataType t : types) d.name += "_" + std::string(to_string(t));
  }
  keep_types(d, types);
  GemmValidationJob job = make_job(std::move(d), configs);
  job.resolved["format"] = to_string(format);
  job.resolved["timing"] = to_string(timing);
  return job;
}

std::vector<GemmValidationJob> gemm_data_jobs(const DataRequest& r,
                                              const std::vector<const DatasetEntry*>& entries,
                                              const fs::path& configs) {
  std::vector<GemmValidationJob> jobs;
  for (const DatasetEntry* e : entries) {
    if (r.types.empty() || same_types(r.types, e->types)) jobs.push_back(data_job(r, e, configs));
  }
  if (jobs.empty()) jobs.push_back(data_job(r, entries.empty() ? nullptr : entries[0], configs));
  return jobs;
}

std::vector<AttentionValidationJob> attention_data_jobs(
    const DataRequest& r, const std::vector<const DatasetEntry*>& entries,
    const fs::path& configs) {
  std::vector<AttentionValidationJob> jobs;
  if (r.hw.empty()) {
    for (const DatasetEntry* e : entries) {
      jobs.push_back(make_attention_job(load_catalog_attention(*e), configs));
    }
    return jobs;
  }
  const std::vector<DataType> types =
      r.types.empty() ? std::vector<DataType>{DataType::kFp16, DataType::kBf16} : r.types;
  const std::string suffix = entries.empty()
                                 ? std::string()
                                 : "_on_" + id_from_path(hardware_config_path(r.hw, configs));
  for (const char* phase : {"prefill", "decode"}) {
    AttentionDataset d = load_sdpa_dataset(r.csv, phase, types);
    d.name = id_from_path(r.csv) + "_" + phase + suffix;
    d.description = "--data " + r.csv.string();
    d.gpu_config = r.hw;
    if (!d.calls.empty()) jobs.push_back(make_attention_job(std::move(d), configs));
  }
  return jobs;
}

}  // namespace

ValidationJobs catalog_jobs(const DatasetCatalog& catalog, const fs::path& configs) {
  ValidationJobs jobs;
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

ValidationJobs data_jobs(const DataRequest& request, const DatasetCatalog& catalog,
                         const fs::path& configs) {
  const std::vector<const DatasetEntry*> entries = catalog.find_path(request.csv);
  if (request.hw.empty() && entries.empty()) {
    throw std::runtime_error("--data " + request.csv.string() + " is not declared in " +
                             catalog.file.string() +
                             ": give the hardware config it was measured on with --hw");
  }
  ValidationJobs jobs;
  if (detect_dataset_format(request.csv) == DatasetFormat::kSdpa) {
    jobs.attention = attention_data_jobs(request, entries, configs);
  } else {
    jobs.gemm = gemm_data_jobs(request, entries, configs);
  }
  return jobs;
}

ValidationOutcome run_validation(const ValidationJobs& jobs, const DatasetCatalog& catalog,
                                 const AccuracyBars& bars, const ValidationProgress& progress) {
  ValidationOutcome out;
  out.resolved = {{"datasets", nlohmann::json::array()},
                  {"catalog", catalog.file.string()},
                  {"bars", bars.resolved},
                  {"bars_file", bars.file.string()}};
  for (const GemmValidationJob& job : jobs.gemm) {
    if (progress) progress(job.data.name, job.data.gemms.size(), "GEMMs", job.hw.name);
    GemmOutcome o{&job, evaluate_dataset(job.data, job.hw), bars.find(job.data.name), ""};
    if (o.bar) o.missed = bar_failure(*o.bar, job.data, o.error);
    out.report.add(job.data, o.error, o.bar);
    if (o.bar && o.bar->open.empty()) out.failures += o.missed;
    out.resolved["datasets"].push_back(job.resolved);
    out.gemm.push_back(std::move(o));
  }
  for (const AttentionValidationJob& job : jobs.attention) {
    if (progress) progress(job.data.name, job.data.calls.size(), "attention calls", job.hw.name);
    AttentionOutcome o{&job, evaluate_attention_dataset(job.data, job.hw),
                       bars.find(job.data.name), ""};
    if (o.bar) o.missed = attention_bar_failure(*o.bar, job.data, o.error);
    out.report.add(job.data, o.error, o.bar);
    if (o.bar && o.bar->open.empty()) out.failures += o.missed;
    out.resolved["datasets"].push_back(job.resolved);
    out.attention.push_back(std::move(o));
  }
  return out;
}

}  // namespace lutsim
