#include "ppa/studies/ppa_study_spec.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/config/output_name.hpp"
#include "ppa/power/activity_simulators.hpp"

namespace lutsim::ppa {

const std::vector<std::string> kActivationNames = name_list(kDesignActivationTypes);

std::vector<DataType> read_activations(config::ConfigReader& r, std::vector<std::string> def) {
  std::vector<DataType> out;
  for (const std::string& a :
       r.get<std::vector<std::string>>("activations", {.description = "activation formats",
                                                      .default_value = def,
                                                      .allowed = kActivationNames})) {
    out.push_back(parse_data_type(a));
  }
  if (out.empty()) throw r.error("activations", "needs at least one activation format");
  return out;
}

std::vector<int> read_ints(config::ConfigReader& r, const std::string& key, std::string what,
                           std::vector<std::int64_t> def, int lo, int hi) {
  std::vector<int> out;
  for (std::int64_t v : r.get<std::vector<std::int64_t>>(
           key, {.description = std::move(what), .default_value = def, .min = lo, .max = hi})) {
    out.push_back(static_cast<int>(v));
  }
  if (out.empty()) throw r.error(key, "needs at least one value");
  return out;
}

// [M, N, K] of an array.
DesignPoint read_shape(config::ConfigReader& r, const std::string& key,
                       std::vector<std::int64_t> def, DesignKind kind) {
  const auto mnk = r.get<std::vector<std::int64_t>>(key, {.description = "array shape [M, N, K]",
                                                          .default_value = def,
                                                          .min = 1,
                                                          .max = 1024,
                                                          .tuple = true});
  if (mnk.size() != 3) throw r.error(key, "expected [M, N, K], three integers");
  DesignPoint d;
  d.kind = kind;
  d.geometry.m = static_cast<int>(mnk[0]);
  d.geometry.n = static_cast<int>(mnk[1]);
  d.geometry.k = static_cast<int>(mnk[2]);
  return d;
}

namespace {

constexpr const char* kSmallestMeetingClockName = "smallest_meeting_clock";

// The value(s) at `key` as text: one scalar, or a list of them.
std::vector<std::string> one_or_list(config::ConfigReader& r, const std::string& key,
                                     const std::string& description) {
  try {
    // Any scalar reads as a string; a list (or a mapping) does not.
    return {r.get<std::string>(key, {.description = description, .default_value = "0"})};
  } catch (const config::ConfigError&) {
    return r.get<std::vector<std::string>>(key, {.description = description});
  }
}

int parse_depth(config::ConfigReader& r, const std::string& key, const std::string& text) {
  if (text == kSmallestMeetingClockName) return kSmallestMeetingClock;
  for (int depth = 0; depth <= kMaxPipelineStages; ++depth) {
    if (text == std::to_string(depth)) return depth;
  }
  throw r.error(key, "'" + text + "': expected a pipeline depth 0.." +
                         std::to_string(kMaxPipelineStages) + " or " + kSmallestMeetingClockName);
}

}  // namespace

std::vector<int> read_pipeline_stages(config::ConfigReader& r, const std::string& key,
                                      const PpaRunSpec& run) {
  std::vector<int> depths;
  for (const std::string& text : one_or_list(
           r, key,
           "pipeline registers of the designs with PIPE_STAGES (lut_array, mac_dot_unit, "
           "add_bitserial_unit, lut_table_precompute; docs/rtl.md): 0.." +
               std::to_string(kMaxPipelineStages) + " or " + kSmallestMeetingClockName +
               " (the smallest depth that meets clock_mhz), or a list of them")) {
    depths.push_back(parse_depth(r, key, text));
  }
  const bool pipelined = std::any_of(depths.begin(), depths.end(), [](int d) { return d != 0; });
  if (pipelined && run.method != "synthesis") {
    throw r.error(key, "method " + run.method +
                           " prices no pipeline registers (pipelined designs need method: "
                           "synthesis)");
  }
  return depths;
}

std::vector<DesignPoint> at_depths(config::ConfigReader& r, const std::string& key,
                                   const DesignPoint& design, const std::vector<int>& depths) {
  std::vector<DesignPoint> out;
  for (const int depth : depths) {
    DesignPoint d = design;
    d.pipeline_stages = depth;
    check_design(r, key, d);
    out.push_back(d);
  }
  return out;
}

void check_design(config::ConfigReader& r, const std::string& key, const DesignPoint& d) {
  try {
    d.validate();
  } catch (const std::invalid_argument& e) {
    throw r.error(key, e.what());
  }
}

PpaRunSpec read_ppa_run_spec(config::ConfigReader& root, std::string study) {
  PpaRunSpec s;
  s.study = std::move(study);
  s.name = config::get_output_name(
      root, "name",
      {.description = "output folder name under the output directory", .default_value = s.study});
  s.library = root.get<std::string>("library", {.description = "standard-cell library",
                                                .default_value = "nangate45",
                                                .allowed = {"nangate45", "asap7"}});
  s.method = root.get<std::string>(
      "method", {.description = "synthesis: yosys + OpenSTA + gate-level power; analytic: the "
                                "calibrated component model",
                 .default_value = "synthesis",
                 .allowed = {"synthesis", "analytic"}});
  s.clock_mhz = root.get<double>("clock_mhz", {.description = "clock for power and throughput",
                                               .unit = "MHz",
                                               .default_value = 500.0,
                                               .min = 1.0,
                                               .max = 10000.0});
  s.power_cycles = root.get<int>(
      "power_cycles", {.description = "gate-level cycles simulated per design (warm-up included)",
                       .unit = "cycles",
                       .default_value = 1000,
                       .min = 50,
                       .max = 1000000});
  s.activity_simulator = root.get<std::string>(
      "activity_simulator",
      {.description = "gate-level simulator of the power activity: levelized (lutsim's own, "
                      "zero-delay) or iverilog (the reference it is checked against)",
       .default_value = std::string(kDefaultActivitySimulator),
       .allowed = activity_simulator_names()});
  s.seed = static_cast<std::uint64_t>(root.get<std::int64_t>(
      "seed", {.description = "random stimulus seed", .default_value = 1, .min = 0}));
  s.jobs = root.get<int>("jobs", {.description = "designs evaluated in parallel (0: one per core)",
                                  .default_value = 0,
                                  .min = 0,
                                  .max = 256});
  return s;
}

}  // namespace lutsim::ppa
