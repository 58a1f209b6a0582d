#pragma once

#include <vector>

#include "core/io/result_table.hpp"
#include "core/lut/accuracy_study.hpp"

namespace lutsim::cli {

// The accuracy study's columns, with units.
std::vector<ResultTable::Column> accuracy_columns();
// One row's cells, in accuracy_columns() order.
std::vector<ResultTable::Cell> accuracy_cells(const DatapathAccuracy& a);

}  // namespace lutsim::cli
