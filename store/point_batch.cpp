#include "store/point_batch.hpp"

#include <utility>

namespace lutsim::store {

PointBatch::PointBatch(ResultsStore& store, std::size_t max_points, Clock::duration max_wait)
    : store_(store), max_points_(max_points), max_wait_(max_wait), last_write_(Clock::now()) {}

std::size_t PointBatch::add(StoredPoint point) {
  waiting_.push_back(std::move(point));
  if (waiting_.size() < max_points_ && Clock::now() - last_write_ < max_wait_) return 0;
  return flush();
}

std::size_t PointBatch::flush() {
  // Emptied whatever the write does (a failed write is not retried by the
  // next flush), its buffer kept for the next batch.
  struct Empty {
    std::vector<StoredPoint>& points;
    ~Empty() { points.clear(); }
  } empty{waiting_};
  const std::size_t count = waiting_.size();
  if (count > 0) store_.put_all(waiting_);
  last_write_ = Clock::now();
  return count;
}

}  // namespace lutsim::store
