#include "studies/energy_keys.hpp"

#include "core/config/config_files.hpp"
#include "core/config/named_config.hpp"

namespace lutsim {

ppa::EnergyPricing read_energy_key(config::ConfigReader& root, const StudyContext& context) {
  return *read_shared_energy_key(root, context);
}

std::shared_ptr<const ppa::EnergyPricing> read_shared_energy_key(config::ConfigReader& root,
                                                                 const StudyContext& context) {
  const std::string name = root.get<std::string>(
      "energy", {.description = "energy per action: a name in configs/energy or a path",
                 .default_value = "nangate45_hbm2"});
  const std::filesystem::path file = named_config_path(name, context.configs_dir / "energy");
  // Priced once per run and file: a sweep's points share it (no key of it is overridable).
  return context.files.parsed<ppa::EnergyPricing>(
      file, [&context](const auto& path) { return ppa::load_energy_pricing(path, context.files); });
}

nlohmann::json energy_record(const ppa::EnergyPricing& pricing) {
  return {{"name", pricing.name},
          {"file", pricing.file.string()},
          {"counted",
           "per operator: MACs by type, LUT lookups by table entry format, CUDA-core "
           "instructions (dequantization, table precompute), register-file, shared-memory, L2 "
           "and DRAM bytes (sim/tile/end_to_end.hpp); memory-bound operators count their bytes "
           "only"},
          {"static",
           "the GPU's static power (its hardware config's power.static_w, recorded with the "
           "hardware config, plus the leakage of its LUT tensor-core arrays) x the latency"},
          {"prices", ppa::provenance(pricing)}};
}

double energy_per_token_mj(const ppa::EnergyBreakdown& energy, std::int64_t tokens) {
  return energy.total_j() / static_cast<double>(tokens) * 1e3;
}

ResultTable::Cell energy_per_token_cell(const ppa::EnergyEstimate& estimate, std::int64_t tokens) {
  if (!estimate.priced()) return "not priced: " + estimate.not_priced().message();
  return energy_per_token_mj(estimate.energy(), tokens);
}

}  // namespace lutsim
