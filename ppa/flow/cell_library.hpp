#pragma once
// The standard-cell libraries lutsim synthesizes onto, as prepared by the build
// (ppa/pdk/CMakeLists.txt: decompressed, ASAP7 merged into one file, plus iverilog
// simulation models of the cells).

#include <filesystem>
#include <string>
#include <vector>

namespace lutsim::ppa {

struct CellLibrary {
  std::string name;                   // "nangate45", "asap7"
  std::string description;            // e.g. "NanGate 45 nm Open Cell Library, typical, 1.10 V"
  double node_nm = 0;                 // technology node, nm
  double supply_v = 0;                // nominal supply voltage, V
  std::filesystem::path liberty;      // one decompressed liberty file
  std::filesystem::path cell_models;  // Verilog simulation models of every cell
  std::string tie_high, tie_low;      // tie cells (yosys hilomap), empty if not needed
  // A buffer (cell, input pin, output pin) put on output ports that carry the same net as
  // another port (yosys insbuf): unbuffered, yosys writes them as a concatenated `assign`,
  // which Debian's OpenSTA cannot read.
  std::string buffer, buffer_in, buffer_out;
  // Units of the liberty's numbers (its time_unit and leakage_power_unit).
  double time_unit_ns = 1;       // NanGate45: 1 ns; ASAP7: 1 ps = 0.001 ns
  double leakage_unit_w = 1e-9;  // NanGate45: 1 nW; ASAP7: 1 pW = 1e-12 W
};

// The names cell_library() accepts.
std::vector<std::string> cell_library_names();

// The library by name; throws std::invalid_argument for an unknown name (listing
// the known ones) and std::runtime_error if the build has not prepared its files.
CellLibrary cell_library(const std::string& name);

}  // namespace lutsim::ppa
