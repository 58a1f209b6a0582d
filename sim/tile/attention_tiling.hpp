#pragma once

#include <span>
#include <string>

namespace lutsim {

// How a FlashAttention-style kernel cuts one call into CTAs: each CTA owns
// block_q query rows of one (sequence, KV head) -- the query heads sharing the
// KV head packed row after row, position-major -- and streams block_kv keys
// and values at a time through shared memory; kv_splits > 1 splits every
// row's keys across that many CTAs (flash-decoding), whose partial outputs a
// second kernel combines.
struct AttentionTiling {
  int block_q = 128;
  int block_kv = 128;
  int kv_splits = 1;
};

// "128x128", or "128x128 split-kv 8".
std::string to_string(const AttentionTiling& t);

// The Q x KV tiles FlashAttention-2/3 and cuDNN instantiate for head dims up to
// 256 (down to 16 query rows, one MMA's M, for decode); which fit is decided by
// shared memory and registers.
std::span<const AttentionTiling> candidate_attention_tiles();
// KV splits the search considers (1: no split).
std::span<const int> candidate_kv_splits();

}  // namespace lutsim
