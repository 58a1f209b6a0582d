#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace lutsim::rtl_bench {

// Bit-field access to Verilator port members: CData/SData/IData/QData
// (integral, up to 64 bits) and VlWide<N> (arrays of 32-bit words) alike.
// Fields are at most 64 bits wide; lsb counts from bit 0 of the port.

template <class Port>
std::uint64_t get_bits(const Port& port, int lsb, int width) {
  const std::uint64_t mask = width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  if constexpr (std::is_integral_v<Port>) {
    return (static_cast<std::uint64_t>(port) >> lsb) & mask;
  } else {
    const auto* words = port.data();
    std::uint64_t value = 0;
    for (int done = 0; done < width;) {
      const int bit = lsb + done;
      const int offset = bit % 32;
      const int take = std::min(32 - offset, width - done);
      const std::uint64_t chunk = static_cast<std::uint64_t>(words[bit / 32]) >> offset;
      value |= (chunk & ((std::uint64_t{1} << take) - 1)) << done;
      done += take;
    }
    return value & mask;
  }
}

template <class Port>
void set_bits(Port& port, int lsb, int width, std::uint64_t value) {
  const std::uint64_t mask = width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  if constexpr (std::is_integral_v<Port>) {
    const std::uint64_t cleared = static_cast<std::uint64_t>(port) & ~(mask << lsb);
    port = static_cast<Port>(cleared | ((value & mask) << lsb));
  } else {
    auto* words = port.data();
    for (int done = 0; done < width;) {
      const int bit = lsb + done;
      const int offset = bit % 32;
      const int take = std::min(32 - offset, width - done);
      const std::uint32_t field =
          static_cast<std::uint32_t>(((std::uint64_t{1} << take) - 1) << offset);
      const std::uint32_t bits = static_cast<std::uint32_t>((value >> done) << offset);
      words[bit / 32] = (words[bit / 32] & ~field) | (bits & field);
      done += take;
    }
  }
}

}  // namespace lutsim::rtl_bench
