#include "cli/energy_options.hpp"

#include <string>

namespace lutsim::cli {

void add_energy_option(CLI::App& cmd, StudyOptions& o) {
  cmd.add_option_function<std::string>(
      "--energy", [&o](const std::string& energy) { o.sets.push_back("energy=" + energy); },
      "energy per action: a name in configs/energy or a path (default nangate45_hbm2); the same "
      "as --set energy=...");
}

}  // namespace lutsim::cli
