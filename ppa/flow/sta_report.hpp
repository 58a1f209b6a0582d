#pragma once
// Reading OpenSTA's `report_checks -path_delay max` (full path format).

#include <string>

namespace lutsim::ppa {

struct StaPath {
  std::string startpoint, endpoint;  // as reported, without the "(... clocked by ...)" note
  double arrival = 0;                // data arrival time, report units
  double required = 0;               // data required time
  double slack = 0;                  // required - arrival (negative: violated)
};

// The first (worst) path of the report. Throws std::runtime_error naming
// `where` when the report has no path ("No paths found.") or lacks a field.
StaPath parse_sta_worst_path(const std::string& report, const std::string& where);

}  // namespace lutsim::ppa
