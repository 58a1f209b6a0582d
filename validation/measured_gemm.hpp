#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "sim/tile/gemm_shape.hpp"

namespace lutsim {

// How a measurement was timed, which decides what the model must add.
enum class TimingMethod {
  kKernelOnly,  // kernel time on the GPU timeline (profiler, or events around
                // back-to-back launches): the model's kernel time
  kEvents,      // CUDA events around the call: kernel time + host launch gap
};

std::string_view to_string(TimingMethod t);               // "kernel", "events"
TimingMethod parse_timing_method(std::string_view name);  // throws std::invalid_argument

// One measured GEMM.
struct MeasuredGemm {
  std::string label;  // e.g. "Llama-2-70b-hf tp=1 attn_post_proj(o)" or "V3"
  GemmShape shape;
  double measured_s = 0.0;
  TimingMethod timing = TimingMethod::kKernelOnly;
};

// A set of measurements from one machine. The loaders fill source, measured_on,
// gemms and notes; name, description and gpu_config come from the dataset
// catalog (validation/datasets.yaml) or the command line.
struct MeasuredDataset {
  std::string name;         // id used in outputs and file names, e.g. "vidur_a100_pcie"
  std::string description;  // for people
  std::string gpu_config;   // hardware config (name or path) the set was measured on
  std::filesystem::path source;
  std::string measured_on;    // the GPU and software the file records; "" when it records none
  int measured_sm_count = 0;  // SMs the file records; 0 when it records none
  std::vector<MeasuredGemm> gemms;
  std::vector<std::string> notes;  // rows left out, and why
};

// vidur's linear-layer profile (validation/data/vidur/): every row, median
// times, FP16.
MeasuredDataset load_vidur_dataset(const std::filesystem::path& csv, TimingMethod timing);
// The BitBLAS benchmark table (validation/data/bitblas/): the cuBLAS FP16 rows,
// each (M, N, K) once.
MeasuredDataset load_bitblas_dataset(const std::filesystem::path& csv, TimingMethod timing);

class CsvTable;

// What every measurement loader checks in a row, failing with "<file>:<line>:
// column '<c>': ...". A time is read in `seconds_per_unit` and must lie in
// [kMinMeasuredSeconds, kMaxMeasuredSeconds]: no GPU kernel ends within 100 ns
// of its launch, and none within the modelled count limit runs for hours, so a
// time outside is a unit or data error, not a measurement. A shape must be
// one the model takes (GemmShape::validate: dimensions >= 1, at most 2^56 MACs).
inline constexpr double kMinMeasuredSeconds = 1e-7;
inline constexpr double kMaxMeasuredSeconds = 1e4;
double measured_seconds(const CsvTable& t, std::size_t row, const std::string& column,
                        double seconds_per_unit);
void check_measured_shape(const CsvTable& t, std::size_t row, const GemmShape& shape);

// Keeps the GEMMs whose operand type is in `types` and notes how many rows of
// each other type were left out.
void keep_types(MeasuredDataset& d, const std::vector<DataType>& types);

}  // namespace lutsim
