#pragma once
// Products of counts (elements, MACs, lookups) that the simulators multiply in
// 64-bit integers, checked at the input so that no figure downstream can
// overflow into a negative, infinite or wrapped-around value.

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>

namespace lutsim {

// The largest count one operator may have: 2^56 (about 7.2e16) MACs or
// elements. Any partial product of an operator's dimensions is at most its
// count, so times the few bytes per element and the tile padding the models
// apply it stays far below 2^63. A GEMM of Llama-2-70B over a million tokens
// has about 2^48 MACs.
inline constexpr std::int64_t kMaxOpCount = std::int64_t{1} << 56;

class CountLimitError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The product of `factors` (each >= 0). Throws CountLimitError naming `what`
// and the limit when the product exceeds kMaxOpCount, or a factor is negative.
std::int64_t checked_count(std::initializer_list<std::int64_t> factors, const std::string& what);

}  // namespace lutsim
