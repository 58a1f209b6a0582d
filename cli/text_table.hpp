#pragma once

#include <string>

#include "core/io/result_table.hpp"

namespace lutsim::cli {

// The table as aligned text for a terminal: one header line with each
// column's unit in brackets, numbers in %.3g. For people, not for parsing.
std::string format_text_table(const ResultTable& table);

// `v` with `decimals` digits after the point (printf's %.*f).
std::string fixed_text(double v, int decimals);

}  // namespace lutsim::cli
