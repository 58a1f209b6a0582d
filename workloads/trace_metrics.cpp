#include "workloads/trace_metrics.hpp"

#include <stdexcept>

namespace lutsim {

std::int64_t gemm_flops(const TraceOp& op) {
  switch (op.kind) {
    case OpKind::kLinear:
    case OpKind::kAttentionScore:
    case OpKind::kAttentionValue:
      return 2 * op.m * op.n * op.k * op.batch;
    case OpKind::kNorm:
    case OpKind::kElementwise:
      return 0;
  }
  return 0;
}

std::int64_t total_gemm_flops(const GemmTrace& trace, OpKind kind) {
  std::int64_t total = 0;
  for (const auto& op : trace.ops) {
    if (op.kind == kind) total += gemm_flops(op) * op.count;
  }
  return total;
}

std::int64_t linear_weight_params(const GemmTrace& trace) {
  std::int64_t total = 0;
  for (const auto& op : trace.ops) {
    if (op.kind == OpKind::kLinear) total += op.n * op.k * op.count;
  }
  return total;
}

std::int64_t tokens_per_forward(const GemmTrace& trace) {
  if (trace.phase == "prefill") return trace.batch * trace.seq_len;
  if (trace.phase == "decode") return trace.batch;
  throw std::invalid_argument("tokens_per_forward: unknown phase '" + trace.phase + "'");
}

}  // namespace lutsim
