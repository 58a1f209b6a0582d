#include "sim/systemc/subcore/shared_memory.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "sim/systemc/subcore/sub_core_config.hpp"

namespace lutsim::systemc {
namespace {

// Wavefronts of one phase: the most distinct words any bank serves.
int phase_wavefronts(std::span<const std::int64_t> addresses, int access_bytes) {
  std::array<std::int64_t, kWavefrontBytes> words{};
  std::size_t n = 0;
  for (std::int64_t a : addresses) {
    for (int w = 0; w < access_bytes / kSmemBankBytes; ++w) words[n++] = a / kSmemBankBytes + w;
  }
  std::sort(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(n));
  const auto end = std::unique(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(n));
  std::array<int, kSmemBanks> per_bank{};
  for (auto it = words.begin(); it != end; ++it)
    ++per_bank[static_cast<std::size_t>(*it % kSmemBanks)];
  return *std::max_element(per_bank.begin(), per_bank.end());
}

}  // namespace

int smem_wavefronts(std::span<const std::int64_t> lane_addresses, int access_bytes) {
  const std::size_t lanes_per_phase = static_cast<std::size_t>(kWavefrontBytes / access_bytes);
  int total = 0;
  for (std::size_t first = 0; first < lane_addresses.size(); first += lanes_per_phase) {
    const std::size_t n = std::min(lanes_per_phase, lane_addresses.size() - first);
    total += phase_wavefronts(lane_addresses.subspan(first, n), access_bytes);
  }
  return total;
}

void check_lane_addresses(std::span<const std::int64_t> lane_addresses, int access_bytes,
                          std::int64_t smem_bytes) {
  for (std::size_t lane = 0; lane < lane_addresses.size(); ++lane) {
    const std::int64_t a = lane_addresses[lane];
    if (a % access_bytes != 0 || a < 0 || a + access_bytes > smem_bytes) {
      throw SharedMemoryFault("lane " + std::to_string(lane) + " address " + std::to_string(a) +
                              ": expected a multiple of " + std::to_string(access_bytes) +
                              " in [0, " + std::to_string(smem_bytes - access_bytes) + "]");
    }
  }
}

SharedMemory::SharedMemory(std::int64_t bytes) : bytes_(static_cast<std::size_t>(bytes), 0) {}

std::span<std::uint8_t> SharedMemory::at(std::int64_t address, std::int64_t count) {
  if (address < 0 || count < 0 || address + count > size()) {
    throw SharedMemoryFault("shared-memory bytes [" + std::to_string(address) + ", " +
                            std::to_string(address + count) + ") outside the " +
                            std::to_string(size()) + " bytes of shared memory");
  }
  return {bytes_.data() + address, static_cast<std::size_t>(count)};
}

std::span<const std::uint8_t> SharedMemory::at(std::int64_t address, std::int64_t count) const {
  return const_cast<SharedMemory*>(this)->at(address, count);
}

}  // namespace lutsim::systemc
