// External tools run by ppa/flow/tool_run: their status and log, and the
// keeper that ends a tool's whole process group (the tool and the helpers it
// starts) when the process that ran it dies, even by SIGKILL.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "core/io/text_file.hpp"
#include "ppa/flow/tool_run.hpp"

namespace {

namespace fs = std::filesystem;
using lutsim::ppa::run_tool;
using lutsim::ppa::ToolError;
using lutsim::ppa::ToolRun;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("lutsim_test_tool_run_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

bool alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  return line.substr(line.rfind(')') + 2, 1) != "Z";
}

// Reads a pid a shell wrote, waiting up to 20 s for it to appear.
pid_t wait_for_pid(const fs::path& file) {
  for (int i = 0; i < 2000; ++i) {
    std::ifstream in(file);
    pid_t pid = 0;
    if (in >> pid && pid > 0) return pid;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return 0;
}

}  // namespace

TEST_CASE("a tool's log and exit status come back through the keeper", "[ppa]") {
  const fs::path dir = scratch("status");
  CHECK(run_tool({"/bin/sh", {"-c", "echo hello; echo there >&2"}, dir, "ok.log"}) ==
        "hello\nthere\n");
  CHECK_THROWS_WITH(run_tool({"/bin/sh", {"-c", "echo failing; exit 3"}, dir, "bad.log"}),
                    Catch::Contains("exited with status 3") && Catch::Contains("failing"));
  CHECK_THROWS_WITH(run_tool({"/bin/sh", {"-c", "kill -9 $$"}, dir, "killed.log"}),
                    Catch::Contains("exited with status 137"));
  CHECK_THROWS_AS(run_tool({"no-such-tool-lutsim", {}, dir, "x.log"}), ToolError);
}

TEST_CASE("SIGKILL of the process running a tool ends the tool and the helpers it started",
          "[ppa]") {
  const fs::path dir = scratch("keeper");
  // The "tool" starts a helper of its own (as yosys starts yosys-abc), writes
  // both pids and waits; neither would end by itself for 5 minutes.
  const std::string script =
      "sleep 300 & echo $! > helper.pid; echo $$ > tool.pid; wait";
  const pid_t runner = ::fork();
  REQUIRE(runner >= 0);
  if (runner == 0) {
    try {
      run_tool({"/bin/sh", {"-c", script}, dir, "tool.log"});
    } catch (...) {
    }
    ::_exit(0);
  }
  const pid_t tool = wait_for_pid(dir / "tool.pid");
  const pid_t helper = wait_for_pid(dir / "helper.pid");
  REQUIRE(tool > 0);
  REQUIRE(helper > 0);
  CHECK(alive(tool));
  CHECK(alive(helper));
  ::kill(runner, SIGKILL);
  ::waitpid(runner, nullptr, 0);
  bool ended = false;
  for (int i = 0; i < 500 && !ended; ++i) {
    ended = !alive(tool) && !alive(helper);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (alive(helper)) ::kill(helper, SIGKILL);
  if (alive(tool)) ::kill(tool, SIGKILL);
  CHECK(ended);
}
