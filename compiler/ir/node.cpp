#include "compiler/ir/node.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace lutsim::ir {
namespace {

constexpr std::array<std::pair<NodeKind, std::string_view>, 10> kKindNames{{
    {NodeKind::kInput, "input"},
    {NodeKind::kLinear, "linear"},
    {NodeKind::kPrecompute, "precompute"},
    {NodeKind::kLutLinear, "lut_linear"},
    {NodeKind::kNorm, "norm"},
    {NodeKind::kElementwise, "elementwise"},
    {NodeKind::kAttentionScore, "attention_score"},
    {NodeKind::kAttentionValue, "attention_value"},
    {NodeKind::kSelectRows, "select_rows"},
    {NodeKind::kReshape, "reshape"},
}};

}  // namespace

std::string_view to_string(NodeKind kind) {
  for (const auto& [k, name] : kKindNames) {
    if (k == kind) return name;
  }
  throw std::invalid_argument("to_string(NodeKind): value " +
                              std::to_string(static_cast<int>(kind)) + " has no name");
}

std::string_view to_string(WeightCode code) {
  return code == WeightCode::kOdd ? "odd" : "unsigned";
}

std::vector<std::int64_t> table_shape(std::int64_t rows, std::int64_t k,
                                      const TableLayout& layout) {
  return {rows, k / layout.group_size, layout.entries};
}

}  // namespace lutsim::ir
