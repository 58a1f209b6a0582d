#pragma once

#include <string>

namespace lutsim {

// `v` with `decimals` digits after the point (printf's %.*f), for text meant
// for people.
std::string fixed_text(double v, int decimals);

}  // namespace lutsim
