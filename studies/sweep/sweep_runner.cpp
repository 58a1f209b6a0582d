#include "studies/sweep/sweep_runner.hpp"

#include <stdexcept>

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

PreparedPoint prepare_point(const SweepSource& source, std::size_t index) {
  SweepPoint point = sweep_point(source.sweep, index);
  try {
    LoadedStudy study = load_study(source.files.load(source.sweep.base), point.assignments,
                                   source.configs_dir, source.files);
    std::string key = store::point_key(study.resolved, git_revision());
    return {index, std::move(point), std::move(study), std::move(key)};
  } catch (const config::ConfigError& e) {
    throw config::ConfigError(e.where(), e.key_path(),
                              e.message() + " (sweep point: " + point.label + ")");
  }
}

store::StoredPoint run_point(const PreparedPoint& p) {
  const StudyResult result = p.study.study->run({});
  store::StoredPoint out{p.key,
                         std::string(git_revision()),
                         static_cast<std::int64_t>(p.index),
                         p.point.label,
                         p.point.values,
                         recorded_config(p.study, result),
                         {}};
  for (const StudyTable& t : result.tables) out.tables.push_back({t.stem, t.table});
  return out;
}

std::vector<PointKey> check_sweep(const SweepSource& source, SweepShard shard, int jobs) {
  const std::size_t size = sweep_size(source.sweep);
  const std::size_t count = size > shard.index ? (size - shard.index - 1) / shard.count + 1 : 0;
  std::vector<PointKey> points(count);
  parallel_map(
      count, jobs,
      [&](std::size_t i) { return prepare_point(source, shard.index + i * shard.count).key; },
      [&](std::size_t i, std::string&& key) {
        points[i] = {shard.index + i * shard.count, std::move(key)};
      });
  return points;
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

store::StoredPoint run_checked_point(const SweepSource& source, const PointKey& p) {
  PreparedPoint prepared = prepare_point(source, p.index);
  if (prepared.key != p.key) {
    throw std::runtime_error("sweep point " + prepared.point.label +
                             " loaded with another resolved config than when it was checked");
  }
  return run_point(prepared);
}

SweepCounts run_sweep(const SweepSource& source, const std::vector<PointKey>& points,
                      store::ResultsStore& store, int jobs, const SweepProgress& progress) {
  SweepCounts counts;
  const std::vector<PointKey> pending = pending_points(points, store, counts);
  if (progress) progress(counts);
  store::PointBatch batch = sweep_batch(store);
  const auto stored = [&](std::size_t written) { count_written(written, counts, progress); };
  try {
    parallel_map(
        pending.size(), jobs, [&](std::size_t i) { return run_checked_point(source, pending[i]); },
        // A point equal to one before it in this sweep is stored once.
        [&](std::size_t, store::StoredPoint&& result) { stored(batch.add(std::move(result))); });
  } catch (...) {
    batch.flush();  // the points done before the error are kept
    throw;
  }
  stored(batch.flush());
  return counts;
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
