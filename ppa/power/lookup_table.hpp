#pragma once
// A Liberty lookup table (NLDM transition or internal-power energy) in SI units, looked up
// by (input slew, output load) whatever order its template declares the axes in.

#include <vector>

namespace lutsim::ppa {

// What a table axis indexes (Liberty `variable_N`); other variables are not needed here.
enum class TableAxis { kInputSlew, kOutputLoad, kOther };

struct LookupTable {
  std::vector<TableAxis> axes;             // 0, 1 or 2 axes
  std::vector<std::vector<double>> index;  // per axis: breakpoints (s or F), ascending
  std::vector<double> values;              // row-major: index[0] outer, index[1] inner

  bool empty() const { return values.empty(); }
  // Bilinear interpolation, linear extrapolation beyond the breakpoints (as OpenSTA does).
  // Axes of kind kOther are read at their first breakpoint.
  double at(double input_slew, double output_load) const;
};

}  // namespace lutsim::ppa
