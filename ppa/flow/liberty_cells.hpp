#pragma once
// What the synthesis flow needs to know about the cells of a liberty file: each
// cell's area, whether it stores state, and its output pins. A quick scan, not a
// liberty reader (ppa/power has the full one for power).

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace lutsim::ppa {

struct LibertyCell {
  double area_um2 = 0;      // `area` (liberty area unit; um^2 for the libraries used here)
  bool sequential = false;  // has an `ff`, `latch`, `ff_bank`, `latch_bank` or `statetable` group
  std::vector<std::string> output_pins;  // pins with `direction : output`
  // `capacitance` of each pin that gives one (liberty capacitance unit; fF here).
  std::map<std::string, double> pin_capacitance;
};

using LibertyCells = std::map<std::string, LibertyCell>;

// The cells of a liberty file. Scanned once per process and file version (path,
// size, modification time) and shared. Throws std::runtime_error when the file
// cannot be read or has no cells.
std::shared_ptr<const LibertyCells> liberty_cells(const std::filesystem::path& liberty);

// Scans liberty text (exposed for tests). `where` names the text in errors.
LibertyCells parse_liberty_cells(const std::string& text, const std::string& where);

}  // namespace lutsim::ppa
