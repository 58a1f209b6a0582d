#pragma once
// The area of every instance and every module of a hierarchically mapped design,
// from yosys' per-module `stat -liberty` and the design's instance tree.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ppa/flow/synthesis.hpp"
#include "ppa/flow/yosys_stat.hpp"

namespace lutsim::ppa {

struct DesignHierarchy {
  std::vector<HierarchyArea> levels;  // top first, then depth first, instances in natural order
  std::vector<ModuleArea> modules;    // every module below and including the top, by name
};

// `instances` is yosys `write_json` of the mapped design (only the submodule
// instance cells are read; the flow removes the others before writing it);
// `stats` the per-module sections of `stat -liberty`. Throws std::runtime_error
// when a module of the tree has no statistics or the top is missing.
DesignHierarchy design_hierarchy(const nlohmann::json& instances,
                                 const std::vector<ModuleStat>& stats, const std::string& top);

}  // namespace lutsim::ppa
