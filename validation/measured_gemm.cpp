#include "validation/measured_gemm.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "validation/csv_table.hpp"

namespace lutsim {
namespace {

GemmShape fp16_shape(const CsvTable& t, std::size_t row) {
  GemmShape s;
  s.m = t.count(row, "M");
  s.n = t.count(row, "N");
  s.k = t.count(row, "K");
  s.type = DataType::kFp16;
  check_measured_shape(t, row, s);
  return s;
}

}  // namespace

double measured_seconds(const CsvTable& t, std::size_t row, const std::string& column,
                        double seconds_per_unit) {
  const double s = t.number(row, column) * seconds_per_unit;
  if (!(s >= kMinMeasuredSeconds && s <= kMaxMeasuredSeconds)) {
    std::ostringstream range;
    range << kMinMeasuredSeconds / seconds_per_unit << " to "
          << kMaxMeasuredSeconds / seconds_per_unit;
    t.fail(row, "column '" + column + "': expected a time from " + range.str() + ", got '" +
                    t.text(row, column) + "'");
  }
  return s;
}

void check_measured_shape(const CsvTable& t, std::size_t row, const GemmShape& shape) {
  try {
    shape.validate();
  } catch (const std::invalid_argument& e) {
    t.fail(row, e.what());
  }
}

std::string_view to_string(TimingMethod t) {
  return t == TimingMethod::kEvents ? "events" : "kernel";
}

TimingMethod parse_timing_method(std::string_view name) {
  if (name == "kernel") return TimingMethod::kKernelOnly;
  if (name == "events") return TimingMethod::kEvents;
  throw std::invalid_argument("unknown timing '" + std::string(name) +
                              "' (allowed: kernel, events)");
}

MeasuredDataset load_vidur_dataset(const std::filesystem::path& csv, TimingMethod timing) {
  const CsvTable t(csv);
  MeasuredDataset d;
  d.source = csv;
  for (std::size_t r = 0; r < t.size(); ++r) {
    d.gemms.push_back({t.text(r, "model") + " tp=" + t.text(r, "tp") + " " + t.text(r, "op"),
                       fp16_shape(t, r), measured_seconds(t, r, "median_ms", 1e-3), timing});
  }
  return d;
}

MeasuredDataset load_bitblas_dataset(const std::filesystem::path& csv, TimingMethod timing) {
  const CsvTable t(csv);
  MeasuredDataset d;
  d.source = csv;
  std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t>> seen;
  std::int64_t other = 0;
  for (std::size_t r = 0; r < t.size(); ++r) {
    const std::string& provider = t.text(r, "provider");
    if ((provider != "cuBLAS-W_FP16A_FP16" && provider != "cuBLAS") ||
        t.text(r, "table").rfind("int8", 0) == 0) {
      ++other;
      continue;
    }
    const GemmShape s = fp16_shape(t, r);
    if (!seen.insert({s.m, s.n, s.k}).second) continue;
    d.gemms.push_back({t.text(r, "shape_id") + " " + t.text(r, "layer"), s,
                       measured_seconds(t, r, "latency_ms", 1e-3), timing});
  }
  if (other > 0) {
    d.notes.push_back("left out " + std::to_string(other) +
                      " rows that are not cuBLAS FP16 (BitBLAS kernels, INT8 tables)");
  }
  return d;
}

void keep_types(MeasuredDataset& d, const std::vector<DataType>& types) {
  std::map<DataType, std::int64_t> dropped;
  std::erase_if(d.gemms, [&](const MeasuredGemm& g) {
    const bool drop = std::find(types.begin(), types.end(), g.shape.type) == types.end();
    if (drop) ++dropped[g.shape.type];
    return drop;
  });
  for (const auto& [type, n] : dropped) {
    d.notes.push_back("left out " + std::to_string(n) + " " + std::string(to_string(type)) +
                      " rows (type not evaluated)");
  }
}

}  // namespace lutsim
