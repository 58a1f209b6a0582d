#include "core/io/number_text.hpp"

#include <cstdio>

namespace lutsim {

std::string fixed_text(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace lutsim
