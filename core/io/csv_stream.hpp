#pragma once
// to_csv (result_table.hpp) in parts, for writers that stream rows too many
// to hold in one ResultTable.

#include <string>
#include <vector>

#include "core/io/result_table.hpp"

namespace lutsim {

// The parts of to_csv, for writers that stream: the comment lines up to
// "# config: ", then the record's config as one line of JSON and "\n", then
// the line of column names, then one line per row.
std::string csv_preamble(const std::vector<ResultTable::Column>& columns, const RunRecord& record);
std::string csv_names(const std::vector<ResultTable::Column>& columns);
std::string csv_row(const std::vector<ResultTable::Cell>& row);

}  // namespace lutsim
