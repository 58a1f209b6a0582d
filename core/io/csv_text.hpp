#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lutsim {

// RFC 4180 text of one CSV field: quoted when it holds a comma, a quote or a
// line break (quotes doubled inside).
std::string csv_field(std::string_view text);

// Splits one CSV record that holds no line break into its fields, undoing
// the quoting of csv_field. Throws std::invalid_argument for an unterminated
// quoted field or text after a closing quote.
std::vector<std::string> split_csv_record(std::string_view line);

}  // namespace lutsim
