#include "ppa/flow/tool_run.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>

#include "core/io/text_file.hpp"

namespace lutsim::ppa {
namespace {

namespace bp = boost::process;

// Process groups of the tools running now (0: a free slot), read by
// kill_running_tools() from a signal handler, hence lock-free atomics.
constexpr std::size_t kMaxRunningTools = 512;
std::array<std::atomic<pid_t>, kMaxRunningTools> g_running_groups{};

// Holds a started tool's process group in g_running_groups while it runs.
class RunningTool {
 public:
  explicit RunningTool(pid_t group) {
    for (auto& slot : g_running_groups) {
      pid_t free = 0;
      if (slot.compare_exchange_strong(free, group)) {
        slot_ = &slot;
        return;
      }
    }
  }
  ~RunningTool() {
    if (slot_ != nullptr) slot_->store(0);
  }
  RunningTool(const RunningTool&) = delete;
  RunningTool& operator=(const RunningTool&) = delete;

 private:
  std::atomic<pid_t>* slot_ = nullptr;
};

// In the child before exec: a process group of its own (the tool and the
// helpers it starts, e.g. yosys-abc, can be ended together), killed when
// lutsim dies however it dies (even by SIGKILL, which no handler sees).
struct OwnGroupDyingWithParent : bp::extend::handler {
  pid_t parent;
  template <class Executor>
  void on_exec_setup(Executor&) const {
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // lutsim died before prctl
  }
};

std::string last_lines(const std::string& text, int n) {
  std::size_t pos = text.size();
  for (int i = 0; i <= n && pos != std::string::npos && pos > 0; ++i) {
    pos = text.rfind('\n', pos - 1);
  }
  return pos == std::string::npos ? text : text.substr(pos + 1);
}

}  // namespace

void kill_running_tools() noexcept {
  for (const auto& slot : g_running_groups) {
    const pid_t group = slot.load();
    if (group > 0) ::kill(-group, SIGKILL);
  }
}

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
    bp::child tool(exe.string(), bp::args(run.args), (bp::std_out & bp::std_err) > log.string(),
                   bp::std_in < bp::null, bp::start_dir = run.work_dir.string(),
                   OwnGroupDyingWithParent{{}, ::getpid()});
    ::setpgid(tool.id(), tool.id());  // also here: a signal may come before the child's own call
    const RunningTool running(tool.id());
    tool.wait();
    status = tool.exit_code();
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
