#pragma once
// A sub-core's shared memory: bytes, and the bank-conflict rule of a warp's
// access (32 banks of 4 bytes, one 128-byte wavefront per cycle).

#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

namespace lutsim::systemc {

// A warp access the shared memory cannot serve: misaligned or out of range.
class SharedMemoryFault : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Wavefronts (cycles) a warp access takes. The active lanes are split into
// phases of 128 / access_bytes lanes (32 for 4 bytes, 16 for 8, 8 for 16:
// one 128-byte wavefront each when conflict-free); a phase takes as many
// wavefronts as the most distinct 4-byte words it touches in one bank (lanes
// reading the same word share it: broadcast). access_bytes: 4, 8 or 16.
int smem_wavefronts(std::span<const std::int64_t> lane_addresses, int access_bytes);

// Throws SharedMemoryFault naming the first lane whose address is not
// aligned to access_bytes or whose bytes leave [0, smem_bytes).
void check_lane_addresses(std::span<const std::int64_t> lane_addresses, int access_bytes,
                          std::int64_t smem_bytes);

class SharedMemory {
 public:
  explicit SharedMemory(std::int64_t bytes);

  std::int64_t size() const { return static_cast<std::int64_t>(bytes_.size()); }

  // `count` bytes at `address`; throws SharedMemoryFault when they leave the memory.
  std::span<std::uint8_t> at(std::int64_t address, std::int64_t count);
  std::span<const std::uint8_t> at(std::int64_t address, std::int64_t count) const;

 private:
  std::vector<std::uint8_t> bytes_;
};

}  // namespace lutsim::systemc
