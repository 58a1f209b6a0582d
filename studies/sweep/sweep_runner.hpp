#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/specs/sweep_spec.hpp"
#include "store/results_store.hpp"
#include "studies/study_loader.hpp"

namespace lutsim {

// The part of a sweep one process runs: the points whose index in the cross
// product is `index` modulo `count` (a Slurm job array runs every shard).
struct SweepShard {
  std::size_t index = 0;
  std::size_t count = 1;
};

// A sweep point loaded and checked, ready to run.
struct PreparedPoint {
  std::size_t index = 0;  // in the cross product
  SweepPoint point;
  LoadedStudy study;
  std::string key;  // store::point_key of its resolved config and this binary's revision
};

// Loads and checks every point of the shard, so a bad axis value fails before
// any point runs; a config error names the point's axis values.
std::vector<PreparedPoint> prepare_sweep(const SweepSpec& sweep,
                                         const std::filesystem::path& configs_dir,
                                         SweepShard shard);

// Loads and checks one point (prepare_sweep's step), and runs it. Config
// files are parsed through `files`, once for all the points it prepares.
PreparedPoint prepare_point(const SweepSpec& sweep, std::size_t index, const SweepPoint& point,
                            const std::filesystem::path& configs_dir, config::ConfigFiles& files);
store::StoredPoint run_point(const PreparedPoint& point);

struct SweepCounts {
  std::size_t total = 0;   // points of the run
  std::size_t done = 0;    // of them stored, cached ones included
  std::size_t cached = 0;  // found in the store, not run
};
using SweepProgress = std::function<void(const SweepCounts&)>;

// Runs the points the store does not hold yet with `jobs` threads (each point
// a study object of its own; studies keep no shared mutable state), while
// the calling thread alone writes each result to the store as it arrives,
// one transaction per point. `progress` is called on the calling thread after
// the cache check and after each stored point.
SweepCounts run_sweep(const std::vector<PreparedPoint>& points, store::ResultsStore& store,
                      int jobs, const SweepProgress& progress);

// The points as the store holds them, in the order given, each with its own
// label and axis values. Throws store::StoreError if one is missing.
std::vector<store::StoredPoint> stored_points(const std::vector<PreparedPoint>& points,
                                              store::ResultsStore& store);

// The sweep's axes as a store records them.
std::vector<store::StoredAxis> stored_axes(const SweepSpec& sweep);

}  // namespace lutsim
