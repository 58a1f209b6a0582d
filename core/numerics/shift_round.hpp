#pragma once

#include <cstdint>

namespace lutsim::detail {

// Shifts `value` right by `shift` bits, rounding to nearest, ties to even: the
// rounding step every narrowing conversion in core/numerics shares. Exact for
// any shift; shift >= 64 gives 0, which is the correct rounding because
// callers pass significands below 2^53 (less than half of 2^shift).
constexpr std::uint64_t shift_right_rne(std::uint64_t value, int shift) {
  if (shift <= 0) return value;
  if (shift >= 64) return 0;
  const std::uint64_t kept = value >> shift;
  const std::uint64_t rest = value & ((std::uint64_t{1} << shift) - 1);
  const std::uint64_t half = std::uint64_t{1} << (shift - 1);
  const bool round_up = rest > half || (rest == half && (kept & 1u) != 0);
  return kept + (round_up ? 1u : 0u);
}

}  // namespace lutsim::detail
