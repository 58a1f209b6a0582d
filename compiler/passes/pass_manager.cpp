#include "compiler/passes/pass_manager.hpp"

#include <algorithm>
#include <iterator>
#include <memory>

#include "compiler/ir/graph_check.hpp"
#include "core/config/config_document.hpp"

namespace lutsim::compiler {
namespace {

std::size_t count_missing(const std::vector<ir::NodeId>& ids, const std::vector<ir::NodeId>& in) {
  std::vector<ir::NodeId> missing;
  std::set_difference(ids.begin(), ids.end(), in.begin(), in.end(), std::back_inserter(missing));
  return missing.size();
}

PassReport run_one(ir::Graph& graph, const std::string& name, const Pass& pass,
                   const PassContext& context) {
  const std::vector<ir::NodeId> before = graph.node_ids();
  PassReport report;
  report.pass = name;
  report.effects = pass.run(graph, context);
  try {
    ir::check_graph(graph);
  } catch (const ir::GraphError& e) {
    throw std::logic_error("pass " + name + " left a broken graph: " + e.what());
  }
  const std::vector<ir::NodeId> after = graph.node_ids();
  report.nodes_before = before.size();
  report.nodes_after = after.size();
  report.nodes_added = count_missing(after, before);
  report.nodes_removed = count_missing(before, after);
  return report;
}

}  // namespace

std::vector<std::string> read_pass_list(config::ConfigReader& root, const PassRegistry& registry) {
  return root.get<std::vector<std::string>>(
      "passes", {.description = "the compiler passes to run, in order", .allowed = registry.names()});
}

std::vector<std::string> load_pass_list(const std::filesystem::path& file,
                                        const PassRegistry& registry, nlohmann::json* resolved) {
  config::ConfigDocument doc = config::ConfigDocument::load_file(file);
  config::ConfigReader root = doc.root();
  std::vector<std::string> passes = read_pass_list(root, registry);
  doc.check_all_consumed();
  if (resolved) *resolved = doc.resolved();
  return passes;
}

std::vector<PassReport> run_passes(ir::Graph& graph, const std::vector<std::string>& passes,
                                   const PassContext& context, const PassRegistry& registry) {
  std::vector<std::unique_ptr<Pass>> made;
  for (const std::string& name : passes) made.push_back(registry.make(name));
  std::vector<PassReport> reports;
  for (std::size_t i = 0; i < passes.size(); ++i) {
    reports.push_back(run_one(graph, passes[i], *made[i], context));
  }
  return reports;
}

}  // namespace lutsim::compiler
