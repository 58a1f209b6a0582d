#include "cli/sweep_progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "cli/text_table.hpp"

namespace lutsim::cli {
namespace {

constexpr auto kUpdateEvery = std::chrono::milliseconds(100);

}  // namespace

SweepProgressReporter::SweepProgressReporter()
    : tty_(::isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_update_(start_ - kUpdateEvery) {}

double SweepProgressReporter::elapsed_s() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void SweepProgressReporter::update(const SweepCounts& counts) {
  const auto now = std::chrono::steady_clock::now();
  if (!tty_ || (now - last_update_ < kUpdateEvery && counts.done < counts.total)) return;
  last_update_ = now;
  const double run = static_cast<double>(counts.done - counts.cached);
  const double rate = run > 0 ? run / elapsed_s() : 0.0;
  std::string line = "\r  [" + std::to_string(counts.done) + "/" + std::to_string(counts.total) +
                     "] cached " + std::to_string(counts.cached) + ", " + fixed_text(rate, 1) +
                     " points/s";
  if (rate > 0) line += ", ETA " + fixed_text((counts.total - counts.done) / rate, 0) + " s";
  std::cerr << line << "\x1b[K" << std::flush;
}

void SweepProgressReporter::finish(const SweepCounts& counts,
                                   const std::filesystem::path& store) {
  std::cerr << (tty_ ? "\r\x1b[K" : "") << summary(counts, store) << "\n" << std::flush;
}

std::string SweepProgressReporter::summary(const SweepCounts& counts,
                                           const std::filesystem::path& store) const {
  const std::size_t run = counts.done - counts.cached;
  const double s = elapsed_s();
  return "sweep: " + std::to_string(counts.total) + " points, " + std::to_string(counts.cached) +
         " cached in " + store.string() + ", " + std::to_string(run) + " run in " +
         fixed_text(s, 1) + " s (" + fixed_text(s > 0 ? run / s : 0.0, 1) + " points/s)";
}

}  // namespace lutsim::cli
