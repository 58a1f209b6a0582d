#include "ppa/flow/yosys_stat.hpp"

#include <regex>
#include <sstream>
#include <stdexcept>

namespace lutsim::ppa {

std::vector<ModuleStat> parse_yosys_stat(const std::string& report, const std::string& where) {
  static const std::regex kSection(R"(^=== (.+) ===\s*$)");
  static const std::regex kCells(R"(^\s+Number of cells:\s+(\d+)\s*$)");
  static const std::regex kCellType(R"(^\s+(\S+)\s+(\d+)\s*$)");
  static const std::regex kArea(R"(^\s+Chip area for (?:top )?module '.*': ([-+0-9.eE]+)\s*$)");
  std::vector<ModuleStat> modules;
  ModuleStat* current = nullptr;
  bool in_cell_list = false;
  std::istringstream lines(report);
  std::string line;
  std::smatch m;
  while (std::getline(lines, line)) {
    if (std::regex_match(line, m, kSection)) {
      in_cell_list = false;
      if (m[1] == "design hierarchy") {
        current = nullptr;
      } else {
        modules.push_back({m[1], 0, {}, 0, false});
        current = &modules.back();
      }
    } else if (current == nullptr) {
      continue;
    } else if (std::regex_match(line, m, kCells)) {
      current->cells = std::stoi(m[1]);
      in_cell_list = true;
    } else if (in_cell_list && std::regex_match(line, m, kCellType)) {
      current->cells_by_type[m[1]] += std::stoi(m[2]);
    } else if (std::regex_match(line, m, kArea)) {
      current->area_um2 = std::stod(m[1]);
      current->has_area = true;
      in_cell_list = false;
    } else {
      in_cell_list = false;
    }
  }
  if (modules.empty()) throw std::runtime_error(where + ": no module statistics in the report");
  return modules;
}

}  // namespace lutsim::ppa
