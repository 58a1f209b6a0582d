#include "core/numerics/checked_count.hpp"

namespace lutsim {

std::int64_t checked_count(std::initializer_list<std::int64_t> factors, const std::string& what) {
  std::int64_t product = 1;
  for (const std::int64_t f : factors) {
    if (f < 0) throw CountLimitError(what + ": a negative count (" + std::to_string(f) + ")");
    if (f != 0 && product > kMaxOpCount / f) {
      throw CountLimitError(what + " exceeds the modelled limit of 2^56 (" +
                            std::to_string(kMaxOpCount) + ") per operator");
    }
    product *= f;
  }
  return product;
}

}  // namespace lutsim
