#pragma once

#include <Eigen/Dense>

namespace lutsim {

// Dense row-major double matrix: lutsim's name for the Eigen type, so Eigen
// stays an implementation choice of core/.
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

}  // namespace lutsim
