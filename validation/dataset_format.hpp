#pragma once

#include <filesystem>
#include <string_view>

#include "validation/measured_gemm.hpp"

namespace lutsim {

// The measurement file formats lutsim reads, told apart by their header row.
enum class DatasetFormat {
  kVidur,        // vidur's linear-layer profile (model, tp, op, M, N, K, median_ms, ...)
  kBitblas,      // BitBLAS benchmark table (table, shape_id, provider, M, N, K, latency_ms, ...)
  kCublasBench,  // validation/cublas/lutsim_cublas_bench (gpu, sm_count, ..., median_us, ...)
  kSdpa,         // validation/attention/time_sdpa.py: fused attention calls, not GEMMs
                 // (model, phase, batch, q_heads, kv_heads, head_dim, q_len, kv_len, ...)
};

std::string_view to_string(DatasetFormat f);  // "vidur", "bitblas", "cublas", "sdpa"
DatasetFormat parse_dataset_format(std::string_view name);  // throws std::invalid_argument
TimingMethod default_timing(DatasetFormat f);               // how that source times GEMMs

// The format whose columns the file's header row holds. Throws
// std::runtime_error naming the file and the header it saw when none fits.
DatasetFormat detect_dataset_format(const std::filesystem::path& csv);

// Loads a GEMM format with its loader; every error names the file and line.
// Throws std::invalid_argument for kSdpa (attention: load_sdpa_dataset).
MeasuredDataset load_measured_dataset(const std::filesystem::path& csv, DatasetFormat format,
                                      TimingMethod timing);

}  // namespace lutsim
