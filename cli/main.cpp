// lutsim: simulator and PPA model of the LUT Tensor Core.
// Parse the command line, run the chosen command, report failures in one line.
#include <CLI/CLI.hpp>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <exception>
#include <iostream>

#include "cli/commands/commands.hpp"
#include "core/io/git_revision.hpp"
#include "ppa/flow/tool_run.hpp"

namespace {

// A signal that ends lutsim ends the external tools it runs (yosys, iverilog,
// ...) first: they run in process groups of their own, which a terminal's
// Ctrl-C or a `kill` of lutsim does not reach.
void end_tools_then_die(int signal) {
  lutsim::ppa::kill_running_tools();
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

// A run whose output could not be written (a full disk, a closed pipe) has
// failed, whatever it computed: flush stdout and turn a write error into exit 1.
int flushed(int status) {
  errno = 0;
  std::cout.flush();
  if (std::cout.good()) return status;
  const int error = errno;
  std::cerr << "lutsim: error: writing standard output failed"
            << (error != 0 ? std::string(": ") + std::strerror(error) : std::string()) << "\n";
  return status == 0 ? 1 : status;
}

int run(int argc, char** argv) {
  CLI::App app{"lutsim: cycle-approximate simulator and PPA model of the LUT Tensor Core"};
  app.set_version_flag("--version", "lutsim 0.1.0 (" + std::string(lutsim::git_revision()) + ")");
  app.require_subcommand(1);
  lutsim::cli::add_compare_command(app);
  lutsim::cli::add_compile_command(app);
  lutsim::cli::add_gemm_command(app);
  lutsim::cli::add_lmma_command(app);
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

}  // namespace

int main(int argc, char** argv) {
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, end_tools_then_die);
  return flushed(run(argc, argv));
}
