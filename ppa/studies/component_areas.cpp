#include "ppa/studies/component_areas.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

namespace lutsim::ppa {
namespace {

constexpr const char* kPrecompute = "lut_table_precompute";

constexpr std::array<std::pair<const char*, const char*>, 11> kComponents{{
    {"lut_table_reg", "tables"},
    {"lut_lookup", "lookup muxes"},
    {"fp16_add", "adders"},
    {"fp16_add_scaled", "adders"},
    {"fp16_mul", "multipliers"},
    {"fp16_mul_int", "multipliers"},
    {"lut_pe", "accumulators"},
    {"mac_pe", "mac datapath"},
    {"pipe_reg", "pipeline registers"},
    {kPrecompute, "precompute"},
    {"lut_ctrl", "control"},
}};

std::string component_of(const std::string& base_module) {
  for (const auto& [module, component] : kComponents) {
    if (base_module == module) return component;
  }
  return "other";
}

class Itemizer {
 public:
  void add(const std::string& component, const std::string& module, double area_um2) {
    auto it = std::find_if(items_.begin(), items_.end(), [&](const ComponentArea& c) {
      return c.component == component && c.module == module;
    });
    if (it == items_.end()) it = items_.insert(items_.end(), {component, module, 0, 0});
    ++it->instances;
    it->area_um2 += area_um2;
  }
  std::vector<ComponentArea> items() && { return std::move(items_); }

 private:
  std::vector<ComponentArea> items_;
};

}  // namespace

std::vector<LevelComponent> level_components(const SynthesisResult& syn) {
  std::vector<LevelComponent> out;
  // Levels come depth first: the path from the top to the current level is a stack.
  std::vector<std::string> ancestors;
  for (const HierarchyArea& level : syn.hierarchy) {
    ancestors.resize(static_cast<std::size_t>(level.depth));
    const bool in_precompute =
        std::find(ancestors.begin(), ancestors.end(), kPrecompute) != ancestors.end();
    ancestors.push_back(level.base_module);
    if (in_precompute) {
      out.push_back({"precompute", kPrecompute, true});
    } else if (level.base_module == kPrecompute) {
      out.push_back({"precompute", kPrecompute, false});
    } else {
      out.push_back({component_of(level.base_module), level.base_module, false});
    }
  }
  return out;
}

std::vector<ComponentArea> component_areas(const SynthesisResult& syn) {
  if (syn.hierarchy.empty()) return {};
  std::map<std::string, double> own_area;
  for (const ModuleArea& m : syn.modules) own_area[m.module] = m.own_area_um2;
  const std::vector<LevelComponent> keys = level_components(syn);
  Itemizer items;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const HierarchyArea& level = syn.hierarchy[i];
    if (keys[i].inside_precompute) continue;  // counted with its precompute unit
    items.add(keys[i].component, keys[i].module,
              level.base_module == kPrecompute ? level.area_um2 : own_area.at(level.module));
  }
  const double outside = syn.area_um2 - syn.hierarchy.front().area_um2;
  std::vector<ComponentArea> out = std::move(items).items();
  if (outside > 1e-6) out.push_back({"other", kOutsideHierarchy, 0, outside});
  return out;
}

}  // namespace lutsim::ppa
