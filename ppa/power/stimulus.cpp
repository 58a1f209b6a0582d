#include "ppa/power/stimulus.hpp"

#include <cctype>
#include <cmath>
#include <map>
#include <stdexcept>

namespace lutsim::ppa {

void check_stimulus(const Stimulus& s, const std::vector<NetlistPort>& port_list,
                    const std::string& top) {
  std::map<std::string, const NetlistPort*> ports;
  for (const NetlistPort& p : port_list) ports[p.name] = &p;
  auto fail = [](const std::string& what) { throw std::invalid_argument("stimulus: " + what); };
  if (s.cycles <= 0) fail("cycles must be positive");
  if (s.warmup_cycles < 0 || s.warmup_cycles >= s.cycles) {
    fail("warmup_cycles must be in [0, cycles)");
  }
  if (!s.clock_port.empty() && !ports.count(s.clock_port)) {
    fail("the design has no clock port '" + s.clock_port + "'");
  }
  for (const PortWaveform& w : s.inputs) {
    const auto it = ports.find(w.port);
    if (it == ports.end() || it->second->direction != PortDirection::kInput) {
      fail("'" + w.port + "' is not an input port of " + top);
    }
    if (w.width != it->second->width()) {
      fail("port " + w.port + " is " + std::to_string(it->second->width()) + " bits wide, not " +
           std::to_string(w.width));
    }
    if (static_cast<int>(w.hex_per_cycle.size()) != s.cycles) {
      fail("port " + w.port + " has " + std::to_string(w.hex_per_cycle.size()) +
           " values; expected one per cycle (" + std::to_string(s.cycles) + ")");
    }
    const std::size_t digits = static_cast<std::size_t>((w.width + 3) / 4);
    for (const std::string& hex : w.hex_per_cycle) {
      bool ok = !hex.empty() && hex.size() <= digits;
      for (char c : hex) ok = ok && std::isxdigit(static_cast<unsigned char>(c));
      if (!ok)
        fail("port " + w.port + ": '" + hex + "' is not a hex value of " + std::to_string(w.width) +
             " bits");
    }
  }
}

long long clock_period_ps(double clock_period_s) {
  const long long period_ps = std::llround(clock_period_s / 1e-12);
  if (period_ps < 20) throw std::invalid_argument("clock period must be at least 20 ps");
  return period_ps;
}

}  // namespace lutsim::ppa
