#include "workloads/trace.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

namespace lutsim {
namespace {

constexpr std::array<std::pair<OpKind, std::string_view>, 5> kOpKindNames{{
    {OpKind::kLinear, "linear"},
    {OpKind::kAttentionScore, "attention_score"},
    {OpKind::kAttentionValue, "attention_value"},
    {OpKind::kNorm, "norm"},
    {OpKind::kElementwise, "elementwise"},
}};

}  // namespace

std::string_view to_string(OpKind kind) {
  for (const auto& [k, name] : kOpKindNames) {
    if (k == kind) return name;
  }
  throw std::invalid_argument("to_string(OpKind): value " + std::to_string(static_cast<int>(kind)) +
                              " has no name");
}

OpKind parse_op_kind(std::string_view name) {
  for (const auto& [kind, text] : kOpKindNames) {
    if (text == name) return kind;
  }
  std::string known;
  for (const auto& [kind, text] : kOpKindNames)
    known += (known.empty() ? "" : ", ") + std::string(text);
  throw std::invalid_argument("unknown op kind '" + std::string(name) + "' (one of: " + known +
                              ")");
}

std::string_view to_string(TraceStructure structure) {
  return structure == TraceStructure::kDataflow ? "dataflow" : "none";
}

}  // namespace lutsim
