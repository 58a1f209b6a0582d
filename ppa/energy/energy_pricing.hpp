#pragma once
// Prices what the simulators count (ActionCounts) in joules: pJ per action
// from a committed config (configs/energy/*.yaml), each with where it comes
// from. Tensor-core actions are priced by the analytic PPA model of the RTL
// designs (ppa/model/analytic_ppa.hpp); memory and CUDA-core actions by
// published per-operation energies the config cites.

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/config/config_files.hpp"
#include "core/specs/action_counts.hpp"
#include "ppa/design/design_point.hpp"
#include "ppa/energy/energy_estimate.hpp"
#include "ppa/model/component_table.hpp"

namespace lutsim::ppa {

struct ActionPrice {
  double pj = 0.0;     // per action (per byte for the byte counts)
  std::string source;  // where the figure comes from
};

// Leakage of one array of a priced LUT design, and the one-bit
// lookup-accumulates per cycle that array does (M x N x K), so a GPU's
// arrays of any shape leak in proportion to their lookups per cycle.
struct LeakagePrice {
  double watts = 0.0;
  double one_bit_lookups_per_cycle = 0.0;
  std::string source;
};

// The analytic PPA model an energy config prices tensor-core actions with:
// its component table and the clock its designs run at.
struct AnalyticSource {
  std::shared_ptr<const ComponentTable> table;
  std::filesystem::path table_file;
  double clock_mhz = 0.0;
};

struct EnergyPricing {
  std::string name;
  std::filesystem::path file;
  AnalyticSource analytic;
  std::map<DataType, ActionPrice> tensor_core_mac;     // per MAC, by operand type
  std::map<TableEntryFormat, ActionPrice> lut_lookup;  // per lookup, by entry format
  std::map<TableEntryFormat, LeakagePrice> lut_array_leakage;  // static, by entry format
  ActionPrice cuda_core_op;
  ActionPrice register_file_byte;
  ActionPrice smem_byte;
  ActionPrice l2_byte;
  ActionPrice dram_byte;
};

// `pricing` with the lookups and the array leakage of `format` priced by the
// analytic model of `array` (pricing.analytic's table and clock) in place of
// the config's LUT design: a design point's own array. Throws as
// analytic_ppa does for a design the table does not cover.
EnergyPricing with_lut_array(EnergyPricing pricing, TableEntryFormat format,
                             const DesignPoint& array);

// Analytic prices are dynamic energy only: leakage is static power, counted
// over a run's whole time (run_energy.hpp), busy or not.

// Reads an energy config strictly (unknown keys, bad values: config::ConfigError
// naming file, line and key) and prices its analytic entries with the
// component table it names.
EnergyPricing load_energy_pricing(const std::filesystem::path& file);
// The same, the energy config and its component table parsed through `files`.
EnergyPricing load_energy_pricing(const std::filesystem::path& file, config::ConfigFiles& files);

// The energy of the counted actions, or "not priced" naming the first action
// that was counted (> 0) but has no price, e.g. bf16 MACs or lookups of
// int8-quantized tables.
EnergyEstimate price_actions(const EnergyPricing& pricing, const ActionCounts& counts);

// "fp16 tensor-core MAC: 0.81 pJ (analytic PPA model: ...)", one line per price.
std::vector<std::string> provenance(const EnergyPricing& pricing);

}  // namespace lutsim::ppa
