#pragma once
// Reading the report of yosys 0.23 `stat` (with or without -liberty / -top).

#include <map>
#include <string>
#include <vector>

namespace lutsim::ppa {

// One `=== module ===` section: the module's own cells (submodule instances
// count as cells of the submodule's type) and, with -liberty, the area of its
// own library cells (submodules not included).
struct ModuleStat {
  std::string module;  // as yosys prints it, e.g. "top" or "$paramod\adder\W=..."
  int cells = 0;
  std::map<std::string, int> cells_by_type;
  double area_um2 = 0;
  bool has_area = false;  // the section printed a chip area
};

// The module sections of a stat report, in report order (the "design
// hierarchy" summary of -top is not a module and is left out). Throws
// std::runtime_error naming `where` when the report has no module section.
std::vector<ModuleStat> parse_yosys_stat(const std::string& report, const std::string& where);

}  // namespace lutsim::ppa
