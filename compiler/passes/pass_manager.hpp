#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compiler/passes/pass_registry.hpp"
#include "core/config/config_reader.hpp"

namespace lutsim::compiler {

// The passes run when no list is given.
inline const std::vector<std::string> kDefaultPasses{"reinterpret_weights", "split_precompute",
                                                     "fuse_precompute"};

// The `passes:` list of a pass config, e.g. `passes: [split_precompute,
// fuse_precompute]`: at least one, each a name of `registry`, none twice
// (config::ConfigError at the value otherwise, listing the known passes).
std::vector<std::string> read_pass_list(config::ConfigReader& root, const PassRegistry& registry);

// Loads a pass config file strictly (unknown keys are errors naming the file,
// line and key); stores the resolved config in *resolved when given.
std::vector<std::string> load_pass_list(const std::filesystem::path& file,
                                        const PassRegistry& registry,
                                        nlohmann::json* resolved = nullptr);

// Runs `passes` in order on `graph`, each followed by check_graph; returns
// one report per pass with the nodes added and removed. Unknown names throw
// std::invalid_argument naming the known ones before any pass runs; a pass
// that leaves a broken graph throws std::logic_error naming it.
std::vector<PassReport> run_passes(ir::Graph& graph, const std::vector<std::string>& passes,
                                   const PassContext& context,
                                   const PassRegistry& registry = PassRegistry::builtin());

}  // namespace lutsim::compiler
