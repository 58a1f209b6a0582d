#include "compiler/passes/pass_registry.hpp"

#include <stdexcept>

#include "compiler/passes/fuse_precompute.hpp"
#include "compiler/passes/quantize_tables.hpp"
#include "compiler/passes/reinterpret_weights.hpp"
#include "compiler/passes/split_precompute.hpp"

namespace lutsim::compiler {
namespace {

template <class P>
void add_pass(PassRegistry& registry) {
  registry.add(std::string(P::kName), std::string(P::kDescription),
               [] { return std::make_unique<P>(); });
}

}  // namespace

void PassRegistry::add(std::string name, std::string description, Factory factory) {
  const auto [it, added] = entries_.emplace(std::move(name),
                                            Entry{std::move(description), std::move(factory)});
  if (!added) throw std::logic_error("pass '" + it->first + "' is registered twice");
}

const PassRegistry::Entry& PassRegistry::entry(std::string_view name) const {
  const auto it = entries_.find(name);
  if (it != entries_.end()) return it->second;
  std::string known;
  for (const std::string& n : names()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown pass '" + std::string(name) + "' (known passes: " + known +
                              ")");
}

std::unique_ptr<Pass> PassRegistry::make(std::string_view name) const {
  return entry(name).factory();
}

const std::string& PassRegistry::description(std::string_view name) const {
  return entry(name).description;
}

std::vector<std::string> PassRegistry::names() const {
  std::vector<std::string> names;
  for (const auto& [name, e] : entries_) names.push_back(name);
  return names;
}

const PassRegistry& PassRegistry::builtin() {
  static const PassRegistry registry = [] {
    PassRegistry r;
    add_pass<ReinterpretWeights>(r);
    add_pass<SplitPrecompute>(r);
    add_pass<FusePrecompute>(r);
    add_pass<QuantizeTables>(r);
    return r;
  }();
  return registry;
}

}  // namespace lutsim::compiler
