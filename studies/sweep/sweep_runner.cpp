#include "studies/sweep/sweep_runner.hpp"

#include "core/config/config_error.hpp"
#include "core/io/git_revision.hpp"
#include "core/parallel/parallel_map.hpp"
#include "store/point_key.hpp"

namespace lutsim {

PreparedPoint prepare_point(const SweepSpec& sweep, std::size_t index, const SweepPoint& point,
                            const std::filesystem::path& configs, config::ConfigFiles& files) {
  try {
    LoadedStudy study = load_study(files.load(sweep.base), point.assignments, configs, files);
    std::string key = store::point_key(study.resolved, git_revision());
    return {index, point, std::move(study), std::move(key)};
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

std::vector<PreparedPoint> prepare_sweep(const SweepSpec& sweep,
                                         const std::filesystem::path& configs_dir,
                                         SweepShard shard) {
  const std::vector<SweepPoint> all = expand_sweep(sweep);
  config::ConfigFiles files;
  std::vector<PreparedPoint> points;
  for (std::size_t i = shard.index; i < all.size(); i += shard.count) {
    points.push_back(prepare_point(sweep, i, all[i], configs_dir, files));
  }
  return points;
}

SweepCounts run_sweep(const std::vector<PreparedPoint>& points, store::ResultsStore& store,
                      int jobs, const SweepProgress& progress) {
  SweepCounts counts{points.size(), 0, 0};
  std::vector<const PreparedPoint*> pending;
  for (const PreparedPoint& p : points) {
    if (store.contains(p.key)) {
      ++counts.cached;
    } else {
      pending.push_back(&p);
    }
  }
  counts.done = counts.cached;
  if (progress) progress(counts);
  parallel_map(
      pending.size(), jobs, [&](std::size_t i) { return run_point(*pending[i]); },
      [&](std::size_t, store::StoredPoint&& result) {
        // A point equal to one before it in this sweep is stored once.
        store.put(result);
        ++counts.done;
        if (progress) progress(counts);
      });
  return counts;
}

std::vector<store::StoredPoint> stored_points(const std::vector<PreparedPoint>& points,
                                              store::ResultsStore& store) {
  std::vector<store::StoredPoint> out;
  for (const PreparedPoint& p : points) {
    auto stored = store.get(p.key);
    if (!stored) {
      throw store::StoreError(store.file(), "point " + p.point.label + " (key " + p.key +
                                                ") is missing after the run");
    }
    stored->label = p.point.label;
    stored->axis_values = p.point.values;
    out.push_back(std::move(*stored));
  }
  return out;
}

std::vector<store::StoredAxis> stored_axes(const SweepSpec& sweep) {
  std::vector<store::StoredAxis> out;
  for (const SweepAxis& a : sweep.axes) out.push_back({a.column, a.key});
  return out;
}

}  // namespace lutsim
