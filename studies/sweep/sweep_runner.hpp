#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/config/config_files.hpp"
#include "core/specs/sweep_spec.hpp"
#include "store/json_object_text.hpp"
#include "store/point_batch.hpp"
#include "store/results_store.hpp"
#include "store/sweep_csv.hpp"
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
  // study.resolved's JSON text, written once for the key and the stored config
  store::JsonObjectText resolved_text;
  std::string key;  // store::point_key of its resolved config and this binary's revision
};

// What a sweep keeps of a checked point until it runs: its index in the
// cross product and its store key (about 100 bytes; the point's config is
// loaded again when it runs, from the files parsed once).
struct PointKey {
  std::size_t index = 0;
  std::string key;
};

// Where a sweep's points come from: the sweep, the configs folder and the
// config files, parsed once for every point.
struct SweepSource {
  const SweepSpec& sweep;
  std::filesystem::path configs_dir;
  config::ConfigFiles& files;
};

// Loads and checks point `index` of the cross product; a config error names
// the point's axis values.
PreparedPoint prepare_point(const SweepSource& source, std::size_t index);
store::StoredPoint run_point(const PreparedPoint& point);

// Points of a sweep of `sweep_points` points that shard `shard` runs.
std::size_t shard_size(std::size_t sweep_points, SweepShard shard);

// Loads and checks every point of the shard on `jobs` threads, one point at a
// time each, so a bad point fails before any point runs; keeps only each
// point's key, in index order. (An MPI sweep's rank 0 hands out the keys the
// store lacks; a local sweep loads each point once, in run_sweep.)
std::vector<PointKey> check_sweep(const SweepSource& source, SweepShard shard, int jobs);

// Loads the points of axis_value_points (every value of every dimension
// once) on `jobs` threads: a key the schema lacks, or a value of the wrong
// type or out of range for its key, fails before any point of any shard runs.
// A value that fails only beside some values of other axes is found when
// its point is loaded (run_sweep).
void check_axis_values(const SweepSource& source, int jobs);

struct SweepCounts {
  std::size_t total = 0;   // points of the run
  std::size_t done = 0;    // of them stored, cached ones included
  std::size_t cached = 0;  // found in the store, not run
};
using SweepProgress = std::function<void(const SweepCounts&)>;

// Counts `written` points as done and, when there are any, reports progress.
void count_written(std::size_t written, SweepCounts& counts, const SweepProgress& progress);

// The points the store does not hold yet, in the order given; `counts` gets
// the run's total and cached points.
std::vector<PointKey> pending_points(const std::vector<PointKey>& points,
                                     store::ResultsStore& store, SweepCounts& counts);

// A sweep writes its results to the store in batches (store::PointBatch):
// one transaction per kSweepBatchPoints points, or sooner once
// kSweepBatchWait has passed since the last write, so a killed sweep loses at
// most about that much work.
inline constexpr std::size_t kSweepBatchPoints = 512;
inline constexpr std::chrono::milliseconds kSweepBatchWait{500};
store::PointBatch sweep_batch(store::ResultsStore& store);

// A local sweep loads and runs its points a chunk at a time: memory holds
// one chunk's loaded points (and every point's key), never the whole sweep.
inline constexpr std::size_t kSweepChunkPoints = 512;

// What a sweep ran: its counts and its points' keys, in index order.
struct SweepRun {
  SweepCounts counts;
  std::vector<PointKey> points;
};

// Runs the shard's points with `jobs` threads, `chunk_points` at a time:
// each point of a chunk is loaded once (prepare_point, its key computed);
// the ones the store does not hold yet are run (each on its thread, a study
// object of its own; studies keep no shared mutable state), while the
// calling thread alone writes the results to the store as they arrive, in
// batches (sweep_batch). At an error (a point that fails to load or to run)
// the points done before it are written whole, then it is rethrown; a re-run
// takes them from the store. `progress` is called on the calling thread
// after each chunk's cache check and after each write.
SweepRun run_sweep(const SweepSource& source, SweepShard shard, store::ResultsStore& store,
                   int jobs, const SweepProgress& progress,
                   std::size_t chunk_points = kSweepChunkPoints);

// Point p of this run as stored, labelled as this sweep labels it. Throws
// store::StoreError when the store lacks it.
store::StoredPoint stored_point(const SweepSpec& sweep, const PointKey& p,
                                store::ResultsStore& store);

// This run's points in sweep order, each read from the store when needed:
// what the sweep's tables are written from (store/sweep_csv.hpp). Keeps
// references to its arguments.
store::SweepPoints run_points_source(const SweepSpec& sweep, const std::vector<PointKey>& points,
                                     store::ResultsStore& store);

// The sweep's axes as a store records them.
std::vector<store::StoredAxis> stored_axes(const SweepSpec& sweep);

}  // namespace lutsim
