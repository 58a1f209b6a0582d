#include "sim/tile/tiling.hpp"

#include <array>

namespace lutsim {
namespace {

constexpr std::array<ThreadblockTile, 14> kTiles{{
    {256, 128, 32, 3},
    {128, 256, 32, 3},
    {128, 128, 32, 4},
    {256, 64, 32, 4},
    {64, 256, 32, 4},
    {128, 64, 32, 4},
    {64, 128, 32, 4},
    {64, 64, 64, 4},
    {32, 64, 64, 4},
    {64, 32, 64, 4},
    {32, 32, 64, 4},
    {16, 64, 64, 4},
    {16, 128, 64, 4},
    {16, 256, 64, 3},
}};
constexpr std::array<ThreadblockTile, 7> kElongatedTiles{{
    {16, 512, 32, 3},
    {32, 512, 32, 3},
    {64, 512, 32, 3},
    {128, 512, 32, 3},
    {16, 1024, 32, 3},
    {32, 1024, 32, 3},
    {64, 1024, 32, 3},
}};
constexpr std::array<int, 13> kSplitK{1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32};
constexpr std::array<WarpTile, 12> kLutWarpTiles{{
    {16, 64}, {16, 128}, {16, 256}, {16, 512},
    {32, 64}, {32, 128}, {32, 256}, {32, 512},
    {64, 64}, {64, 128}, {64, 256}, {64, 512},
}};
constexpr std::array<int, 5> kTableSweeps{2, 4, 8, 16, 32};

}  // namespace

std::span<const ThreadblockTile> candidate_tiles() {
  return kTiles;
}
std::span<const ThreadblockTile> candidate_elongated_tiles() {
  return kElongatedTiles;
}
std::span<const int> candidate_split_k() {
  return kSplitK;
}
std::span<const WarpTile> candidate_lut_warp_tiles() {
  return kLutWarpTiles;
}
std::span<const int> candidate_table_sweeps() {
  return kTableSweeps;
}

const char* to_string(TablePlacement p) {
  return p == TablePlacement::kSharedMemory ? "shared_memory" : "registers";
}

const char* to_string(Multicast m) {
  switch (m) {
    case Multicast::kNone:
      return "none";
    case Multicast::kA:
      return "A";
    case Multicast::kB:
      return "B";
  }
  return "?";
}

const char* to_string(TileSchedule s) {
  switch (s) {
    case TileSchedule::kDataParallel:
      return "data_parallel";
    case TileSchedule::kStreamK:
      return "stream_k";
  }
  return "?";
}

}  // namespace lutsim
