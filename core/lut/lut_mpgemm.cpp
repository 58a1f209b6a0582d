#include "core/lut/lut_mpgemm.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "core/numerics/fp8.hpp"

namespace lutsim {
namespace {

bool representable(double v, DataType type) {
  switch (type) {
    case DataType::kFp16:
      return Fp16::from_double(v).to_double() == v;
    case DataType::kFp8E4M3:
    case DataType::kFp8E5M2: {
      const auto format = type == DataType::kFp8E4M3 ? Fp8Format::kE4M3 : Fp8Format::kE5M2;
      return fp8_decode(format, fp8_encode(format, v, Fp8Overflow::kToSpecial)) == v;
    }
    case DataType::kInt8:
      return v == std::trunc(v) && v >= -128.0 && v <= 127.0;
    default:
      require_one_of(type, kLutActivationTypes, "LUT mpGEMM activation");
  }
  return false;
}

// An accumulator of one of the three types, holding its value exactly.
class Accumulator {
 public:
  explicit Accumulator(DataType type, double value = 0.0) : type_(type), value_(value) {
    require_one_of(type, kLutAccumulatorTypes, "LUT mpGEMM accumulator");
  }

  // acc <- round(acc + term); `term` must be exactly representable in double
  // and, for FP32, in binary32 (true for 2^j times an FP16 value or a small
  // integer, which is all the datapath produces).
  void add(double term) {
    switch (type_) {
      case DataType::kFp16:
        // Both operands have 11-bit significands within 2^-24 .. 2^24, so the
        // double sum is exact and fp16_round is the only rounding.
        value_ = fp16_round(value_ + term).to_double();
        break;
      case DataType::kFp32:
        value_ = static_cast<float>(value_) + static_cast<float>(term);
        break;
      default:  // int32
        add_int32(term);
        break;
    }
  }
  // round(term) in the accumulator's format: the product rounding of the
  // quantized-table path.
  double round(double exact) const {
    switch (type_) {
      case DataType::kFp16:
        return fp16_round(exact).to_double();
      case DataType::kFp32:
        return static_cast<float>(exact);
      default:  // int32
        return exact;
    }
  }
  double value() const { return value_; }

 private:
  void add_int32(double term) {
    const double sum = value_ + term;
    if (sum > std::numeric_limits<std::int32_t>::max() ||
        sum < std::numeric_limits<std::int32_t>::min()) {
      throw std::overflow_error("lut_mpgemm: INT32 accumulator overflow");
    }
    value_ = sum;
  }

  DataType type_;
  double value_;
};

void check_weights(const QuantizedWeights& w, const LutGemmConfig& cfg) {
  cfg.validate();
  w.validate();
  if (w.bits != cfg.weight_bits) {
    throw std::invalid_argument("lut_mpgemm: weights have " + std::to_string(w.bits) +
                                " bits, config says " + std::to_string(cfg.weight_bits));
  }
  if (w.cols % cfg.geometry.k != 0) {
    throw std::invalid_argument("lut_mpgemm: K = " + std::to_string(w.cols) +
                                " is not a multiple of the group size " +
                                std::to_string(cfg.geometry.k));
  }
}

void check_shapes(const Matrix& x, const QuantizedWeights& w, const LutGemmConfig& cfg) {
  check_weights(w, cfg);
  if (x.cols() != w.cols) {
    throw std::invalid_argument("lut_mpgemm: X has K = " + std::to_string(x.cols()) +
                                ", W has K = " + std::to_string(w.cols));
  }
}

// tables[m * groups + g]: the table of activation row m, group g.
std::vector<LutTable> precompute_all(const Matrix& x, const LutGemmConfig& cfg) {
  if (x.cols() % cfg.geometry.k != 0) {
    throw std::invalid_argument("lut_precompute: K = " + std::to_string(x.cols()) +
                                " is not a multiple of the group size " +
                                std::to_string(cfg.geometry.k));
  }
  const int groups = static_cast<int>(x.cols()) / cfg.geometry.k;
  std::vector<LutTable> tables;
  tables.reserve(static_cast<std::size_t>(x.rows()) * groups);
  for (int m = 0; m < x.rows(); ++m) {
    for (int g = 0; g < groups; ++g) {
      const double* begin = x.data() + m * x.cols() + g * cfg.geometry.k;
      tables.push_back(precompute_table({begin, static_cast<std::size_t>(cfg.geometry.k)}, cfg));
    }
  }
  return tables;
}

// The k-bit index of plane j for output channel n, group g.
unsigned plane_index(const QuantizedWeights& w, int n, int g, int j, int k) {
  unsigned idx = 0;
  for (int i = 0; i < k; ++i) idx |= ((w.code(n, g * k + i) >> j) & 1u) << i;
  return idx;
}

double accumulate_output(std::span<const LutTable> row_tables, const QuantizedWeights& w, int n,
                         const LutGemmConfig& cfg) {
  double acc = 0.0;
  std::vector<unsigned> idx(static_cast<std::size_t>(cfg.weight_bits));
  for (std::size_t g = 0; g < row_tables.size(); ++g) {
    for (int j = 0; j < cfg.weight_bits; ++j) {
      idx[static_cast<std::size_t>(j)] =
          plane_index(w, n, static_cast<int>(g), j, cfg.geometry.k);
    }
    acc = lut_accumulate_group(acc, row_tables[g], idx, cfg);
  }
  return acc;
}

// Y = scale * (acc - zero_point * sum_x), per output.
Matrix epilogue(const Matrix& acc, std::span<const double> row_sums,
                const std::vector<double>& scale, const std::vector<double>& zero_point) {
  Matrix y(acc.rows(), acc.cols());
  for (int m = 0; m < y.rows(); ++m) {
    for (int n = 0; n < y.cols(); ++n) {
      y(m, n) = scale[n] * (acc(m, n) - zero_point[n] * row_sums[m]);
    }
  }
  return y;
}

}  // namespace

std::vector<double> activation_row_sums(const Matrix& x) {
  std::vector<double> sums;
  for (int m = 0; m < x.rows(); ++m) {
    double s = 0.0;
    for (int k = 0; k < x.cols(); ++k) s += x(m, k);
    sums.push_back(s);
  }
  return sums;
}

Matrix lut_outputs(const Matrix& accumulators, std::span<const double> row_sums,
                   const QuantizedWeights& w, TableForm form) {
  if (row_sums.size() != static_cast<std::size_t>(accumulators.rows()) ||
      accumulators.cols() != w.rows) {
    throw std::invalid_argument("lut_outputs: " + std::to_string(accumulators.rows()) + " x " +
                                std::to_string(accumulators.cols()) + " accumulators, " +
                                std::to_string(row_sums.size()) + " row sums and " +
                                std::to_string(w.rows) + " weight rows do not match");
  }
  if (form == TableForm::kUnsignedFull) {
    return epilogue(accumulators, row_sums, w.scale, w.zero_point);
  }
  const ReinterpretedWeights odd = reinterpret_weights(w);
  return epilogue(accumulators, row_sums, odd.scale, odd.zero_point);
}

double lut_accumulate_group(double acc, const LutTable& table,
                            std::span<const unsigned> plane_indices, const LutGemmConfig& cfg) {
  Accumulator a(cfg.accumulator, acc);
  const bool quantized = cfg.table_format == TableEntryFormat::kInt8Quantized;
  double group_sum = 0.0;  // exact integer for quantized tables
  for (std::size_t j = 0; j < plane_indices.size(); ++j) {
    const double term = std::ldexp(table_lookup(table, plane_indices[j], cfg), static_cast<int>(j));
    if (quantized) {
      group_sum += term;
    } else {
      a.add(term);
    }
  }
  if (quantized) a.add(a.round(table.scale * group_sum));
  return a.value();
}

void check_activations_representable(const Matrix& x, DataType type) {
  for (int m = 0; m < x.rows(); ++m) {
    for (int k = 0; k < x.cols(); ++k) {
      if (!representable(x(m, k), type)) {
        throw std::invalid_argument("activation X[" + std::to_string(m) + "," + std::to_string(k) +
                                    "] = " + std::to_string(x(m, k)) +
                                    " is not exactly representable as " +
                                    std::string(to_string(type)));
      }
    }
  }
}

std::vector<LutTable> lut_precompute(const Matrix& x, const LutGemmConfig& cfg) {
  cfg.validate();
  check_activations_representable(x, cfg.activation);
  return precompute_all(x, cfg);
}

Matrix lut_accumulate(std::span<const LutTable> tables, int rows, const QuantizedWeights& w,
                      const LutGemmConfig& cfg, const RowProgress& after_row) {
  check_weights(w, cfg);
  const std::size_t groups = static_cast<std::size_t>(w.cols / cfg.geometry.k);
  if (tables.size() != static_cast<std::size_t>(rows) * groups) {
    throw std::invalid_argument("lut_accumulate: " + std::to_string(tables.size()) +
                                " tables, expected " + std::to_string(rows) + " rows x " +
                                std::to_string(groups) + " groups");
  }
  Matrix acc(rows, w.rows);
  for (int m = 0; m < rows; ++m) {
    const std::span<const LutTable> row_tables(tables.data() + m * groups, groups);
    for (int n = 0; n < w.rows; ++n) acc(m, n) = accumulate_output(row_tables, w, n, cfg);
    if (after_row) after_row(m + 1, rows);
  }
  return acc;
}

LutGemmResult lut_mpgemm(const Matrix& x, const QuantizedWeights& w, const LutGemmConfig& cfg,
                         const RowProgress& after_row) {
  check_shapes(x, w, cfg);
  check_activations_representable(x, cfg.activation);
  const std::vector<LutTable> tables = precompute_all(x, cfg);
  Matrix accumulators = lut_accumulate(tables, static_cast<int>(x.rows()), w, cfg, after_row);
  Matrix outputs = lut_outputs(accumulators, activation_row_sums(x), w, cfg.geometry.table_form);
  return {std::move(accumulators), std::move(outputs)};
}

}  // namespace lutsim
