#pragma once
// The IEEE special doubles the numerics tests feed to converters and quantizers.
#include <limits>

namespace lutsim::test {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace lutsim::test
