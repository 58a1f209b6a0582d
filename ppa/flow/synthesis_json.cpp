#include "ppa/flow/synthesis_json.hpp"

namespace lutsim::ppa {

nlohmann::json synthesis_to_json(const SynthesisResult& r) {
  nlohmann::json levels = nlohmann::json::array();
  for (const HierarchyArea& h : r.hierarchy) {
    levels.push_back({{"path", h.path},
                      {"module", h.module},
                      {"base_module", h.base_module},
                      {"depth", h.depth},
                      {"area_um2", h.area_um2},
                      {"cells", h.cells}});
  }
  nlohmann::json modules = nlohmann::json::array();
  for (const ModuleArea& m : r.modules) {
    modules.push_back({{"module", m.module},
                       {"base_module", m.base_module},
                       {"instances", m.instances},
                       {"area_um2", m.area_um2},
                       {"own_area_um2", m.own_area_um2},
                       {"cells", m.cells}});
  }
  return {{"top", r.top},
          {"library", r.library},
          {"netlist", r.netlist.filename().string()},
          {"area_um2", r.area_um2},
          {"sequential_area_um2", r.sequential_area_um2},
          {"cells", r.cells},
          {"flops", r.flops},
          {"cells_by_type", r.cells_by_type},
          {"hierarchy", levels},
          {"cells_named_by_instance", r.cells_named_by_instance},
          {"modules", modules},
          {"yosys_seconds", r.yosys_seconds}};
}

SynthesisResult synthesis_from_json(const nlohmann::json& j,
                                    const std::filesystem::path& work_dir) {
  SynthesisResult r;
  r.work_dir = work_dir;
  r.netlist = work_dir / j.at("netlist").get<std::string>();
  r.top = j.at("top").get<std::string>();
  r.library = j.at("library").get<std::string>();
  r.area_um2 = j.at("area_um2").get<double>();
  r.sequential_area_um2 = j.at("sequential_area_um2").get<double>();
  r.cells = j.at("cells").get<int>();
  r.flops = j.at("flops").get<int>();
  r.cells_by_type = j.at("cells_by_type").get<std::map<std::string, int>>();
  r.cells_named_by_instance = j.at("cells_named_by_instance").get<bool>();
  for (const auto& h : j.at("hierarchy")) {
    r.hierarchy.push_back({h.at("path").get<std::string>(), h.at("module").get<std::string>(),
                           h.at("area_um2").get<double>(), h.at("cells").get<int>(),
                           h.at("base_module").get<std::string>(), h.at("depth").get<int>()});
  }
  for (const auto& m : j.at("modules")) {
    r.modules.push_back({m.at("module").get<std::string>(), m.at("base_module").get<std::string>(),
                         m.at("instances").get<int>(), m.at("area_um2").get<double>(),
                         m.at("own_area_um2").get<double>(), m.at("cells").get<int>()});
  }
  r.yosys_seconds = j.at("yosys_seconds").get<double>();
  return r;
}

}  // namespace lutsim::ppa
