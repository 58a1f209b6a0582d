#pragma once

#include <string>

#include "core/io/number_text.hpp"
#include "core/io/result_table.hpp"

namespace lutsim::cli {

// The table as aligned text for a terminal: one header line with each
// column's unit in brackets, numbers in %.3g. For people, not for parsing.
std::string format_text_table(const ResultTable& table);

}  // namespace lutsim::cli
