#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "validation/dataset_format.hpp"
#include "validation/measured_attention.hpp"

namespace lutsim {

// One committed measurement set and the hardware it was measured on, as
// declared in validation/datasets.yaml.
struct DatasetEntry {
  std::string id;  // [a-z0-9_]+: names outputs and plots, keys validation/bars.yaml
  std::string description;
  std::filesystem::path path;  // the CSV, resolved against the catalog's folder
  DatasetFormat format = DatasetFormat::kVidur;
  std::string hw;  // hardware config: a name in configs/hw/ or a path
  TimingMethod timing = TimingMethod::kKernelOnly;
  std::vector<DataType> types;  // operand types evaluated; rows of others are left out
  std::string phase;            // sdpa only: prefill | decode, the rows evaluated
  std::string where;           // "<catalog>:<line>:<column>" of the entry, for messages
};

struct DatasetCatalog {
  std::filesystem::path file;
  std::vector<DatasetEntry> entries;
  nlohmann::json resolved;  // the catalog as read, defaults included

  // The entry with this id; nullptr when none.
  const DatasetEntry* find_id(const std::string& id) const;
  // The entries whose path is `csv` (compared as canonical paths), in catalog
  // order: one file may be declared once per operand type.
  std::vector<const DatasetEntry*> find_path(const std::filesystem::path& csv) const;
};

// Reads the catalog strictly (unknown keys, duplicate ids, bad values are
// config::ConfigErrors naming file, line and key).
DatasetCatalog load_dataset_catalog(const std::filesystem::path& yaml);

// Loads the entry's CSV, checks that its header is the declared format, and
// keeps the declared operand types; name, description and gpu_config come
// from the entry. load_catalog_dataset: GEMM formats; load_catalog_attention:
// sdpa (the entry's phase).
MeasuredDataset load_catalog_dataset(const DatasetEntry& entry);
AttentionDataset load_catalog_attention(const DatasetEntry& entry);

}  // namespace lutsim
