#include "core/io/temporary_path.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <string>
#include <string_view>

namespace lutsim {
namespace {

constexpr std::string_view kTemporaryInfix = ".tmp.";

bool process_ended(pid_t pid) {
  return ::kill(pid, 0) != 0 && errno == ESRCH;
}

}  // namespace

std::filesystem::path temporary_path(const std::filesystem::path& target) {
  std::filesystem::path tmp = target;
  tmp += std::string(kTemporaryInfix) + std::to_string(::getpid());
  return tmp;
}

void remove_stale_temporaries(const std::filesystem::path& target) {
  const std::filesystem::path dir =
      target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  const std::string prefix = target.filename().string() + std::string(kTemporaryInfix);
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string_view digits = std::string_view(name).substr(prefix.size());
    pid_t pid = 0;
    const auto [end, err] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (err != std::errc() || end != digits.data() + digits.size() || pid <= 0) continue;
    std::error_code ignored;  // another run may be removing it too
    if (process_ended(pid)) std::filesystem::remove_all(entry.path(), ignored);
  }
}

}  // namespace lutsim
