#pragma once
// A sub-core run as a table with units (one row), for the CLI's text and
// JSON and for ppa/ to price the action counts.

#include "core/io/result_table.hpp"
#include "sim/systemc/subcore/sub_core.hpp"

namespace lutsim::systemc {

// Columns: cycles, instructions, ipc, utilization per unit, stall cycles by
// reason, drain cycles, then the action counts.
ResultTable sub_core_table(const SubCoreResult& r);

}  // namespace lutsim::systemc
