#pragma once

#include <string_view>

namespace lutsim {

// The git revision the binary was built from ("<sha>" or "<sha>-dirty" when
// tracked files had uncommitted changes, "unknown" outside a git checkout).
std::string_view git_revision();

}  // namespace lutsim
