#pragma once

#include <cstdint>

#include "workloads/trace.hpp"

namespace lutsim {

// Floating-point operations of one run of a GEMM-like op (linear, attention
// score or value): 2 x m x n x k x batch, a multiply-add counting 2. Zero for
// norms and elementwise ops.
std::int64_t gemm_flops(const TraceOp& op);

// Sum over the trace's ops of `kind` of gemm_flops x count: one forward pass
// on one GPU.
std::int64_t total_gemm_flops(const GemmTrace& trace, OpKind kind);

// Weight elements the linears read in one forward pass on one GPU:
// sum of n x k x count over kLinear ops.
std::int64_t linear_weight_params(const GemmTrace& trace);

// Tokens one forward pass processes: batch x seq_len in prefill, batch in
// decode (one new token per sequence). Throws std::invalid_argument for
// another phase.
std::int64_t tokens_per_forward(const GemmTrace& trace);

}  // namespace lutsim
