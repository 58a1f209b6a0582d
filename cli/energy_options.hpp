#pragma once

#include <CLI/CLI.hpp>

#include "cli/study_command.hpp"

namespace lutsim::cli {

// Adds --energy NAME_OR_PATH: sets the study's `energy` key (a name in
// configs/energy or a path; the study's default is nangate45_hbm2).
void add_energy_option(CLI::App& cmd, StudyOptions& o);

}  // namespace lutsim::cli
