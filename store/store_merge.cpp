#include "store/store_merge.hpp"

namespace lutsim::store {

MergeCounts merge_store(ResultsStore& into, ResultsStore& from) {
  if (from.axes() != into.axes()) {
    throw StoreError(from.file(), "holds a sweep over other axes than " + into.file().string());
  }
  MergeCounts counts;
  for (const std::string& key : from.keys()) {
    const StoredPoint point = *from.get(key);
    counts.git_revisions.insert(point.git_revision);
    if (into.put(point)) {
      ++counts.added;
      continue;
    }
    if (!same_results(*into.get(key), point)) {
      throw StoreError(from.file(), "point " + point.label + " (key " + key +
                                        ") has other results than the same point in " +
                                        into.file().string());
    }
    ++counts.present;
  }
  into.record_merge(from.file(), {counts.git_revisions.begin(), counts.git_revisions.end()},
                    counts.added);
  return counts;
}

}  // namespace lutsim::store
