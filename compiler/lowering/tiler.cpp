#include "compiler/lowering/tiler.hpp"

namespace lutsim::compiler {

const char* to_string(TableResidency r) {
  return r == TableResidency::kSharedMemory ? "shared_memory" : "registers";
}

std::string tiling_text(const TileChoice& t) {
  std::string out = "CTA " + std::to_string(t.cta_m) + " x " + std::to_string(t.cta_n) + " x " +
                    std::to_string(t.cta_k) + " (" + std::to_string(t.stages) +
                    " stages, split-K " + std::to_string(t.split_k) + ", " + t.schedule +
                    "), warp " + std::to_string(t.warp_m) + " x " + std::to_string(t.warp_n) +
                    ", " + std::to_string(t.k_steps) + " K steps of " + std::to_string(t.k_step) +
                    ", tables in " + to_string(t.residency) + " (" +
                    std::string(to_string(t.table_format)) + " entries)";
  if (t.residency == TableResidency::kRegisters) {
    out += " over " + std::to_string(t.n_sweep) + " N tiles";
  }
  return out;
}

}  // namespace lutsim::compiler
