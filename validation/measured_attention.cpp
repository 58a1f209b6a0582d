#include "validation/measured_attention.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <stdexcept>

#include "validation/csv_table.hpp"

namespace lutsim {
namespace {

constexpr std::string_view kGpuLine = "# gpu: ";

// The text after "# gpu: " on the file's first such line; "" when none.
std::string gpu_comment(const std::filesystem::path& csv) {
  std::ifstream in(csv);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with(kGpuLine)) return line.substr(kGpuLine.size());
    if (!line.starts_with("#")) break;
  }
  return "";
}

AttentionShape row_shape(const CsvTable& t, std::size_t r, DataType type) {
  AttentionShape s{.batch = t.count(r, "batch"),
                   .q_heads = t.count(r, "q_heads"),
                   .kv_heads = t.count(r, "kv_heads"),
                   .q_len = t.count(r, "q_len"),
                   .kv_len = t.count(r, "kv_len"),
                   .head_dim = t.count(r, "head_dim"),
                   .causal = t.text(r, "phase") == "prefill",
                   .type = type};
  try {
    s.validate();
  } catch (const std::exception& e) {
    t.fail(r, e.what());
  }
  return s;
}

std::string row_label(const CsvTable& t, std::size_t r) {
  return t.text(r, "model") + " " + t.text(r, "phase") + " b=" + t.text(r, "batch") +
         " q=" + t.text(r, "q_len") + " kv=" + t.text(r, "kv_len") + " " + t.text(r, "dtype");
}

}  // namespace

AttentionDataset load_sdpa_dataset(const std::filesystem::path& csv, const std::string& phase,
                                   const std::vector<DataType>& types) {
  if (phase != "prefill" && phase != "decode") {
    throw std::invalid_argument("SDPA dataset phase must be prefill or decode, got '" + phase +
                                "'");
  }
  const CsvTable t(csv);
  AttentionDataset d;
  d.source = csv;
  d.phase = phase;
  d.measured_on = gpu_comment(csv);
  std::map<std::string, int> left_out;
  for (std::size_t r = 0; r < t.size(); ++r) {
    const std::string& row_phase = t.text(r, "phase");
    if (row_phase != "prefill" && row_phase != "decode") {
      t.fail(r, "column 'phase': expected prefill or decode, got '" + row_phase + "'");
    }
    DataType type{};
    try {
      type = parse_data_type(t.text(r, "dtype"));
    } catch (const DataTypeError& e) {
      t.fail(r, std::string("column 'dtype': ") + e.what());
    }
    const AttentionShape shape = row_shape(t, r, type);
    if (row_phase != phase) continue;
    if (std::find(types.begin(), types.end(), type) == types.end()) {
      ++left_out[t.text(r, "dtype")];
      continue;
    }
    const double median_us = t.number(r, "median_us");
    if (median_us <= 0) t.fail(r, "column 'median_us': expected a time > 0");
    d.calls.push_back({row_label(t, r), shape, median_us * 1e-6});
  }
  for (const auto& [type, n] : left_out) {
    d.notes.push_back(std::to_string(n) + " " + phase + " rows in " + type +
                      " left out (not among the evaluated types)");
  }
  return d;
}

}  // namespace lutsim
