#include "compiler/ir/graph_from_trace.hpp"

#include <utility>

#include "compiler/ir/graph_check.hpp"
#include "workloads/trace_csv.hpp"
#include "workloads/trace_graph.hpp"

namespace lutsim::ir {
namespace {

NodeKind node_kind(OpKind kind) {
  switch (kind) {
    case OpKind::kLinear:
      return NodeKind::kLinear;
    case OpKind::kAttentionScore:
      return NodeKind::kAttentionScore;
    case OpKind::kAttentionValue:
      return NodeKind::kAttentionValue;
    case OpKind::kNorm:
      return NodeKind::kNorm;
    case OpKind::kElementwise:
      break;
  }
  return NodeKind::kElementwise;
}

std::vector<std::int64_t> op_shape(const TraceOp& op) {
  switch (op.kind) {
    case OpKind::kLinear:
      return {op.m, op.n};
    case OpKind::kAttentionScore:
    case OpKind::kAttentionValue:
      return {op.batch, op.m, op.n};
    case OpKind::kNorm:
    case OpKind::kElementwise:
      break;
  }
  if (op.m * op.n * op.batch != op.elements) {
    throw GraphError("graph_from_trace: op '" + op.name + "' has m x n x batch = " +
                     std::to_string(op.m) + " x " + std::to_string(op.n) + " x " +
                     std::to_string(op.batch) + ", expected its elements " +
                     std::to_string(op.elements) + " (the compiler needs rows x width)");
  }
  if (op.batch == 1) return {op.m, op.n};
  return {op.batch, op.m, op.n};
}

// What a linear writes: its activation type if 16-bit floating point, else
// FP16 (integer and FP8 products are rescaled into FP16).
DataType written_dtype(const TraceOp& op) {
  if (op.kind == OpKind::kLinear && op.act_dtype != DataType::kBf16) return DataType::kFp16;
  return op.act_dtype;
}

Node make_node(const TraceOp& op) {
  Node n;
  n.name = op.name;
  n.kind = node_kind(op.kind);
  n.shape = op_shape(op);
  n.gemm = {op.m, op.n, op.k, op.batch};
  n.weight_bits = op.weight_bits;
  n.act_dtype = op.act_dtype;
  n.count = op.count;
  return n;
}

// The shape the first reader of the pass's input reads.
Tensor input_tensor(const GemmTrace& trace, const TraceGraph& flow) {
  for (std::size_t i = 0; i < trace.ops.size(); ++i) {
    for (const int p : flow.producers[i]) {
      if (p != kExternalProducer) continue;
      const TraceOp& op = trace.ops[i];
      if (op.kind == OpKind::kLinear) return {{op.m, op.k}, op.act_dtype};
      return {op_shape(op), op.act_dtype};
    }
  }
  throw GraphError("graph_from_trace: no op of the trace of " + trace.model +
                   " reads the pass's input (" + std::string(kTraceInput) + ")");
}

class Builder {
 public:
  explicit Builder(const GemmTrace& trace) : trace_(trace), flow_(trace_graph(trace)) {}

  Graph build() {
    for (std::size_t i = 0; i < trace_.ops.size(); ++i) add_op(i);
    graph_.mark_output(ids_.back());
    check_graph(graph_);
    return std::move(graph_);
  }

 private:
  NodeId input_node() {
    if (!input_) {
      Node n;
      n.name = std::string(kInputNodeName);
      n.kind = NodeKind::kInput;
      const Tensor t = input_tensor(trace_, flow_);
      n.shape = t.shape;
      n.act_dtype = t.dtype;
      input_ = graph_.add_node(std::move(n), {}, t);
    }
    return *input_;
  }

  void add_op(std::size_t i) {
    const TraceOp& op = trace_.ops[i];
    std::vector<NodeId> inputs;
    for (const int p : flow_.producers[i]) {
      inputs.push_back(p == kExternalProducer ? input_node() : ids_[static_cast<std::size_t>(p)]);
    }
    if (op.kind == OpKind::kLinear) inputs.front() = rows_read(op, inputs.front());
    Node n = make_node(op);
    Tensor out{n.shape, written_dtype(op)};
    ids_.push_back(graph_.add_node(std::move(n), inputs, std::move(out)));
  }

  // What a linear reads as X[M, K]: a producer with the trace's batch x
  // seq_len rows where it reads one per sequence, through a row selection; a
  // tensor of M x K values in another shape (attention heads), through a
  // reshape; anything else as it is (check_graph judges it).
  NodeId rows_read(const TraceOp& op, NodeId producer) {
    const Tensor& t = graph_.output(producer);
    const std::vector<std::int64_t> x{op.m, op.k};
    if (t.shape == x) return producer;
    const bool last_tokens = t.shape.size() == 2 && t.shape[1] == op.k && op.m == trace_.batch &&
                             t.shape[0] == trace_.batch * trace_.seq_len;
    if (last_tokens) return view(op, producer, NodeKind::kSelectRows, ".last_tokens");
    if (t.elements() == op.m * op.k) return view(op, producer, NodeKind::kReshape, ".reshape");
    return producer;
  }

  NodeId view(const TraceOp& op, NodeId producer, NodeKind kind, const char* suffix) {
    const DataType dtype = graph_.output(producer).dtype;
    Node n;
    n.name = op.name + suffix;
    n.kind = kind;
    n.shape = {op.m, op.k};
    n.act_dtype = dtype;
    n.count = op.count;
    Tensor out{n.shape, dtype};
    return graph_.add_node(std::move(n), {producer}, std::move(out));
  }

  const GemmTrace& trace_;
  TraceGraph flow_;
  Graph graph_;
  std::vector<NodeId> ids_;  // per trace op
  std::optional<NodeId> input_;
};

}  // namespace

Graph graph_from_trace(const GemmTrace& trace) {
  if (trace.structure != TraceStructure::kDataflow) {
    throw GraphError("graph_from_trace: the trace of " + trace.model +
                     " has no structure (no inputs per op; a trace CSV needs the inputs "
                     "column): the compiler needs to know which op feeds which");
  }
  if (trace.ops.empty()) throw GraphError("graph_from_trace: the trace of " + trace.model +
                                          " has no ops");
  return Builder(trace).build();
}

GemmTrace read_graph_checked_trace_csv(const std::filesystem::path& file) {
  GemmTrace trace = read_trace_csv(file);
  if (trace.structure != TraceStructure::kDataflow) return trace;
  try {
    graph_from_trace(trace);
  } catch (const GraphError& e) {
    throw GraphError(file.string() + ": " + e.what());
  }
  return trace;
}

}  // namespace lutsim::ir
