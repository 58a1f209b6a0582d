#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "workloads/trace.hpp"

namespace lutsim::test {

// The op named `name`; fails the test when the trace has none or several.
inline const TraceOp& op_named(const GemmTrace& trace, const std::string& name) {
  const TraceOp* found = nullptr;
  int hits = 0;
  for (const auto& op : trace.ops) {
    if (op.name == name) {
      found = &op;
      ++hits;
    }
  }
  INFO("op " << name << " in a trace of " << trace.model);
  REQUIRE(hits == 1);
  return *found;
}

inline bool has_op(const GemmTrace& trace, const std::string& name) {
  for (const auto& op : trace.ops) {
    if (op.name == name) return true;
  }
  return false;
}

inline std::vector<std::string> op_names(const GemmTrace& trace) {
  std::vector<std::string> names;
  for (const auto& op : trace.ops) names.push_back(op.name);
  return names;
}

// The trace with op `from` called `to`, in the ops and in their inputs: the
// same structure under another name.
inline GemmTrace renamed(GemmTrace trace, const std::string& from, const std::string& to) {
  for (auto& op : trace.ops) {
    if (op.name == from) op.name = to;
    for (auto& input : op.inputs) {
      if (input == from) input = to;
    }
  }
  return trace;
}

// The trace as a CSV without the inputs column reads: no structure.
inline GemmTrace without_structure(GemmTrace trace) {
  trace.structure = TraceStructure::kNone;
  for (auto& op : trace.ops) op.inputs.clear();
  return trace;
}

}  // namespace lutsim::test
