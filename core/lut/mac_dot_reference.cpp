#include "core/lut/mac_dot_reference.hpp"

#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace lutsim {
namespace {

void check_sizes(std::size_t a, std::size_t b, const char* who) {
  if (a != b) throw std::invalid_argument(std::string(who) + ": operand vectors differ in size");
  if (a == 0) throw std::invalid_argument(std::string(who) + ": empty operand vectors");
}

}  // namespace

Fp16 mac_dot_fp16(std::span<const Fp16> a, std::span<const Fp16> b) {
  check_sizes(a.size(), b.size(), "mac_dot_fp16");
  std::vector<Fp16> level;
  level.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) level.push_back(fp16_mul(a[i], b[i]));
  while (level.size() > 1) {
    std::vector<Fp16> next;
    next.reserve((level.size() + 1) / 2);
    for (std::size_t j = 0; j + 1 < level.size(); j += 2) {
      next.push_back(fp16_add(level[j], level[j + 1]));
    }
    if (level.size() % 2 != 0) next.push_back(level.back());  // odd node passes through
    level = std::move(next);
  }
  return level.front();
}

Fp16 mac_dot_fp16_step(Fp16 acc, std::span<const Fp16> a, std::span<const Fp16> b) {
  return fp16_add(acc, mac_dot_fp16(a, b));
}

std::int32_t mac_dot_int8(std::span<const std::int8_t> a, std::span<const std::int8_t> b) {
  check_sizes(a.size(), b.size(), "mac_dot_int8");
  if (a.size() >= (std::size_t{1} << 17)) {
    throw std::invalid_argument("mac_dot_int8: more than 2^17 - 1 products");
  }
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += std::int64_t{a[i]} * b[i];
  return static_cast<std::int32_t>(sum);
}

std::int32_t mac_dot_int8_step(std::int32_t acc, std::span<const std::int8_t> a,
                               std::span<const std::int8_t> b) {
  const std::uint32_t sum =
      static_cast<std::uint32_t>(acc) + static_cast<std::uint32_t>(mac_dot_int8(a, b));
  return static_cast<std::int32_t>(sum);  // modulo 2^32 (C++20: two's complement)
}

bool mac_dot_int8_overflows(std::int32_t acc, std::span<const std::int8_t> a,
                            std::span<const std::int8_t> b) {
  const std::int64_t sum = std::int64_t{acc} + mac_dot_int8(a, b);
  return sum > std::numeric_limits<std::int32_t>::max() ||
         sum < std::numeric_limits<std::int32_t>::min();
}

}  // namespace lutsim
