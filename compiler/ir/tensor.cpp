#include "compiler/ir/tensor.hpp"

#include <functional>
#include <numeric>

namespace lutsim::ir {

std::int64_t elements_of(const std::vector<std::int64_t>& shape) {
  return std::accumulate(shape.begin(), shape.end(), std::int64_t{1}, std::multiplies<>());
}

std::int64_t Tensor::elements() const { return elements_of(shape); }

std::string shape_text(const std::vector<std::int64_t>& shape) {
  if (shape.empty()) return "scalar";
  std::string text;
  for (const std::int64_t d : shape) text += (text.empty() ? "" : "x") + std::to_string(d);
  return text;
}

}  // namespace lutsim::ir
