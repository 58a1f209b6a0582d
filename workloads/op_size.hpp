#pragma once
// One trace operator's size within the modelled limit (kMaxOpCount,
// core/numerics/checked_count.hpp), checked where a trace enters lutsim (the
// trace CSV reader names the file and row) and before the simulators multiply
// an operator's dimensions, so that no figure of it can overflow.

#include <cstdint>

#include "workloads/trace.hpp"

namespace lutsim {

// The operator's count over a forward pass: M x N x K x batch x count MACs of a
// GEMM or attention op, elements x count of a norm or elementwise op. Throws
// CountLimitError naming the op when it exceeds kMaxOpCount.
std::int64_t check_op_size(const TraceOp& op);

}  // namespace lutsim
