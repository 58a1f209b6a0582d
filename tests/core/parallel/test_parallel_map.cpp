#include "core/parallel/parallel_map.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <stdexcept>
#include <thread>
#include <vector>

namespace lutsim {
namespace {

// Squares of 0..count-1 collected by index, and how often each index came.
std::vector<long> squares(std::size_t count, int threads, std::vector<int>& seen) {
  std::vector<long> out(count, -1);
  seen.assign(count, 0);
  const auto consumer = std::this_thread::get_id();
  parallel_map(
      count, threads, [](std::size_t i) { return static_cast<long>(i * i); },
      [&](std::size_t i, long v) {
        CHECK(std::this_thread::get_id() == consumer);
        out[i] = v;
        ++seen[i];
      });
  return out;
}

}  // namespace

TEST_CASE("parallel_map gives every result once to the calling thread", "[parallel]") {
  for (const int threads : {1, 2, 4, 7}) {
    std::vector<int> seen;
    const auto out = squares(1000, threads, seen);
    for (std::size_t i = 0; i < out.size(); ++i) {
      INFO("threads " << threads << ", index " << i);
      CHECK(out[i] == static_cast<long>(i * i));
      CHECK(seen[i] == 1);
    }
  }
  std::vector<int> seen;
  CHECK(squares(0, 4, seen).empty());
}

TEST_CASE("parallel_map rethrows the first failure of work or consume", "[parallel]") {
  for (const int threads : {1, 3}) {
    INFO("threads " << threads);
    CHECK_THROWS_WITH(parallel_map(
                          100, threads,
                          [](std::size_t i) {
                            if (i == 37) throw std::runtime_error("point 37 failed");
                            return i;
                          },
                          [](std::size_t, std::size_t) {}),
                      "point 37 failed");
    std::size_t consumed = 0;
    CHECK_THROWS_WITH(parallel_map(
                          100, threads, [](std::size_t i) { return i; },
                          [&](std::size_t, std::size_t) {
                            if (++consumed == 5) throw std::runtime_error("store full");
                          }),
                      "store full");
    CHECK(consumed == 5);
  }
}

TEST_CASE("parallel_map reports the lowest failing index whatever the threads' timing",
          "[parallel]") {
  // Index 37 fails late, every index after it at once: with several threads
  // the later ones fail first, yet 37 is what a run on one thread reports.
  const auto work = [](std::size_t i) {
    if (i == 37) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      throw std::runtime_error("point 37 failed");
    }
    if (i > 37) throw std::runtime_error("point " + std::to_string(i) + " failed");
    return i;
  };
  for (const int threads : {1, 2, 4, 8}) {
    INFO("threads " << threads);
    CHECK_THROWS_WITH(parallel_map(100, threads, work, [](std::size_t, std::size_t) {}),
                      "point 37 failed");
  }
}

}  // namespace lutsim
