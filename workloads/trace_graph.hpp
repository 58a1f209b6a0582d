#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "workloads/trace.hpp"

namespace lutsim {

// An operand that comes from outside the trace (TraceOp::inputs names
// kTraceInput).
inline constexpr int kExternalProducer = -1;

// A trace's structure that breaks a rule of trace_graph. what() reads
// "trace op <index> (<name>): <message>".
class TraceStructureError : public std::invalid_argument {
 public:
  TraceStructureError(std::size_t op_index, const std::string& op_name, std::string message);

  std::size_t op_index() const { return op_index_; }
  // The rule broken, without the op: "input 'x' names no op of the trace".
  const std::string& message() const { return message_; }

 private:
  std::size_t op_index_;
  std::string message_;
};

// The dataflow graph of a trace with structure, by op index.
struct TraceGraph {
  // producers[i][j]: the op whose output is operand j of op i (an earlier op
  // of the trace), or kExternalProducer.
  std::vector<std::vector<int>> producers;
};

// The operands of every op, resolved. Rules, checked op by op in trace order
// (the first broken one is thrown as TraceStructureError for its op): no op
// is named kTraceInput; each input names kTraceInput or exactly one op of the
// trace, listed before the op that reads it (traces are in execution order),
// so the graph has no cycle (a reference that closes one is reported as
// "... makes a cycle a -> b -> a"); operand counts: a linear 1, an attention
// product 2, a norm or elementwise op at least 1. std::invalid_argument when
// the trace has no structure (TraceStructure::kNone).
TraceGraph trace_graph(const GemmTrace& trace);

// Values of one run's output: m x n x batch for GEMM-like ops, elements for
// norms and elementwise ops.
std::int64_t output_elements(const TraceOp& op);

}  // namespace lutsim
