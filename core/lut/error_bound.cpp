#include "core/lut/error_bound.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace lutsim {
namespace {

constexpr double kFp16UnitRoundoff = 0x1p-11;
constexpr double kFp32UnitRoundoff = 0x1p-24;
constexpr double kInt8TableLevels = 127.0;

}  // namespace

double rounding_gamma(long n, double unit_roundoff) {
  const double nu = static_cast<double>(n) * unit_roundoff;
  if (nu >= 1.0) return std::numeric_limits<double>::infinity();
  return nu / (1.0 - nu);
}

double unit_roundoff(DataType type) {
  require_one_of(type, kLutAccumulatorTypes, "unit_roundoff accumulator");
  switch (type) {
    case DataType::kFp16:
      return kFp16UnitRoundoff;
    case DataType::kFp32:
      return kFp32UnitRoundoff;
    default:
      return 0.0;  // int32: exact
  }
}

double lut_accumulator_error_bound(const LutGemmConfig& cfg, int k_total, double sum_abs_x) {
  cfg.validate();
  if (k_total <= 0 || k_total % cfg.geometry.k != 0) {
    throw std::invalid_argument("lut_accumulator_error_bound: K must be a positive multiple of k");
  }
  const long groups = k_total / cfg.geometry.k;
  const double big_b = std::ldexp(1.0, cfg.weight_bits) - 1.0;
  const double u_a = unit_roundoff(cfg.accumulator);
  const double scale = big_b * sum_abs_x;

  if (cfg.table_format == TableEntryFormat::kInteger) {
    return scale * rounding_gamma(groups * cfg.weight_bits - 1, u_a);
  }
  const double g_t = rounding_gamma(cfg.geometry.k - 1, kFp16UnitRoundoff);
  const double c = 1.0 + g_t;
  if (cfg.table_format == TableEntryFormat::kFp16) {
    return scale * (g_t + rounding_gamma(groups * cfg.weight_bits - 1, u_a) * c);
  }
  const double q = (1.0 + kFp16UnitRoundoff) * c / (2.0 * kInt8TableLevels);
  return scale * (g_t + q + rounding_gamma(groups, u_a) * c * (1.0 + q));
}

}  // namespace lutsim
