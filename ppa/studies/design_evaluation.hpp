#pragma once
// Full-flow PPA of one design point: synthesis (area), static timing (critical
// path), gate-level simulation with realistic data and the project's power
// calculator (power), and the figures of merit architects compare by.

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "ppa/design/design_point.hpp"
#include "ppa/flow/cell_library.hpp"
#include "ppa/flow/synthesis.hpp"
#include "ppa/power/activity_simulators.hpp"
#include "ppa/studies/component_areas.hpp"
#include "ppa/studies/component_power.hpp"

namespace lutsim::ppa {

struct EvaluationOptions {
  CellLibrary library;
  std::filesystem::path rtl_dir;    // rtl/: <module>.sv per module; a top reads what it uses
  std::filesystem::path cache_dir;  // synthesis and power results are cached here
  double clock_mhz = 500;  // clock of the power simulation and the throughput, and the
                           // delay target abc maps every netlist for (1e6 / clock_mhz ps)
  int power_cycles = 1000;          // simulated cycles, warm-up included
  std::string activity_simulator = kDefaultActivitySimulator;  // activity_simulators.hpp
  std::uint64_t seed = 1;
  bool timing = true;               // run OpenSTA
  bool power = true;                // simulate and compute power
  // Count the switching of the design's input nets (operands and clock delivered to it), so
  // that blocks replicated into arrays and tensor cores pay for their operand broadcast.
  bool input_net_switching = true;
};

struct DesignPpa {
  DesignPoint design;
  std::string rtl;            // RTL top and every parameter: "lut_dot_unit K=4 W_BIT=2 ..."
  double area_um2 = 0;
  double sequential_area_um2 = 0;
  int cells = 0;
  double critical_path_ns = 0;  // 0 when timing was not run
  double max_clock_mhz = 0;
  double clock_mhz = 0;
  double internal_w = 0, switching_w = 0, leakage_w = 0, total_w = 0;  // at clock_mhz
  double macs_per_cycle = 0;
  // Area per module of the synthesized netlist (one entry per parameterization, with its
  // instance count); empty for the analytic model.
  std::vector<ModuleArea> modules;
  // The same area itemized by component (tables, lookup muxes, ...); empty for the
  // analytic model.
  std::vector<ComponentArea> components;
  // Its power itemized the same way (composed like the power for arrays); empty for the
  // analytic model and without power.
  std::vector<ComponentPower> component_power;
  // "gate-level (<activity simulator>)" (the design itself simulated), or how an array's power was
  // composed from simulated blocks (docs/ppa.md, "Power of a design").
  std::string power_method;

  // A timed design that misses clock_mhz (its max_clock is below it); an untimed one
  // (analytic model, timing off) is taken to run at clock_mhz.
  bool misses_clock() const { return critical_path_ns > 0 && max_clock_mhz < clock_mhz; }
  double ops_per_s() const { return 2.0 * macs_per_cycle * clock_mhz * 1e6; }  // 1 MAC = 2 ops
  // At clock_mhz; nan for a design that misses it (it does not run at that speed), and
  // efficiency nan without a power figure: a ratio of either is then nan ('-'), never 0.
  double tops_per_mm2() const {
    return misses_clock() ? std::nan("") : ops_per_s() / 1e12 / (area_um2 * 1e-6);
  }
  double tops_per_w() const {
    return misses_clock() || total_w <= 0 ? std::nan("") : ops_per_s() / 1e12 / total_w;
  }
  double energy_per_mac_pj() const {
    return macs_per_cycle > 0 ? total_w / (macs_per_cycle * clock_mhz * 1e6) * 1e12 : 0;
  }
};

// The SystemVerilog files `top` needs: rtl_dir/<module>.sv for the top and, recursively,
// for every module of rtl_dir its file mentions (one module per file), so that a synthesis
// cache key changes only when one of them does. Throws if the top's file is missing.
std::vector<std::filesystem::path> rtl_sources(const std::filesystem::path& rtl_dir,
                                               const std::string& top);

// The synthesis of the design's own netlist: its RTL top and parameters, mapped for
// the clock (delay target 1e6 / clock_mhz ps).
SynthesisRequest synthesis_request(const DesignPoint& design, const EvaluationOptions& options);

// Runs (or reuses from the cache) synthesis, timing and power for one design. A design
// with pipeline_stages = kSmallestMeetingClock is synthesized and timed at depths 0, 1, ...
// in turn and priced at the smallest that meets the clock, else at the deepest (the
// result's design holds the depth). Area and timing always come from the design's own
// netlist. Power is simulated at gate level on
// the design itself, except for arrays: a LUT array's power is M x (its dot unit - one
// lookup-accumulate element) + M x N x one element (M table registers and control, M x N
// elements, each simulated in its own netlist on the same stimulus; a pipelined array's
// unit is lut_array M1N1 with its pipeline registers and its element lut_pe with the
// lookup register), a MAC array's M x N x its dot unit's.
DesignPpa evaluate_design(const DesignPoint& design, const EvaluationOptions& options);

}  // namespace lutsim::ppa
