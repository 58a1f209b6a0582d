#pragma once
// What every `lutsim ppa <study.yaml>` study reads besides its own axes, and
// the readers the studies share for their axes.

#include <cstdint>
#include <string>
#include <vector>

#include "core/config/config_reader.hpp"
#include "core/lut/lut_config.hpp"
#include "ppa/design/design_point.hpp"

namespace lutsim::ppa {

struct PpaRunSpec {
  std::string study;     // the `study:` name, e.g. ppa_dot_units
  std::string name;      // results/<name>/
  std::string library;   // cell library (ppa/flow/cell_library.hpp)
  std::string method;    // "synthesis" (full flow) or "analytic" (component model)
  double clock_mhz = 0;  // clock of the power simulation and throughput
  int power_cycles = 0;  // gate-level cycles simulated per design
  std::string activity_simulator;  // ppa/power/activity_simulators.hpp
  std::uint64_t seed = 1;
  int jobs = 0;  // designs evaluated in parallel (0: one per core)
};

// Reads name, library, method, clock_mhz, power_cycles, activity_simulator, seed and jobs.
PpaRunSpec read_ppa_run_spec(config::ConfigReader& root, std::string study);

// Activation formats at "activations" (default `def`), at least one.
std::vector<DataType> read_activations(config::ConfigReader& r, std::vector<std::string> def);
// Integers in [lo, hi] at `key` (default `def`), at least one.
std::vector<int> read_ints(config::ConfigReader& r, const std::string& key, std::string what,
                           std::vector<std::int64_t> def, int lo, int hi);
// An array shape [M, N, K] at `key` as a design of `kind`.
DesignPoint read_shape(config::ConfigReader& r, const std::string& key,
                       std::vector<std::int64_t> def, DesignKind kind);
// Pipeline depths at `key` (default 0): one value or a list of them (an axis), each
// 0..kMaxPipelineStages or `smallest_meeting_clock` (kSmallestMeetingClock). Depths other
// than 0 need method synthesis (the component model prices no pipeline registers).
std::vector<int> read_pipeline_stages(config::ConfigReader& r, const std::string& key,
                                      const PpaRunSpec& run);
// `design` at each depth; ConfigError at `key`, naming the design, for a design whose RTL
// has no pipeline parameter.
std::vector<DesignPoint> at_depths(config::ConfigReader& r, const std::string& key,
                                   const DesignPoint& design, const std::vector<int>& depths);

// ConfigError at `key` when the design is not valid.
void check_design(config::ConfigReader& r, const std::string& key, const DesignPoint& d);

extern const std::vector<std::string> kActivationNames;

}  // namespace lutsim::ppa
