#include "ppa/flow/tool_run.hpp"

#include <boost/process.hpp>

#include "core/io/text_file.hpp"

namespace lutsim::ppa {
namespace {

std::string last_lines(const std::string& text, int n) {
  std::size_t pos = text.size();
  for (int i = 0; i <= n && pos != std::string::npos && pos > 0; ++i) {
    pos = text.rfind('\n', pos - 1);
  }
  return pos == std::string::npos ? text : text.substr(pos + 1);
}

}  // namespace

std::filesystem::path find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) {
    return std::filesystem::exists(name) ? std::filesystem::path(name) : std::filesystem::path();
  }
  return std::filesystem::path(boost::process::search_path(name).string());
}

std::string run_tool(const ToolRun& run) {
  const std::filesystem::path exe = find_program(run.program);
  if (exe.empty()) {
    throw ToolError(run.program + ": not found on PATH (scripts/install_deps.sh installs it)");
  }
  std::filesystem::create_directories(run.work_dir);
  const std::filesystem::path log = run.work_dir / run.log_name;
  int status = 0;
  try {
    namespace bp = boost::process;
    status = bp::system(exe.string(), bp::args(run.args), (bp::std_out & bp::std_err) > log.string(),
                        bp::std_in < bp::null, bp::start_dir = run.work_dir.string());
  } catch (const std::exception& e) {
    throw ToolError(run.program + ": could not run: " + e.what());
  }
  std::string text = read_text_file(log);
  if (status != 0) {
    throw ToolError(run.program + " exited with status " + std::to_string(status) + " (log: " +
                    log.string() + "):\n" + last_lines(text, 20));
  }
  return text;
}

}  // namespace lutsim::ppa
