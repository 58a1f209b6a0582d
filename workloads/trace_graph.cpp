#include "workloads/trace_graph.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace lutsim {
namespace {

// Index of every op name that names exactly one op; -2 for a repeated name.
constexpr int kAmbiguous = -2;

std::map<std::string, int, std::less<>> index_names(const GemmTrace& trace) {
  std::map<std::string, int, std::less<>> index;
  for (std::size_t i = 0; i < trace.ops.size(); ++i) {
    const auto [it, added] = index.emplace(trace.ops[i].name, static_cast<int>(i));
    if (!added) it->second = kAmbiguous;
  }
  return index;
}

// The operand counts an op of `kind` may have.
std::pair<std::size_t, std::size_t> operand_range(OpKind kind) {
  switch (kind) {
    case OpKind::kLinear:
      return {1, 1};
    case OpKind::kAttentionScore:
    case OpKind::kAttentionValue:
      return {2, 2};
    case OpKind::kNorm:
    case OpKind::kElementwise:
      break;
  }
  return {1, static_cast<std::size_t>(-1)};
}

class GraphBuilder {
 public:
  explicit GraphBuilder(const GemmTrace& trace) : trace_(trace), names_(index_names(trace)) {}

  TraceGraph build() {
    TraceGraph g;
    for (std::size_t i = 0; i < trace_.ops.size(); ++i) g.producers.push_back(resolve(i));
    for (std::size_t i = 0; i < trace_.ops.size(); ++i) check_order(g, i);
    return g;
  }

 private:
  TraceStructureError error(std::size_t i, std::string message) const {
    return TraceStructureError(i, trace_.ops[i].name, std::move(message));
  }

  std::vector<int> resolve(std::size_t i) const {
    const TraceOp& op = trace_.ops[i];
    if (op.name == kTraceInput) {
      throw error(i, "the name '" + std::string(kTraceInput) +
                         "' is reserved for the pass's input, not an op name");
    }
    const auto [min, max] = operand_range(op.kind);
    if (op.inputs.size() < min || op.inputs.size() > max) {
      throw error(i, "kind " + std::string(to_string(op.kind)) + " takes " +
                         (min == max ? "" : "at least ") + std::to_string(min) +
                         " input(s), one per operand, got " + std::to_string(op.inputs.size()));
    }
    std::vector<int> producers;
    for (const std::string& input : op.inputs) producers.push_back(producer(i, input));
    return producers;
  }

  int producer(std::size_t i, const std::string& input) const {
    if (input == kTraceInput) return kExternalProducer;
    const auto it = names_.find(input);
    if (it == names_.end()) throw error(i, "input '" + input + "' names no op of the trace");
    if (it->second == kAmbiguous) {
      throw error(i, "input '" + input + "' is ambiguous: several ops have this name");
    }
    return it->second;
  }

  // Ops are in execution order: every producer comes before its consumer.
  void check_order(const TraceGraph& g, std::size_t i) const {
    for (const int p : g.producers[i]) {
      if (p < static_cast<int>(i)) continue;
      // A cycle when the producer reads this op's output, directly or not.
      if (const auto cycle = path(g, static_cast<int>(i), p)) {
        std::string text;
        for (const int op : *cycle) text += trace_.ops[op].name + " -> ";
        throw error(
            i, "input '" + trace_.ops[p].name + "' makes a cycle " + text + trace_.ops[i].name);
      }
      throw error(i, "input '" + trace_.ops[p].name + "' is op " + std::to_string(p) +
                         ", not before this one: ops are listed in execution order");
    }
  }

  // A dataflow path from `from` to `to` (producer to consumer), found by
  // walking the producers of `to` back; empty when none.
  std::optional<std::vector<int>> path(const TraceGraph& g, int from, int to) const {
    std::vector<int> trail{to};
    std::vector<bool> seen(g.producers.size(), false);
    if (walk_back(g, from, trail, seen)) {
      std::reverse(trail.begin(), trail.end());
      return trail;
    }
    return std::nullopt;
  }

  bool walk_back(const TraceGraph& g, int from, std::vector<int>& trail,
                 std::vector<bool>& seen) const {
    const int at = trail.back();
    if (at == from) return true;
    if (seen[at]) return false;
    seen[at] = true;
    for (const int p : g.producers[at]) {
      if (p == kExternalProducer) continue;
      trail.push_back(p);
      if (walk_back(g, from, trail, seen)) return true;
      trail.pop_back();
    }
    return false;
  }

  const GemmTrace& trace_;
  std::map<std::string, int, std::less<>> names_;
};

}  // namespace

TraceStructureError::TraceStructureError(std::size_t op_index, const std::string& op_name,
                                         std::string message)
    : std::invalid_argument("trace op " + std::to_string(op_index) + " (" + op_name +
                            "): " + message),
      op_index_(op_index),
      message_(std::move(message)) {}

TraceGraph trace_graph(const GemmTrace& trace) {
  if (trace.structure != TraceStructure::kDataflow) {
    throw std::invalid_argument("trace_graph: the trace of " + trace.model +
                                " has no structure (no inputs per op)");
  }
  return GraphBuilder(trace).build();
}

std::int64_t output_elements(const TraceOp& op) {
  switch (op.kind) {
    case OpKind::kLinear:
    case OpKind::kAttentionScore:
    case OpKind::kAttentionValue:
      return op.m * op.n * op.batch;
    case OpKind::kNorm:
    case OpKind::kElementwise:
      break;
  }
  return op.elements;
}

}  // namespace lutsim
