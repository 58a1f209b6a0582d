#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace lutsim {

// Calls work(i) for every i in [0, count) on `threads` threads, and
// consume(i, result) on the calling thread for each result as it arrives (in
// completion order, so whatever consume touches is used by one thread only).
// At most 2 x threads results wait to be consumed, so memory stays bounded.
// The first exception, from work or consume, stops handing out work; once
// every thread has ended, the exception of the lowest index that failed is
// rethrown. Work is handed out in index order and what was started runs to
// its end, so that is the failure a run on one thread reports, whatever the
// threads' timing. threads <= 1 runs everything on the calling thread, in
// index order.
template <class Work, class Consume>
void parallel_map(std::size_t count, int threads, Work work, Consume consume) {
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) consume(i, work(i));
    return;
  }
  using Result = decltype(work(std::size_t{}));
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::pair<std::size_t, Result>> ready;
  std::size_t next = 0;
  int running = threads;
  bool stop = false;
  std::exception_ptr error;
  std::size_t error_index = count;  // of `error`
  // Under the lock: keeps the failure of the lowest index, and stops.
  const auto failed = [&](std::size_t i) {
    if (!error || i < error_index) {
      error = std::current_exception();
      error_index = i;
    }
    stop = true;
  };
  const std::size_t max_ready = 2 * static_cast<std::size_t>(threads);

  auto worker = [&] {
    for (;;) {
      std::size_t i = 0;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return stop || ready.size() < max_ready; });
        if (stop || next == count) break;
        i = next++;
      }
      try {
        Result r = work(i);
        std::lock_guard lock(mutex);
        ready.emplace_back(i, std::move(r));
      } catch (...) {
        std::lock_guard lock(mutex);
        failed(i);
      }
      changed.notify_all();
    }
    std::lock_guard lock(mutex);
    --running;
    changed.notify_all();
  };

  {
    std::vector<std::jthread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (;;) {
      std::unique_lock lock(mutex);
      changed.wait(lock, [&] { return !ready.empty() || running == 0; });
      if (ready.empty() || (stop && error)) break;
      auto [i, r] = std::move(ready.front());
      ready.pop_front();
      lock.unlock();
      changed.notify_all();
      try {
        consume(i, std::move(r));
      } catch (...) {
        std::lock_guard relock(mutex);
        failed(i);
        changed.notify_all();
        break;
      }
    }
    {
      std::lock_guard lock(mutex);
      stop = true;
    }
    changed.notify_all();
  }  // the pool joins here
  if (error) std::rethrow_exception(error);
}

}  // namespace lutsim
