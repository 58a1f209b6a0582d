#include "validation/dataset_format.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "validation/csv_table.hpp"
#include "validation/cublas_dataset.hpp"

namespace lutsim {
namespace {

struct FormatColumns {
  DatasetFormat format;
  std::vector<std::string> columns;  // those the loader reads
};

const std::vector<FormatColumns>& known_formats() {
  static const std::vector<FormatColumns> kFormats = {
      {DatasetFormat::kVidur, {"model", "tp", "op", "M", "N", "K", "median_ms"}},
      {DatasetFormat::kBitblas,
       {"table", "shape_id", "layer", "provider", "M", "N", "K", "latency_ms"}},
      {DatasetFormat::kCublasBench,
       {"gpu", "sm_count", "sm_clock_max_mhz", "driver", "cuda_runtime", "cublas", "dtype",
        "layout", "m", "n", "k", "batch", "median_us", "label"}},
      {DatasetFormat::kSdpa,
       {"model", "phase", "batch", "q_heads", "kv_heads", "head_dim", "q_len", "kv_len", "dtype",
        "median_us"}},
  };
  return kFormats;
}

std::string joined(const std::vector<std::string>& fields) {
  std::string out;
  for (const auto& f : fields) out += (out.empty() ? "" : ",") + f;
  return out;
}

}  // namespace

std::string_view to_string(DatasetFormat f) {
  switch (f) {
    case DatasetFormat::kVidur:
      return "vidur";
    case DatasetFormat::kBitblas:
      return "bitblas";
    case DatasetFormat::kCublasBench:
      return "cublas";
    case DatasetFormat::kSdpa:
      return "sdpa";
  }
  return "?";
}

DatasetFormat parse_dataset_format(std::string_view name) {
  for (const auto& f : known_formats()) {
    if (to_string(f.format) == name) return f.format;
  }
  throw std::invalid_argument("unknown dataset format '" + std::string(name) +
                              "' (allowed: vidur, bitblas, cublas, sdpa)");
}

TimingMethod default_timing(DatasetFormat f) {
  return f == DatasetFormat::kBitblas ? TimingMethod::kEvents : TimingMethod::kKernelOnly;
}

DatasetFormat detect_dataset_format(const std::filesystem::path& csv) {
  const std::vector<std::string> header = read_csv_header(csv);
  for (const auto& f : known_formats()) {
    const bool fits = std::all_of(f.columns.begin(), f.columns.end(), [&](const std::string& c) {
      return std::find(header.begin(), header.end(), c) != header.end();
    });
    if (fits) return f.format;
  }
  std::string expected;
  for (const auto& f : known_formats()) {
    expected += std::string(expected.empty() ? "" : "; ") + std::string(to_string(f.format)) +
                " (" + joined(f.columns) + ")";
  }
  throw std::runtime_error(csv.string() + ": unknown measurement format: header '" +
                           joined(header) + "' has the columns of none of: " + expected);
}

MeasuredDataset load_measured_dataset(const std::filesystem::path& csv, DatasetFormat format,
                                      TimingMethod timing) {
  switch (format) {
    case DatasetFormat::kVidur:
      return load_vidur_dataset(csv, timing);
    case DatasetFormat::kBitblas:
      return load_bitblas_dataset(csv, timing);
    case DatasetFormat::kCublasBench:
      return load_cublas_bench_dataset(csv, timing);
    case DatasetFormat::kSdpa:
      throw std::invalid_argument(csv.string() +
                                  ": fused-attention (sdpa) timings are not GEMMs; they are "
                                  "evaluated against the attention model");
  }
  throw std::logic_error("unhandled dataset format");
}

}  // namespace lutsim
