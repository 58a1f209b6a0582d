#pragma once

#include <chrono>
#include <filesystem>
#include <string>

#include "studies/sweep/sweep_runner.hpp"

namespace lutsim::cli {

// Reports a sweep's progress on stderr. On a terminal: one line updated in
// place (points done of total, cached, rate of points run, ETA), at most ten
// times a second. Otherwise nothing while it runs. finish() ends either with
// the summary line (summary()).
class SweepProgressReporter {
 public:
  SweepProgressReporter();

  void update(const SweepCounts& counts);
  void finish(const SweepCounts& counts, const std::filesystem::path& store);

  // "sweep: 300 points, 120 cached in <store>, 180 run in 2.1 s (85.7 points/s)"
  std::string summary(const SweepCounts& counts, const std::filesystem::path& store) const;

 private:
  double elapsed_s() const;

  bool tty_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_update_;
};

}  // namespace lutsim::cli
