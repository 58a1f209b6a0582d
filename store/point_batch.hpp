#pragma once

#include <chrono>
#include <cstddef>
#include <vector>

#include "store/results_store.hpp"

namespace lutsim::store {

// Results on their way into a store, written in one transaction
// (ResultsStore::put_all) once `max_points` wait or `max_wait` has passed
// since the last write: a store write per point costs more than a fast
// point. A process killed before a write loses the points still waiting
// (a resumed sweep runs them again), never a part of one; slow points, each
// arriving after max_wait, are written one by one as they arrive.
class PointBatch {
 public:
  using Clock = std::chrono::steady_clock;

  PointBatch(ResultsStore& store, std::size_t max_points, Clock::duration max_wait);

  // Keeps the point; writes the batch when it is due. Returns the points
  // written now (0 while they wait).
  std::size_t add(StoredPoint point);
  // Writes the points waiting; returns how many there were.
  std::size_t flush();

 private:
  ResultsStore& store_;
  std::size_t max_points_;
  Clock::duration max_wait_;
  Clock::time_point last_write_;
  std::vector<StoredPoint> waiting_;
};

}  // namespace lutsim::store
