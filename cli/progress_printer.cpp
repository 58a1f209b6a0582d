#include "cli/progress_printer.hpp"

#include <unistd.h>

#include <chrono>
#include <iostream>

namespace lutsim::cli {

ProgressPrinter progress_printer() {
  using Clock = std::chrono::steady_clock;
  const bool tty = ::isatty(STDERR_FILENO) != 0;
  const Clock::duration every = tty ? std::chrono::milliseconds(100) : std::chrono::seconds(5);
  return [tty, every, last = Clock::now()](std::size_t done, std::size_t total,
                                           std::string_view unit) mutable {
    const Clock::time_point now = Clock::now();
    if (done < total && now - last < every) return;
    last = now;
    std::cerr << (tty ? "\r" : "") << "  [" << done << "/" << total << "] " << unit
              << (tty && done < total ? "" : "\n") << std::flush;
  };
}

}  // namespace lutsim::cli
