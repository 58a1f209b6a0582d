#include "compiler/lowering/tiler.hpp"

namespace lutsim::compiler {

const char* to_string(TableResidency r) {
  return r == TableResidency::kSharedMemory ? "shared_memory" : "registers";
}

}  // namespace lutsim::compiler
