#include "ppa/flow/cell_library.hpp"

#include <stdexcept>

#ifndef LUTSIM_PDK_BUILD_DIR
#error "LUTSIM_PDK_BUILD_DIR must be defined by the build (ppa/flow/CMakeLists.txt)"
#endif

namespace lutsim::ppa {
namespace {

CellLibrary make_nangate45(const std::filesystem::path& dir) {
  CellLibrary lib;
  lib.name = "nangate45";
  lib.description = "NanGate 45 nm Open Cell Library, typical corner, 1.10 V, 25 C";
  lib.node_nm = 45.0;
  lib.supply_v = 1.10;
  lib.liberty = dir / "nangate45.lib";
  lib.cell_models = dir / "nangate45_cells_sim.v";
  lib.tie_high = "LOGIC1_X1";
  lib.tie_low = "LOGIC0_X1";
  lib.buffer = "BUF_X1";
  lib.buffer_in = "A";
  lib.buffer_out = "Z";
  lib.time_unit_ns = 1.0;
  lib.leakage_unit_w = 1e-9;
  return lib;
}

// Five ASAP7 liberty files merged into one by the build (ppa/pdk/merge_liberty.py).
// Its units differ from NanGate's: time in ps, leakage power in pW (capacitance
// fF, area um^2 as NanGate).
CellLibrary make_asap7(const std::filesystem::path& dir) {
  CellLibrary lib;
  lib.name = "asap7";
  lib.description =
      "ASAP7 7 nm predictive PDK, asap7sc7p5t RVT, TT corner, 0.70 V, 25 C "
      "(liberty units: ps, pW)";
  lib.node_nm = 7.0;
  lib.supply_v = 0.70;
  lib.liberty = dir / "asap7.lib";
  lib.cell_models = dir / "asap7_cells_sim.v";
  lib.tie_high = "TIEHIx1_ASAP7_75t_R";
  lib.tie_low = "TIELOx1_ASAP7_75t_R";
  lib.buffer = "BUFx2_ASAP7_75t_R";
  lib.buffer_in = "A";
  lib.buffer_out = "Y";
  lib.time_unit_ns = 1e-3;
  lib.leakage_unit_w = 1e-12;
  return lib;
}

}  // namespace

std::vector<std::string> cell_library_names() {
  return {"nangate45", "asap7"};
}

CellLibrary cell_library(const std::string& name) {
  const std::filesystem::path dir = LUTSIM_PDK_BUILD_DIR;
  CellLibrary lib;
  if (name == "nangate45") {
    lib = make_nangate45(dir);
  } else if (name == "asap7") {
    lib = make_asap7(dir);
  } else {
    std::string known;
    for (const std::string& n : cell_library_names()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown cell library '" + name + "' (known: " + known + ")");
  }
  for (const auto& f : {lib.liberty, lib.cell_models}) {
    if (!std::filesystem::exists(f)) {
      throw std::runtime_error("cell library " + name + ": " + f.string() +
                               " is missing; build the 'lutsim_pdk' target first");
    }
  }
  return lib;
}

}  // namespace lutsim::ppa
