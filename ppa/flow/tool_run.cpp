#include "ppa/flow/tool_run.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
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

// The keeper: the child boost starts becomes a process group of its own and
// stays as the group's keeper while a child of its own, in the same group,
// execs the tool. When lutsim dies, however it dies (even by SIGKILL, which
// no handler sees), the kernel sends the keeper SIGTERM (PR_SET_PDEATHSIG) and
// the keeper kills the whole group: the tool and every helper it started
// (yosys-abc), which a death signal on the tool alone would leave running.
// Otherwise, when the tool ends, the keeper sends SIGTERM to what is left of
// the group and exits with the tool's status (128 + signal when the tool was
// killed). Only async-signal-safe calls: the parent is threaded.
[[noreturn]] void keep(pid_t tool, const sigset_t& waited) {
  ::close_range(3, ~0U, 0);  // boost's exec-error pipe among them: lutsim goes on
  for (;;) {
    int sig = 0;
    if (::sigwait(&waited, &sig) != 0) continue;
    if (sig != SIGCHLD) {
      ::kill(-::getpid(), SIGKILL);  // the group, the keeper included
      ::_exit(128 + SIGKILL);
    }
    int status = 0;
    if (::waitpid(tool, &status, WNOHANG) != tool) continue;
    ::kill(-::getpid(), SIGTERM);  // helpers the tool left behind; the keeper blocks SIGTERM
    ::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
  }
}

struct KeptInOwnGroup : bp::extend::handler {
  pid_t parent;
  template <class Executor>
  void on_exec_setup(Executor&) const {
    ::setpgid(0, 0);
    sigset_t waited, before;
    ::sigemptyset(&waited);
    ::sigaddset(&waited, SIGCHLD);
    ::sigaddset(&waited, SIGTERM);
    ::sigaddset(&waited, SIGINT);
    ::sigprocmask(SIG_BLOCK, &waited, &before);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) ::_exit(127);  // lutsim died before prctl
    const pid_t keeper = ::getpid();
    const pid_t tool = ::fork();
    if (tool < 0) ::_exit(127);
    if (tool > 0) keep(tool, waited);
    ::sigprocmask(SIG_SETMASK, &before, nullptr);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != keeper) ::_exit(127);  // the keeper died before prctl
    // Returns: boost execs the tool in this process.
  }
};

// The last n lines of text (all of it when shorter; "" for "").
std::string last_lines(const std::string& text, int n) {
  std::size_t newline = text.size();
  for (int i = 0; i <= n; ++i) {
    if (newline == 0) return text;
    newline = text.rfind('\n', newline - 1);
    if (newline == std::string::npos) return text;
  }
  return text.substr(newline + 1);
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
                   KeptInOwnGroup{{}, ::getpid()});
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
