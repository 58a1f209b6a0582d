#include "validation/cublas_dataset.hpp"

#include <stdexcept>
#include <string>

#include "validation/csv_table.hpp"

namespace lutsim {
namespace {

DataType row_type(const CsvTable& t, std::size_t row) {
  const std::string& name = t.text(row, "dtype");
  try {
    const DataType type = parse_data_type(name);
    if (is_one_of(type, kMmaTypes)) return type;
  } catch (const DataTypeError&) {
  }
  t.fail(row, "column 'dtype': expected " + names_of(kMmaTypes) + ", got '" + name + "'");
}

// The harness's call layouts (validation/cublas/cublas_bench.cu): "linear_TN"
// (Y = X W^T, W[N,K]) and "attn_value_NN" (O = P V, V[K,N]).
OperandMajor row_b_major(const CsvTable& t, std::size_t row) {
  const std::string& layout = t.text(row, "layout");
  if (layout == "linear_TN") return OperandMajor::kK;
  if (layout == "attn_value_NN") return OperandMajor::kN;
  t.fail(row, "column 'layout': expected linear_TN or attn_value_NN, got '" + layout + "'");
}

std::string row_label(const CsvTable& t, std::size_t row, const GemmShape& s) {
  std::string label = t.text(row, "label") + " " + t.text(row, "dtype");
  const std::string& layout = t.text(row, "layout");
  if (layout != "linear_TN") label += " " + layout;
  if (s.batch > 1) label += " batch=" + std::to_string(s.batch);
  return label;
}

std::string gpu_text(const CsvTable& t) {
  return t.text(0, "gpu") + ", " + t.text(0, "sm_count") + " SMs, SM clock max " +
         t.text(0, "sm_clock_max_mhz") + " MHz, driver " + t.text(0, "driver") + ", CUDA " +
         t.text(0, "cuda_runtime") + ", cuBLAS " + t.text(0, "cublas");
}

}  // namespace

MeasuredDataset load_cublas_bench_dataset(const std::filesystem::path& csv, TimingMethod timing) {
  const CsvTable t(csv);
  MeasuredDataset d;
  d.source = csv;
  if (t.size() == 0) return d;
  d.measured_on = gpu_text(t);
  d.measured_sm_count = static_cast<int>(t.count(0, "sm_count"));
  for (std::size_t r = 0; r < t.size(); ++r) {
    if (t.text(r, "gpu") != t.text(0, "gpu") || t.count(r, "sm_count") != d.measured_sm_count) {
      t.fail(r, "GPU '" + t.text(r, "gpu") + "' with " + t.text(r, "sm_count") +
                    " SMs differs from the first row's ('" + t.text(0, "gpu") + "', " +
                    t.text(0, "sm_count") + " SMs): one file, one GPU");
    }
    GemmShape s;
    s.m = t.count(r, "m");
    s.n = t.count(r, "n");
    s.k = t.count(r, "k");
    s.batch = t.count(r, "batch");
    s.type = row_type(t, r);
    s.b_major = row_b_major(t, r);
    check_measured_shape(t, r, s);
    d.gemms.push_back({row_label(t, r, s), s, measured_seconds(t, r, "median_us", 1e-6), timing});
  }
  return d;
}

}  // namespace lutsim
