#pragma once
// Runs the built lutsim binary (LUTSIM_BINARY, defined by the test's CMake target)
// for the end-to-end CLI tests.

#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace lutsim::test {

struct Run {
  int status = -1;  // exit status, -1 if the process did not exit normally
  std::string out;  // stdout and stderr together
};

// `lutsim <args>` through the shell, stderr merged into stdout.
inline Run run_lutsim(const std::string& args) {
  const std::string cmd = std::string(LUTSIM_BINARY) + " " + args + " 2>&1";
  Run r;
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe)) r.out += buf.data();
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

}  // namespace lutsim::test
