#pragma once

#include <CLI/CLI.hpp>

namespace lutsim::cli {

// Each command adds itself to the app as a subcommand whose callback runs it.
// Callbacks report failure by throwing; main turns that into one line on
// stderr and a non-zero exit status.
void add_accuracy_command(CLI::App& app);
void add_compare_command(CLI::App& app);
void add_compile_command(CLI::App& app);
void add_gemm_command(CLI::App& app);
void add_lmma_command(CLI::App& app);
void add_model_command(CLI::App& app);
void add_trace_command(CLI::App& app);
void add_config_command(CLI::App& app);
void add_sweep_command(CLI::App& app);
void add_validate_command(CLI::App& app);
void add_ppa_command(CLI::App& app);

}  // namespace lutsim::cli
