#include "validation/measured_gemm.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "core/io/csv_text.hpp"

namespace lutsim {
namespace {

// A CSV file with a header row, read as rows of name -> text. Errors name
// the file and line.
class CsvTable {
 public:
  explicit CsvTable(const std::filesystem::path& path) : path_(path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path.string() + ": " + std::strerror(errno));
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (line.empty() || line[0] == '#') continue;
      auto fields = split_csv_record(line);
      if (header_.empty()) {
        header_ = std::move(fields);
        continue;
      }
      if (fields.size() != header_.size())
        fail(number, "expected " + std::to_string(header_.size()) + " fields");
      rows_.push_back({number, std::move(fields)});
    }
  }

  std::size_t size() const { return rows_.size(); }
  const std::string& text(std::size_t row, const std::string& column) const {
    return rows_[row].fields[index(column)];
  }
  double number(std::size_t row, const std::string& column) const {
    const std::string& t = text(row, column);
    try {
      std::size_t used = 0;
      const double v = std::stod(t, &used);
      if (used == t.size()) return v;
    } catch (const std::exception&) {
    }
    fail(rows_[row].line, "column '" + column + "': expected a number, got '" + t + "'");
  }

 private:
  struct Row {
    int line;
    std::vector<std::string> fields;
  };
  std::size_t index(const std::string& column) const {
    for (std::size_t i = 0; i < header_.size(); ++i) {
      if (header_[i] == column) return i;
    }
    fail(1, "missing column '" + column + "'");
  }
  [[noreturn]] void fail(int line, const std::string& what) const {
    throw std::runtime_error(path_.string() + ":" + std::to_string(line) + ": " + what);
  }

  std::filesystem::path path_;
  std::vector<std::string> header_;
  std::vector<Row> rows_;
};

GemmShape fp16_shape(const CsvTable& t, std::size_t row) {
  GemmShape s;
  s.m = static_cast<std::int64_t>(t.number(row, "M"));
  s.n = static_cast<std::int64_t>(t.number(row, "N"));
  s.k = static_cast<std::int64_t>(t.number(row, "K"));
  s.type = MmaType::kFp16;
  return s;
}

}  // namespace

MeasuredDataset load_vidur_dataset(const std::filesystem::path& csv) {
  const CsvTable t(csv);
  MeasuredDataset d{"vidur A100 FP16 linears (kernel time)", "a100_pcie_80gb", {}};
  for (std::size_t r = 0; r < t.size(); ++r) {
    d.gemms.push_back({t.text(r, "model") + " tp=" + t.text(r, "tp") + " " + t.text(r, "op"),
                       fp16_shape(t, r), t.number(r, "median_ms") * 1e-3,
                       TimingMethod::kKernelOnly});
  }
  return d;
}

MeasuredDataset load_bitblas_dataset(const std::filesystem::path& csv) {
  const CsvTable t(csv);
  MeasuredDataset d{"BitBLAS A100 cuBLAS FP16 (event time)", "a100_sxm4_80gb", {}};
  std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t>> seen;
  for (std::size_t r = 0; r < t.size(); ++r) {
    const std::string& provider = t.text(r, "provider");
    if (provider != "cuBLAS-W_FP16A_FP16" && provider != "cuBLAS") continue;
    if (t.text(r, "table").rfind("int8", 0) == 0) continue;
    const GemmShape s = fp16_shape(t, r);
    if (!seen.insert({s.m, s.n, s.k}).second) continue;
    d.gemms.push_back({t.text(r, "shape_id") + " " + t.text(r, "layer"), s,
                       t.number(r, "latency_ms") * 1e-3, TimingMethod::kEvents});
  }
  return d;
}

}  // namespace lutsim
