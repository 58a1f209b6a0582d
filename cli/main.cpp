// lutsim: simulator and PPA model of the LUT Tensor Core.
// Parse the command line, run the chosen command, report failures in one line.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "cli/commands/commands.hpp"
#include "core/io/git_revision.hpp"

int main(int argc, char** argv) {
  CLI::App app{"lutsim: cycle-approximate simulator and PPA model of the LUT Tensor Core"};
  app.set_version_flag("--version", "lutsim 0.1.0 (" + std::string(lutsim::git_revision()) + ")");
  app.require_subcommand(1);
  lutsim::cli::add_compare_command(app);
  lutsim::cli::add_gemm_command(app);
  lutsim::cli::add_model_command(app);
  lutsim::cli::add_trace_command(app);
  lutsim::cli::add_accuracy_command(app);
  lutsim::cli::add_config_command(app);
  lutsim::cli::add_sweep_command(app);
  lutsim::cli::add_validate_command(app);
  lutsim::cli::add_ppa_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "lutsim: error: " << e.what() << " (see lutsim --help)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "lutsim: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
