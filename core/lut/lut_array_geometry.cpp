#include "core/lut/lut_array_geometry.hpp"

#include <stdexcept>

namespace lutsim {

int LutArrayGeometry::table_entries() const {
  return table_form == TableForm::kSymmetricHalf ? 1 << (k - 1) : 1 << k;
}

std::string LutArrayGeometry::shape_name() const {
  return "M" + std::to_string(m) + "N" + std::to_string(n) + "K" + std::to_string(k);
}

void LutArrayGeometry::validate() const {
  if (k < kMinK || k > kMaxK) {
    throw std::invalid_argument("table group size k must be in [" + std::to_string(kMinK) + ", " +
                                std::to_string(kMaxK) + "], got " + std::to_string(k));
  }
  if (m < 1) throw std::invalid_argument("array M must be >= 1, got " + std::to_string(m));
  if (n < 1) throw std::invalid_argument("array N must be >= 1, got " + std::to_string(n));
}

}  // namespace lutsim
