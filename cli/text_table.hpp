#pragma once

#include <cstddef>
#include <limits>
#include <string>

#include "core/io/result_table.hpp"

namespace lutsim::cli {

// The table as aligned text for a terminal: one header line with each
// column's unit in brackets, numbers in %.3g. For people, not for parsing.
// At most `max_rows` rows, then a line saying how many more there are.
std::string format_text_table(const ResultTable& table,
                              std::size_t max_rows = std::numeric_limits<std::size_t>::max());

}  // namespace lutsim::cli
