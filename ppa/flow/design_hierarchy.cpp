#include "ppa/flow/design_hierarchy.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>

namespace lutsim::ppa {
namespace {

struct Instance {
  std::string name;
  std::string module;
};

struct ModuleNode {
  std::string base_module;
  std::vector<Instance> instances;  // submodule instances, natural order
  double own_area_um2 = 0;
  int own_cells = 0;  // library cells (submodule instances not counted)
};

// "u_pe[10]" after "u_pe[9]": digit runs compare as numbers.
bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) &&
        std::isdigit(static_cast<unsigned char>(b[j]))) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
      while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
      const std::string da = a.substr(i, ie - i), db = b.substr(j, je - j);
      if (da.size() != db.size()) return da.size() < db.size();
      if (da != db) return da < db;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

std::string strip_backslash(std::string name) {
  if (!name.empty() && name.front() == '\\') name.erase(0, 1);
  return name;
}

// The RTL name of a module: its `hdlname` attribute, else the name yosys gave it.
std::string base_module_name(const std::string& module, const nlohmann::json& body) {
  const auto attributes = body.find("attributes");
  if (attributes != body.end() && attributes->contains("hdlname")) {
    return strip_backslash(attributes->at("hdlname").get<std::string>());
  }
  return strip_backslash(module);
}

class HierarchyBuilder {
 public:
  HierarchyBuilder(const nlohmann::json& instances, const std::vector<ModuleStat>& stats) {
    const nlohmann::json& modules = instances.at("modules");
    for (const auto& [name, body] : modules.items()) {
      ModuleNode& node = nodes_[name];
      node.base_module = base_module_name(name, body);
      const nlohmann::json cells = body.value("cells", nlohmann::json::object());
      for (const auto& [cell, info] : cells.items()) {
        const std::string type = info.at("type").get<std::string>();
        if (modules.contains(type)) node.instances.push_back({strip_backslash(cell), type});
      }
      std::sort(node.instances.begin(), node.instances.end(),
                [](const Instance& a, const Instance& b) { return natural_less(a.name, b.name); });
    }
    for (const ModuleStat& stat : stats) {
      const auto it = nodes_.find(stat.module);
      if (it == nodes_.end()) continue;
      int submodules = 0;
      for (const auto& [type, count] : stat.cells_by_type) {
        if (nodes_.count(type) != 0) submodules += count;
      }
      it->second.own_area_um2 = stat.area_um2;
      it->second.own_cells = stat.cells - submodules;
      with_stats_.push_back(stat.module);
    }
  }

  DesignHierarchy build(const std::string& top) {
    if (nodes_.count(top) == 0) {
      throw std::runtime_error("design hierarchy: top module '" + top + "' not in the design");
    }
    DesignHierarchy result;
    std::map<std::string, int> instances;
    visit(top, top, 0, result.levels, instances);
    for (const auto& [module, count] : instances) {
      const ModuleNode& node = nodes_.at(module);
      const Totals& totals = totals_.at(module);
      result.modules.push_back(
          {module, node.base_module, count, totals.area_um2, node.own_area_um2, totals.cells});
    }
    return result;
  }

 private:
  struct Totals {
    double area_um2 = 0;
    int cells = 0;
  };

  const Totals& totals(const std::string& module) {
    const auto done = totals_.find(module);
    if (done != totals_.end()) return done->second;
    if (std::find(with_stats_.begin(), with_stats_.end(), module) == with_stats_.end()) {
      throw std::runtime_error("design hierarchy: no statistics for module '" + module + "'");
    }
    const ModuleNode& node = nodes_.at(module);
    Totals sum{node.own_area_um2, node.own_cells};
    for (const Instance& child : node.instances) {
      const Totals& below = totals(child.module);
      sum.area_um2 += below.area_um2;
      sum.cells += below.cells;
    }
    return totals_[module] = sum;
  }

  void visit(const std::string& path, const std::string& module, int depth,
             std::vector<HierarchyArea>& levels, std::map<std::string, int>& instances) {
    const Totals& sum = totals(module);
    const ModuleNode& node = nodes_.at(module);
    levels.push_back({path, module, sum.area_um2, sum.cells, node.base_module, depth});
    ++instances[module];
    for (const Instance& child : node.instances) {
      visit(path + "/" + child.name, child.module, depth + 1, levels, instances);
    }
  }

  std::map<std::string, ModuleNode> nodes_;
  std::vector<std::string> with_stats_;
  std::map<std::string, Totals> totals_;
};

}  // namespace

DesignHierarchy design_hierarchy(const nlohmann::json& instances,
                                 const std::vector<ModuleStat>& stats, const std::string& top) {
  return HierarchyBuilder(instances, stats).build(top);
}

}  // namespace lutsim::ppa
