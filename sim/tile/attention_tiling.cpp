#include "sim/tile/attention_tiling.hpp"

#include <array>

namespace lutsim {
namespace {

constexpr std::array<AttentionTiling, 6> kAttentionTiles{{
    {128, 128, 1},
    {128, 64, 1},
    {64, 128, 1},
    {64, 64, 1},
    {16, 128, 1},
    {16, 64, 1},
}};

constexpr std::array<int, 8> kSplits{1, 2, 4, 8, 16, 32, 64, 128};

}  // namespace

std::string to_string(const AttentionTiling& t) {
  std::string s = std::to_string(t.block_q) + "x" + std::to_string(t.block_kv);
  if (t.kv_splits > 1) s += " split-kv " + std::to_string(t.kv_splits);
  return s;
}

std::span<const AttentionTiling> candidate_attention_tiles() {
  return kAttentionTiles;
}

std::span<const int> candidate_kv_splits() {
  return kSplits;
}

}  // namespace lutsim
