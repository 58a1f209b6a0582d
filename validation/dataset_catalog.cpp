#include "validation/dataset_catalog.hpp"

#include <set>
#include <stdexcept>

#include "core/config/config_document.hpp"

namespace lutsim {
namespace {

bool is_id(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

DatasetEntry read_entry(config::ConfigReader r, const std::filesystem::path& base) {
  DatasetEntry e;
  e.where = to_string(r.location());
  e.id = r.get<std::string>("id", {.description = "name of the set in outputs, plots and bars"});
  if (!is_id(e.id)) throw r.error("id", "expected lower-case letters, digits and '_'");
  e.description = r.get<std::string>("description", {.description = "what was measured"});
  e.path =
      base / r.get<std::string>("path", {.description = "the CSV, relative to this file's folder"});
  e.format = parse_dataset_format(r.get<std::string>(
      "format",
      {.description = "file format", .allowed = {"vidur", "bitblas", "cublas", "sdpa"}}));
  e.hw = r.get<std::string>(
      "hw", {.description = "hardware config it was measured on (configs/hw name or path)"});
  e.timing = parse_timing_method(r.get<std::string>(
      "timing", {.description = "kernel: kernel time on the GPU timeline; events: CUDA events "
                                "around the call, host launch gap included",
                 .allowed = {"kernel", "events"}}));
  const auto types = r.get<std::vector<std::string>>(
      "dtypes", {.description = "operand types evaluated (the calibration was fitted on FP16)",
                 .default_value = std::vector<std::string>{"fp16", "bf16"},
                 .allowed = {"fp16", "bf16", "int8", "fp8"}});
  for (const auto& t : types) e.types.push_back(parse_data_type(t));
  if (e.format == DatasetFormat::kSdpa) {
    e.phase = r.get<std::string>(
        "phase", {.description = "the attention calls evaluated (one bar per phase)",
                  .allowed = {"prefill", "decode"}});
  } else if (r.has("phase")) {
    throw r.error("phase", "applies to sdpa (attention) datasets only");
  }
  return e;
}

std::filesystem::path canonical_or_same(const std::filesystem::path& p) {
  std::error_code ec;
  auto c = std::filesystem::weakly_canonical(p, ec);
  return ec ? p : c;
}

}  // namespace

const DatasetEntry* DatasetCatalog::find_id(const std::string& id) const {
  for (const auto& e : entries) {
    if (e.id == id) return &e;
  }
  return nullptr;
}

std::vector<const DatasetEntry*> DatasetCatalog::find_path(
    const std::filesystem::path& csv) const {
  const auto wanted = canonical_or_same(csv);
  std::vector<const DatasetEntry*> found;
  for (const auto& e : entries) {
    if (canonical_or_same(e.path) == wanted) found.push_back(&e);
  }
  return found;
}

DatasetCatalog load_dataset_catalog(const std::filesystem::path& yaml) {
  auto doc = config::ConfigDocument::load_file(yaml);
  auto root = doc.root();
  DatasetCatalog c;
  c.file = yaml;
  std::set<std::string> ids;
  for (auto& r : root.section_list("datasets", "committed measurement sets")) {
    c.entries.push_back(read_entry(r, yaml.parent_path()));
    if (!ids.insert(c.entries.back().id).second) throw r.error("id", "duplicate id");
  }
  doc.check_all_consumed();
  c.resolved = doc.resolved();
  return c;
}

namespace {

void check_declared_format(const DatasetEntry& entry) {
  const DatasetFormat seen = detect_dataset_format(entry.path);
  if (seen != entry.format) {
    throw std::runtime_error(entry.where + ": dataset '" + entry.id + "' is declared format '" +
                             std::string(to_string(entry.format)) + "' but " + entry.path.string() +
                             " has the header of format '" + std::string(to_string(seen)) + "'");
  }
}

// The entry's name, description and hardware config on a loaded set.
template <class Dataset>
Dataset named_as(Dataset d, const DatasetEntry& entry) {
  d.name = entry.id;
  d.description = entry.description;
  d.gpu_config = entry.hw;
  return d;
}

}  // namespace

AttentionDataset load_catalog_attention(const DatasetEntry& entry) {
  check_declared_format(entry);
  return named_as(load_sdpa_dataset(entry.path, entry.phase, entry.types), entry);
}

MeasuredDataset load_catalog_dataset(const DatasetEntry& entry) {
  check_declared_format(entry);
  MeasuredDataset d =
      named_as(load_measured_dataset(entry.path, entry.format, entry.timing), entry);
  keep_types(d, entry.types);
  return d;
}

}  // namespace lutsim
