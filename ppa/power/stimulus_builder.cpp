#include "ppa/power/stimulus_builder.hpp"

#include <algorithm>
#include <stdexcept>

namespace lutsim::ppa {

PortBits::PortBits(int width) : bits_(static_cast<std::size_t>(width), false) {}

void PortBits::put(int lsb, int width, std::uint64_t value) {
  for (int i = 0; i < width; ++i) {
    bits_.at(static_cast<std::size_t>(lsb + i)) = i < 64 && ((value >> i) & 1u);
  }
}

std::string PortBits::hex() const {
  const std::size_t digits = (bits_.size() + 3) / 4;
  std::string s(digits, '0');
  for (std::size_t d = 0; d < digits; ++d) {
    unsigned v = 0;
    for (std::size_t b = 0; b < 4; ++b) {
      const std::size_t i = 4 * d + b;
      if (i < bits_.size() && bits_[i]) v |= 1u << b;
    }
    s[digits - 1 - d] = "0123456789abcdef"[v];
  }
  return s;
}

StimulusBuilder::StimulusBuilder(int cycles, int warmup_cycles,
                                 const std::vector<std::pair<std::string, int>>& ports) {
  stimulus_.cycles = cycles;
  stimulus_.warmup_cycles = warmup_cycles;
  for (const auto& [name, width] : ports) {
    stimulus_.inputs.push_back(
        {name, width, std::vector<std::string>(static_cast<std::size_t>(cycles))});
  }
}

PortWaveform& StimulusBuilder::port(const std::string& name) {
  for (PortWaveform& w : stimulus_.inputs) {
    if (w.port == name) return w;
  }
  throw std::logic_error("stimulus: no input port " + name);
}

const PortWaveform& StimulusBuilder::port(const std::string& name) const {
  for (const PortWaveform& w : stimulus_.inputs) {
    if (w.port == name) return w;
  }
  throw std::logic_error("stimulus: no input port " + name);
}

void StimulusBuilder::set(int cycle, const std::string& name, const PortBits& bits) {
  port(name).hex_per_cycle.at(static_cast<std::size_t>(cycle)) = bits.hex();
}

void StimulusBuilder::set(int cycle, const std::string& name, std::uint64_t value) {
  PortBits b(width(name));
  b.put(0, std::min(64, width(name)), value);
  set(cycle, name, b);
}

int StimulusBuilder::width(const std::string& name) const {
  return port(name).width;
}

Stimulus StimulusBuilder::take() {
  for (PortWaveform& w : stimulus_.inputs) {
    for (std::string& h : w.hex_per_cycle) {
      if (h.empty()) h = PortBits(w.width).hex();
    }
  }
  return std::move(stimulus_);
}

}  // namespace lutsim::ppa
