#include "sim/tile/graph_timer.hpp"

#include <algorithm>
#include <stdexcept>

#include "sim/tile/gemm_model.hpp"

namespace lutsim {

double TileNodeTimer::gemm_time_s(const GemmKernel& kernel, const ir::GemmDims& d) const {
  const GemmShape shape{d.m, d.n, d.k, d.batch, DataType::kFp16};
  return best_gemm(sys_.hw, kernel, shape).time_s + launch_gap(sys_);
}

double TileNodeTimer::memory_time_s(const compiler::NodeRun& run) const {
  const std::int64_t own = ir::elements_of(run.node.shape);
  double bytes = static_cast<double>(run.output.elements()) * bytes_of(run.output.dtype);
  for (const ir::Tensor& t : run.operands) {
    bytes += static_cast<double>(std::min(t.elements(), own)) * bytes_of(t.dtype);
  }
  return sys_.hw.calibration.kernel_fixed_time_s + dram_time(sys_, bytes) + launch_gap(sys_);
}

double TileNodeTimer::time_s(const compiler::NodeRun& run) const {
  const ir::Node& n = run.node;
  switch (n.kind) {
    case ir::NodeKind::kInput:
    case ir::NodeKind::kReshape:
      return 0.0;
    case ir::NodeKind::kLutLinear:
      return gemm_time_s(lut_kernel(sys_.hw, n.weight_bits, n.act_dtype), n.gemm);
    case ir::NodeKind::kLinear:
      if (n.weight_bits != 16) {
        throw std::invalid_argument("tile timer: linear '" + n.name + "' has " +
                                    std::to_string(n.weight_bits) +
                                    "-bit weights and no tables: run split_precompute first");
      }
      return gemm_time_s(dense_linear_kernel(sys_.hw, 16, n.act_dtype), n.gemm);
    case ir::NodeKind::kAttentionScore:
    case ir::NodeKind::kAttentionValue:
      return gemm_time_s(dense_kernel(sys_.hw, DataType::kFp16), n.gemm);
    case ir::NodeKind::kPrecompute:
    case ir::NodeKind::kNorm:
    case ir::NodeKind::kElementwise:
    case ir::NodeKind::kSelectRows:
      break;
  }
  return memory_time_s(run);
}

}  // namespace lutsim
