#include "ppa/power/lookup_table.hpp"

#include <algorithm>
#include <cstddef>

namespace lutsim::ppa {
namespace {

// Segment [lo, lo+1] of `index` used for x (the first or last one outside the range) and the
// fractional position of x along it.
void locate(const std::vector<double>& index, double x, std::size_t& lo, double& t) {
  if (index.size() < 2) {
    lo = 0;
    t = 0;
    return;
  }
  lo = 0;
  while (lo + 2 < index.size() && x > index[lo + 1]) ++lo;
  const double span = index[lo + 1] - index[lo];
  t = span != 0 ? (x - index[lo]) / span : 0;
}

}  // namespace

double LookupTable::at(double input_slew, double output_load) const {
  if (values.empty()) return 0;
  if (axes.empty()) return values.front();
  auto coordinate = [&](std::size_t axis) {
    if (axes[axis] == TableAxis::kInputSlew) return input_slew;
    if (axes[axis] == TableAxis::kOutputLoad) return output_load;
    return index[axis].empty() ? 0.0 : index[axis].front();
  };
  std::size_t i = 0;
  double ti = 0;
  locate(index[0], coordinate(0), i, ti);
  if (axes.size() == 1) {
    if (index[0].size() < 2) return values[0];
    return values[i] + ti * (values[i + 1] - values[i]);
  }
  std::size_t j = 0;
  double tj = 0;
  locate(index[1], coordinate(1), j, tj);
  const std::size_t n = index[1].size();
  auto v = [&](std::size_t a, std::size_t b) {
    return values[std::min(a, index[0].size() - 1) * n + std::min(b, n - 1)];
  };
  const double low = v(i, j) + tj * (v(i, j + 1) - v(i, j));
  const double high = v(i + 1, j) + tj * (v(i + 1, j + 1) - v(i + 1, j));
  return low + ti * (high - low);
}

}  // namespace lutsim::ppa
