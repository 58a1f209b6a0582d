#include "workloads/op_size.hpp"

#include <string>

#include "core/numerics/checked_count.hpp"

namespace lutsim {

std::int64_t check_op_size(const TraceOp& op) {
  const std::string what = "op '" + op.name + "'";
  if (op.kind == OpKind::kNorm || op.kind == OpKind::kElementwise) {
    return checked_count({op.elements, op.count}, what + ": elements x count");
  }
  return checked_count({op.m, op.n, op.k, op.batch, op.count},
                       what + ": M x N x K x batch x count MACs");
}

}  // namespace lutsim
