// lutsim_ppa_fit: fits the per-component table of one cell library from
// synthesized and simulated micro-blocks and writes it as YAML, e.g.
//   build/ppa/model/lutsim_ppa_fit --library nangate45
//       --out configs/ppa/components_nangate45.yaml
// Run from the repository root (or pass --source-dir). Synthesis and power
// results are cached (--cache-dir), so a re-run only redoes what changed.
#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>

#include "core/io/atomic_file.hpp"
#include "ppa/model/component_fit.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Fit the analytic PPA model's component table of one cell library"};
  std::string library = "nangate45";
  std::string out;
  std::string source_dir = ".";
  std::string cache_dir = "build/ppa_cache";
  std::string only;
  lutsim::ppa::FitOptions o;
  app.add_option("--library", library, "cell library (nangate45, asap7)");
  app.add_option("--out", out, "YAML file to write")->required();
  app.add_option("--source-dir", source_dir, "repository root (rtl/, ppa/model/blocks/)");
  app.add_option("--cache-dir", cache_dir, "synthesis and simulation cache");
  app.add_option("--clock-mhz", o.clock_mhz, "simulation clock, MHz");
  app.add_option("--cycles", o.cycles, "simulated cycles per run, warm-up included");
  app.add_option("--seed", o.seed, "stimulus seed");
  double input_slew_ps = 0;
  app.add_option("--input-slew-ps", input_slew_ps, "slew of the blocks' primary inputs, ps");
  app.add_option("--only", only, "comma-separated components to fit (default: all)");
  CLI11_PARSE(app, argc, argv);
  try {
    o.library = lutsim::ppa::cell_library(library);
    o.rtl_dir = std::filesystem::path(source_dir) / "rtl";
    o.blocks_dir = std::filesystem::path(source_dir) / "ppa" / "model" / "blocks";
    o.cache_dir = cache_dir;
    o.input_slew_s = input_slew_ps * 1e-12;
    std::istringstream names(only);
    for (std::string name; std::getline(names, name, ',');) {
      if (!name.empty()) o.only.push_back(lutsim::ppa::parse_component_name(name));
    }
    o.progress = [](const std::string& line) { std::cout << line << std::endl; };
    const lutsim::ppa::ComponentTable table = lutsim::ppa::fit_component_table(o);
    lutsim::write_file_atomically(out, lutsim::ppa::to_yaml(table));
    std::cout << "wrote " << out << "\n";
  } catch (const std::exception& e) {
    std::cerr << "lutsim_ppa_fit: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
