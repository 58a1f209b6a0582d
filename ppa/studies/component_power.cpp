#include "ppa/studies/component_power.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <unordered_map>

#include "ppa/studies/component_areas.hpp"

namespace lutsim::ppa {
namespace {

class PowerItemizer {
 public:
  ComponentPower& at(const std::string& component, const std::string& module) {
    auto it = std::find_if(items_.begin(), items_.end(), [&](const ComponentPower& c) {
      return c.component == component && c.module == module;
    });
    if (it == items_.end()) it = items_.insert(items_.end(), {component, module});
    return *it;
  }
  void add(const std::string& component, const std::string& module, double factor,
           double internal_w, double switching_w, double leakage_w) {
    ComponentPower& c = at(component, module);
    c.internal_w += factor * internal_w;
    c.switching_w += factor * switching_w;
    c.leakage_w += factor * leakage_w;
  }
  std::vector<ComponentPower> items() && { return std::move(items_); }

 private:
  std::vector<ComponentPower> items_;
};

// "top/g_row[0].u_pe/u_add" -> "g_row[0].u_pe.u_add" (the top: "").
std::string dotted_path(const std::string& path) {
  const std::size_t first = path.find('/');
  if (first == std::string::npos) return "";
  std::string out = path.substr(first + 1);
  std::replace(out.begin(), out.end(), '/', '.');
  return out;
}

// A cell synthesis named in the top module: the prefix and a number.
bool top_cell_name(const std::string& name) {
  const std::string prefix = kCellNamePrefix;
  return name.size() > prefix.size() && name.starts_with(prefix) &&
         std::all_of(name.begin() + static_cast<long>(prefix.size()), name.end(),
                     [](unsigned char c) { return std::isdigit(c); });
}

// The hierarchy level of a cell, or -1 for a cell outside the hierarchy.
class LevelOfCell {
 public:
  explicit LevelOfCell(const SynthesisResult& syn) : named_(syn.cells_named_by_instance) {
    for (std::size_t i = 0; i < syn.hierarchy.size(); ++i) {
      level_[dotted_path(syn.hierarchy[i].path)] = static_cast<int>(i);
    }
  }
  int operator()(const std::string& cell) const {
    if (!named_) return 0;
    // The longest prefix ending at a '.' that names an instance: instance names hold dots
    // of their own (generate scopes: g_row[0].g_col[1].u_pe).
    for (std::size_t dot = cell.rfind('.'); dot != std::string::npos && dot > 0;
         dot = cell.rfind('.', dot - 1)) {
      const auto it = level_.find(cell.substr(0, dot));
      if (it != level_.end()) return it->second;
    }
    if (cell.find('.') != std::string::npos) {
      throw std::logic_error("component power: cell " + cell +
                             " is in no instance of the synthesized hierarchy");
    }
    return top_cell_name(cell) ? 0 : -1;
  }

 private:
  bool named_;
  std::unordered_map<std::string, int> level_;
};

}  // namespace

std::vector<ComponentPower> component_powers(const SynthesisResult& syn,
                                             const PowerReport& report) {
  if (syn.hierarchy.empty()) return {};
  const std::vector<LevelComponent> keys = level_components(syn);
  const LevelOfCell level_of(syn);
  PowerItemizer items;
  for (const LevelComponent& k : keys) items.at(k.component, k.module);  // areas' order
  for (const CellInstancePower& cell : report.by_instance) {
    const int level = level_of(cell.name);
    const CellTypePower& p = cell.power;
    if (level < 0) {
      items.add("other", kOutsideHierarchy, 1, p.internal_w, p.switching_w, p.leakage_w);
    } else {
      const LevelComponent& k = keys[static_cast<std::size_t>(level)];
      items.add(k.component, k.module, 1, p.internal_w, p.switching_w, p.leakage_w);
    }
  }
  if (const auto ports = report.by_cell_type.find("(input ports)");
      ports != report.by_cell_type.end()) {
    items.add("other", "(input ports)", 1, 0, ports->second.switching_w, 0);
  }
  return std::move(items).items();
}

std::vector<ComponentPower> combine(const std::vector<WeightedComponents>& terms) {
  PowerItemizer items;
  for (const WeightedComponents& t : terms) {
    for (const ComponentPower& c : *t.items) {
      items.add(c.component, c.module, t.factor, c.internal_w, c.switching_w, c.leakage_w);
    }
  }
  return std::move(items).items();
}

}  // namespace lutsim::ppa
