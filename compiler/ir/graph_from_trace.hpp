#pragma once

#include <filesystem>

#include "compiler/ir/graph.hpp"
#include "workloads/trace.hpp"

namespace lutsim::ir {

// Name of the node that stands for the tensor entering the pass (the trace's
// kTraceInput).
inline constexpr std::string_view kInputNodeName = "@input";

// The dataflow graph of a trace with structure (TraceStructure::kDataflow):
// one node per op (same name; counts, dtypes and weight bits carried over),
// an input node for kTraceInput; before a linear whose producer does not
// write X[M, K], a row selection "<op>.last_tokens" when it reads one row per
// sequence of the trace's batch x seq_len (the LM head reads the last token),
// or a reshape "<op>.reshape" of a tensor of M x K values (the attention
// output's heads read as rows).
// Shapes: a linear {M, N}, an attention product {batch, M, N}, a norm or
// elementwise op {m, n} ({batch, m, n} when batch > 1); the input node has the
// shape its first reader reads. Tensors: a linear writes its activation type
// when that is fp16 or bf16, else fp16; other ops their act_dtype. The last
// op's output is the graph output. The result passes check_graph.
// Throws GraphError for a trace without structure, a norm or elementwise op
// whose m x n x batch is not its elements, or a graph check that fails;
// TraceStructureError (workloads/trace_graph) for broken trace structure.
Graph graph_from_trace(const GemmTrace& trace);

// The trace of a trace CSV file (workloads/trace_csv.hpp), a trace with
// structure checked to form a graph: shapes the graph refuses (an operand
// smaller than its reader reads) are a GraphError that names the file, as the
// reader's own errors do, not one naming only a node.
GemmTrace read_graph_checked_trace_csv(const std::filesystem::path& file);

}  // namespace lutsim::ir
