#pragma once
// Fitting the component table of one cell library: every micro-block
// (ppa/model/blocks/*.sv and the RTL leaves it reuses: lut_table_reg,
// lut_lookup, lut_ctrl, fp16_add, fp16_add_scaled, fp16_mul) is synthesized at
// several sizes (ppa::synthesize), simulated at gate level with the data it
// sees inside the designs (N(0,1) activations, golden tables, random weight
// bits; see component_fit.cpp) and priced by the project's power calculator;
// each component's area, leakage and energy are then fitted as lines in its
// size (component_table.hpp).
//
// Combinational blocks are simulated without a clock, their inputs driven once
// per clock period, so the energy per cycle is that of one evaluation. Primary
// inputs have no driving cell, so the power calculator charges no switching to
// their nets; for the inputs that other components drive inside the designs
// (a lookup's table, an accumulator's operand) the fit adds the switching
// energy of those nets (their load pins and wire load), so composing
// components counts every internal net once.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "ppa/flow/cell_library.hpp"
#include "ppa/model/component_table.hpp"
#include "ppa/power/activity_simulators.hpp"

namespace lutsim::ppa {

struct FitOptions {
  CellLibrary library;
  std::filesystem::path rtl_dir;     // rtl/: the RTL leaves the micro-blocks reuse
  std::filesystem::path blocks_dir;  // ppa/model/blocks/
  std::filesystem::path cache_dir;   // synthesis cache and simulation work directories
  double clock_mhz = 500;
  int cycles = 600;  // simulated cycles per run, warm-up included
  std::uint64_t seed = 1;
  // Slew of the micro-blocks' primary inputs (clock excluded), s; 0 = ideal.
  double input_slew_s = 0;
  std::string activity_simulator = kDefaultActivitySimulator;  // activity_simulators.hpp
  std::vector<ComponentId> only;  // components to fit; empty: all
  // Called with one line per finished run (the library itself never prints).
  std::function<void(const std::string&)> progress;
};

// Synthesizes and simulates every micro-block run and returns the fitted table
// with its provenance. Throws ToolError when a tool fails.
ComponentTable fit_component_table(const FitOptions& options);

// The data conventions of the fit stimulus, as recorded in the table.
std::string fit_stimulus_description();

}  // namespace lutsim::ppa
