#pragma once
// Building a Stimulus (stimulus.hpp) cycle by cycle: port values assembled bit
// by bit, written as hex of the port's full width, unset cycles holding zeros.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ppa/power/stimulus.hpp"

namespace lutsim::ppa {

// A port value built LSB first.
class PortBits {
 public:
  explicit PortBits(int width);
  // Bits [lsb, lsb + width) from `value`'s low bits (width <= 64); throws
  // std::out_of_range past the port's width.
  void put(int lsb, int width, std::uint64_t value);
  int width() const { return static_cast<int>(bits_.size()); }
  std::string hex() const;  // the port's full width, most significant digit first

 private:
  std::vector<bool> bits_;
};

// The per-cycle waveforms of a design's input ports.
class StimulusBuilder {
 public:
  // `ports`: name and width of each input driven (the clock is not one of them).
  StimulusBuilder(int cycles, int warmup_cycles,
                  const std::vector<std::pair<std::string, int>>& ports);
  // A design without a clock: inputs change once per period.
  void combinational() { stimulus_.clock_port.clear(); }
  // Sets port `name` in `cycle`; throws std::logic_error for an unknown port.
  void set(int cycle, const std::string& name, const PortBits& bits);
  void set(int cycle, const std::string& name, std::uint64_t value);
  int width(const std::string& name) const;
  // The stimulus, every cycle left unset holding zeros.
  Stimulus take();

 private:
  PortWaveform& port(const std::string& name);
  const PortWaveform& port(const std::string& name) const;
  Stimulus stimulus_;
};

}  // namespace lutsim::ppa
