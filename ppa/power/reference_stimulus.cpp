#include "ppa/power/reference_stimulus.hpp"

#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace lutsim::ppa {
namespace {

std::string hex(std::uint32_t value, int width) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%0*x", (width + 3) / 4,
                width >= 32 ? value : value & ((1U << width) - 1));
  return buf;
}

// Appends a waveform of `width` bits whose value in cycle k is value(k).
template <typename Value>
void add_input(Stimulus& s, const std::string& port, int width, Value value) {
  PortWaveform w{port, width, {}};
  w.hex_per_cycle.reserve(s.cycles);
  for (int k = 0; k < s.cycles; ++k) w.hex_per_cycle.push_back(hex(value(k), width));
  s.inputs.push_back(std::move(w));
}

Stimulus base(int cycles, int warmup) {
  Stimulus s;
  s.clock_port = "clk";
  s.cycles = cycles;
  s.warmup_cycles = warmup;
  add_input(s, "rst", 1, [warmup](int k) { return k < warmup ? 1U : 0U; });
  return s;
}

}  // namespace

Stimulus ref_int8_mac_stimulus(int cycles, int warmup, std::uint32_t seed) {
  Stimulus s = base(cycles, warmup);
  std::mt19937 rng(seed);
  add_input(s, "en", 1, [&](int) { return rng() % 8 != 0 ? 1U : 0U; });
  add_input(s, "clr", 1, [&](int) { return rng() % 64 == 0 ? 1U : 0U; });
  add_input(s, "a", 8, [&](int) { return static_cast<std::uint32_t>(rng()); });
  add_input(s, "b", 8, [&](int) { return static_cast<std::uint32_t>(rng()); });
  return s;
}

Stimulus ref_reg_table_stimulus(int cycles, int warmup, std::uint32_t seed) {
  Stimulus s = base(cycles, warmup);
  std::mt19937 rng(seed);
  // Drawn per cycle in this order: write?, write address, write data, read address; the
  // write port keeps its last address and data in cycles without a write.
  std::vector<std::uint32_t> we(cycles), waddr(cycles), wdata(cycles), raddr(cycles);
  std::uint32_t held_addr = 0, held_data = 0;
  for (int k = 0; k < cycles; ++k) {
    we[k] = rng() % 4 == 0 ? 1U : 0U;
    const std::uint32_t addr = rng(), data = rng();
    if (we[k]) held_addr = addr, held_data = data;
    waddr[k] = held_addr;
    wdata[k] = held_data;
    raddr[k] = rng();
  }
  add_input(s, "we", 1, [&](int k) { return we[k]; });
  add_input(s, "waddr", 4, [&](int k) { return waddr[k]; });
  add_input(s, "wdata", 16, [&](int k) { return wdata[k]; });
  add_input(s, "raddr", 4, [&](int k) { return raddr[k]; });
  return s;
}

}  // namespace lutsim::ppa
