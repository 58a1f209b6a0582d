#include "studies/sweep/sweep_runner.hpp"

#include <algorithm>

#include "core/config/config_error.hpp"
#include "core/io/git_revision.hpp"
#include "core/parallel/parallel_map.hpp"
#include "store/point_key.hpp"

namespace lutsim {

store::PointBatch sweep_batch(store::ResultsStore& store) {
  return store::PointBatch(store, kSweepBatchPoints, kSweepBatchWait);
}

void count_written(std::size_t written, SweepCounts& counts, const SweepProgress& progress) {
  counts.done += written;
  if (written > 0 && progress) progress(counts);
}

namespace {

// Loads and checks `point`; a config error names the point's axis values.
LoadedStudy load_point(const SweepSource& source, const SweepPoint& point) {
  try {
    return load_study(source.files.load(source.sweep.base), point.assignments, source.configs_dir,
                      source.files, builtin_studies(), LoadedParts::kSweepPoint);
  } catch (const config::ConfigError& e) {
    throw config::ConfigError(e.where(), e.key_path(),
                              e.message() + " (sweep point: " + point.label + ")");
  }
}

}  // namespace

PreparedPoint prepare_point(const SweepSource& source, std::size_t index) {
  SweepPoint point = sweep_point(source.sweep, index);
  LoadedStudy study = load_point(source, point);
  store::JsonObjectText resolved_text(study.resolved, study.member_texts);
  std::string key = store::point_key_of_text(resolved_text.text(), git_revision());
  return {index, std::move(point), std::move(study), std::move(resolved_text), std::move(key)};
}

store::StoredPoint run_point(const PreparedPoint& p) {
  const StudyResult result = p.study.study->run({});
  // The recorded config (recorded_config's) as text alone: the store keeps its text.
  store::StoredPoint out{
      p.key,
      std::string(git_revision()),
      static_cast<std::int64_t>(p.index),
      p.point.label,
      p.point.values,
      nullptr,
      {},
      p.resolved_text.updated_text(result.record_notes, result.record_note_texts)};
  for (const StudyTable& t : result.tables) out.tables.push_back({t.stem, t.table});
  return out;
}

std::size_t shard_size(std::size_t sweep_points, SweepShard shard) {
  return sweep_points > shard.index ? (sweep_points - shard.index - 1) / shard.count + 1 : 0;
}

std::vector<PointKey> check_sweep(const SweepSource& source, SweepShard shard, int jobs) {
  std::vector<PointKey> points(shard_size(sweep_size(source.sweep), shard));
  parallel_map(
      points.size(), jobs,
      [&](std::size_t i) { return prepare_point(source, shard.index + i * shard.count).key; },
      [&](std::size_t i, std::string&& key) {
        points[i] = {shard.index + i * shard.count, std::move(key)};
      });
  return points;
}

void check_axis_values(const SweepSource& source, int jobs) {
  const std::vector<std::size_t> indices = axis_value_points(source.sweep);
  parallel_map(
      indices.size(), jobs,
      [&](std::size_t i) {
        load_point(source, sweep_point(source.sweep, indices[i]));  // its key is not needed
        return indices[i];
      },
      [](std::size_t, std::size_t) {});
}

std::vector<PointKey> pending_points(const std::vector<PointKey>& points,
                                     store::ResultsStore& store, SweepCounts& counts) {
  std::vector<PointKey> pending;
  for (const PointKey& p : points) {
    if (!store.contains(p.key)) pending.push_back(p);
  }
  counts = {points.size(), points.size() - pending.size(), points.size() - pending.size()};
  return pending;
}

namespace {

// Points [first, last) of the shard, each loaded once on `jobs` threads, in
// index order.
std::vector<PreparedPoint> prepare_chunk(const SweepSource& source, SweepShard shard,
                                         std::size_t first, std::size_t last, int jobs) {
  std::vector<PreparedPoint> chunk(last - first);
  parallel_map(
      chunk.size(), jobs,
      [&](std::size_t i) { return prepare_point(source, shard.index + (first + i) * shard.count); },
      [&](std::size_t i, PreparedPoint&& p) { chunk[i] = std::move(p); });
  return chunk;
}

// Records the chunk's keys in `run` and counts the points the store holds
// as done and cached; returns the others.
std::vector<const PreparedPoint*> pending_in_chunk(const std::vector<PreparedPoint>& chunk,
                                                   store::ResultsStore& store, SweepRun& run) {
  std::vector<const PreparedPoint*> pending;
  for (const PreparedPoint& p : chunk) {
    run.points.push_back({p.index, p.key});
    if (!store.contains(p.key)) {
      pending.push_back(&p);
    } else {
      ++run.counts.done;
      ++run.counts.cached;
    }
  }
  return pending;
}

}  // namespace

SweepRun run_sweep(const SweepSource& source, SweepShard shard, store::ResultsStore& store,
                   int jobs, const SweepProgress& progress, std::size_t chunk_points) {
  chunk_points = std::max<std::size_t>(chunk_points, 1);
  SweepRun run;
  run.counts.total = shard_size(sweep_size(source.sweep), shard);
  run.points.reserve(run.counts.total);
  store::PointBatch batch = sweep_batch(store);
  const auto stored = [&](std::size_t written) { count_written(written, run.counts, progress); };
  try {
    for (std::size_t first = 0; first < run.counts.total; first += chunk_points) {
      const std::size_t last = std::min(run.counts.total, first + chunk_points);
      const std::vector<PreparedPoint> chunk = prepare_chunk(source, shard, first, last, jobs);
      const std::vector<const PreparedPoint*> pending = pending_in_chunk(chunk, store, run);
      if (progress) progress(run.counts);
      // A point equal to one before it in this sweep is stored once.
      parallel_map(
          pending.size(), jobs, [&](std::size_t i) { return run_point(*pending[i]); },
          [&](std::size_t, store::StoredPoint&& result) { stored(batch.add(std::move(result))); });
    }
  } catch (...) {
    batch.flush();  // the points done before the error are kept
    throw;
  }
  stored(batch.flush());
  return run;
}

store::StoredPoint stored_point(const SweepSpec& sweep, const PointKey& p,
                                store::ResultsStore& store) {
  const SweepPoint point = sweep_point(sweep, p.index);
  auto stored = store.get(p.key);
  if (!stored) {
    throw store::StoreError(store.file(), "point " + point.label + " (key " + p.key +
                                              ") is missing after the run");
  }
  stored->label = point.label;
  stored->axis_values = point.values;
  return std::move(*stored);
}

store::SweepPoints run_points_source(const SweepSpec& sweep, const std::vector<PointKey>& points,
                                     store::ResultsStore& store) {
  return {stored_axes(sweep), store.tables(),
          [&sweep, &points, &store](const std::function<void(const store::StoredPoint&)>& f) {
            for (const PointKey& p : points) f(stored_point(sweep, p, store));
          }};
}

std::vector<store::StoredAxis> stored_axes(const SweepSpec& sweep) {
  std::vector<store::StoredAxis> out;
  for (const SweepAxis& a : sweep.axes) out.push_back({a.column, a.key, a.sampling});
  return out;
}

}  // namespace lutsim
