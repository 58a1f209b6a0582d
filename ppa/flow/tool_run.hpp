#pragma once
// Running the external EDA tools (yosys, sta, iverilog, vvp) as child processes.
//
// Every run keeps the tool's combined stdout/stderr in a log file in its work
// directory; a failed run throws ToolError naming the tool, the exit status, the
// log and its last lines, so the user sees why without hunting for files.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace lutsim::ppa {

// An external tool could not be started or exited with a non-zero status.
class ToolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ToolRun {
  std::string program;             // name looked up on PATH, or a path
  std::vector<std::string> args;   // arguments, passed as they are (no shell)
  std::filesystem::path work_dir;  // created if missing
  std::string log_name;            // file in work_dir that receives stdout + stderr
};

// Runs the tool to completion and returns its log text. Throws ToolError when the
// program is not found or exits with a non-zero status. The tool runs in a
// process group of its own, under a keeper process that kills the group (the
// tool and every helper it started) when lutsim dies, even by SIGKILL.
std::string run_tool(const ToolRun& run);

// Kills the process groups of every tool running now (the tools and the
// helpers they started). Async-signal-safe: for the handler of a signal that
// ends lutsim, so that no yosys outlives it.
void kill_running_tools() noexcept;

// The absolute path of a program on PATH, or an empty path.
std::filesystem::path find_program(const std::string& name);

}  // namespace lutsim::ppa
