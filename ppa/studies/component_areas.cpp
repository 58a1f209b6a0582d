#include "ppa/studies/component_areas.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

namespace lutsim::ppa {
namespace {

constexpr const char* kPrecompute = "lut_table_precompute";
constexpr const char* kPrecomputePipe = "lut_table_precompute_pipe";
constexpr const char* kPipeReg = "pipe_reg";

bool is_precompute(const std::string& base_module) {
  return base_module == kPrecompute || base_module == kPrecomputePipe;
}

constexpr std::array<std::pair<const char*, const char*>, 10> kComponents{{
    {"lut_table_reg", "tables"},
    {"lut_lookup", "lookup muxes"},
    {"fp16_add", "adders"},
    {"fp16_add_scaled", "adders"},
    {"fp16_mul", "multipliers"},
    {"fp16_mul_int", "multipliers"},
    {"lut_pe", "accumulators"},
    {"mac_pe", "mac datapath"},
    {kPipeReg, "pipeline registers"},
    {"lut_ctrl", "control"},
}};

// A module's component outside a precompute unit (level_components puts precompute units,
// and everything below them, first).
std::string component_of(const std::string& base_module) {
  for (const auto& [module, component] : kComponents) {
    if (base_module == module) return component;
  }
  return "other";
}

class Itemizer {
 public:
  // new_instance: the level is an instance of the item (not a level inside one).
  void add(const std::string& component, const std::string& module, double area_um2,
           bool new_instance) {
    auto it = std::find_if(items_.begin(), items_.end(), [&](const ComponentArea& c) {
      return c.component == component && c.module == module;
    });
    if (it == items_.end()) it = items_.insert(items_.end(), {component, module, 0, 0});
    if (new_instance) ++it->instances;
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
    const auto unit = std::find_if(ancestors.begin(), ancestors.end(), is_precompute);
    const bool in_precompute = unit != ancestors.end();
    if (in_precompute && level.base_module == kPipeReg) {  // the unit's pipeline
      out.push_back({component_of(kPipeReg), kPipeReg, false});
    } else if (in_precompute) {
      out.push_back({"precompute", *unit, true});
    } else if (is_precompute(level.base_module)) {
      out.push_back({"precompute", level.base_module, false});
    } else {
      out.push_back({component_of(level.base_module), level.base_module, false});
    }
    ancestors.push_back(level.base_module);
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
    items.add(keys[i].component, keys[i].module, own_area.at(level.module),
              !keys[i].inside_precompute);
  }
  const double outside = syn.area_um2 - syn.hierarchy.front().area_um2;
  std::vector<ComponentArea> out = std::move(items).items();
  if (outside > 1e-6) out.push_back({"other", kOutsideHierarchy, 0, outside});
  return out;
}

}  // namespace lutsim::ppa
