#include "sim/tile/end_to_end.hpp"

#include <set>
#include <stdexcept>

#include "core/numerics/checked_count.hpp"

namespace lutsim {
namespace {

constexpr double kFp16Bytes = 2.0;

// Linears that reuse the tables (or dequantized activations) of the linear
// before them, which reads the same input.
const std::set<std::string> kSharesInput{"k_proj", "v_proj", "ffn_gate"};

GemmKernel linear_kernel(const TraceOp& op, const SystemSpec& sys) {
  if (op.weight_bits == 16 || (runs_on_mac_tensor_cores(op.weight_bits, op.act_dtype) &&
                               sys.method == LinearMethod::kMacTensorCore)) {
    return dense_linear_kernel(sys.hw, op.weight_bits, op.act_dtype);
  }
  switch (sys.method) {
    case LinearMethod::kDequant:
      return dequant_kernel(sys.hw, op.weight_bits, op.act_dtype);
    case LinearMethod::kLut:
      return lut_kernel(sys.hw, op.weight_bits, op.act_dtype);
    case LinearMethod::kMacTensorCore:
      break;
  }
  throw std::invalid_argument(sys.label + ": " + std::to_string(op.weight_bits) +
                              "-bit weights with " + std::string(to_string(op.act_dtype)) +
                              " activations need a dequant or LUT kernel");
}

double launch_gap(const SystemSpec& sys) {
  return sys.launch_gaps ? sys.hw.kernel_launch_overhead_s : 0.0;
}

double dram_time(const SystemSpec& sys, double bytes) {
  return bytes / (sys.hw.dram_bw_bytes_per_s * sys.hw.calibration.dram_efficiency);
}

// Reads + writes per output element of a memory-bound op.
double accesses_per_element(const TraceOp& op, bool gated_ffn) {
  if (op.name == "attn_residual" || op.name == "ffn_residual") return 3.0;
  if (op.name == "ffn_act" && gated_ffn) return 3.0;
  return 2.0;
}

// DRAM traffic that also passes through L2, `count` times.
ActionCounts memory_actions(double bytes, std::int64_t count) {
  ActionCounts a;
  a.dram_bytes = a.l2_bytes = bytes;
  return a.scaled(static_cast<double>(count));
}

OpTime time_gemm_op(const TraceOp& op, const GemmKernel& kernel, const SystemSpec& sys) {
  const GemmShape shape{op.m, op.n, op.k, op.batch, DataType::kFp16};
  const GemmEstimate e = best_gemm(sys.hw, kernel, shape);
  const double each = e.time_s + launch_gap(sys);
  return {op.name,
          op.kind,
          kernel.name,
          op.count,
          each,
          each * op.count,
          std::string(to_string(e.bound)),
          e.actions.scaled(static_cast<double>(op.count))};
}

// An operator's count over the whole forward pass within kMaxOpCount, so that
// no time or action count of it can overflow.
void check_op_size(const TraceOp& op) {
  const std::string what = "op '" + op.name + "'";
  if (op.kind == OpKind::kNorm || op.kind == OpKind::kElementwise) {
    checked_count({op.elements, op.count}, what + ": elements x count");
  } else {
    checked_count({op.m, op.n, op.k, op.batch, op.count},
                  what + ": M x N x K x batch x count MACs");
  }
}

OpTime time_memory_op(const TraceOp& op, const SystemSpec& sys, bool gated_ffn) {
  const double bytes =
      static_cast<double>(op.elements) * kFp16Bytes * accesses_per_element(op, gated_ffn);
  const double each =
      sys.hw.calibration.kernel_fixed_time_s + dram_time(sys, bytes) + launch_gap(sys);
  return {op.name, op.kind,         "memory", op.count,
          each,    each * op.count, "memory", memory_actions(bytes, op.count)};
}

// The table precompute for a LUT linear: its own kernel (read X, write
// tables) or, fused, the extra bytes the preceding op writes.
OpTime time_precompute(const TraceOp& op, const GemmKernel& kernel, const SystemSpec& sys) {
  const double elements = static_cast<double>(op.m) * op.k * op.batch;
  const double table_bytes = elements * kernel.a_bytes_per_elem;
  const bool separate = sys.precompute == PrecomputeMode::kSeparateKernel;
  const double bytes =
      separate ? elements * kFp16Bytes + table_bytes : table_bytes - elements * kFp16Bytes;
  const double each =
      separate ? sys.hw.calibration.kernel_fixed_time_s + dram_time(sys, bytes) + launch_gap(sys)
               : dram_time(sys, std::max(0.0, bytes));
  const LutGemmConfig datapath = lut_datapath(sys.hw, op.weight_bits, op.act_dtype);
  ActionCounts actions = memory_actions(std::max(0.0, bytes), op.count);
  const double tables = static_cast<double>(op.m) * op.batch *
                        ((op.k + datapath.geometry.k - 1) / datapath.geometry.k);
  actions.cuda_core_ops =
      tables * (2.0 * datapath.geometry.table_entries() - 2.0) * static_cast<double>(op.count);
  return {"table_precompute(" + op.name + ")",
          OpKind::kElementwise,
          separate ? "precompute kernel" : "fused into previous op",
          op.count,
          each,
          each * op.count,
          "memory",
          actions};
}

bool has_gate(const GemmTrace& trace) {
  for (const TraceOp& op : trace.ops) {
    if (op.name == "ffn_gate_up" || op.name == "ffn_gate") return true;
  }
  return false;
}

}  // namespace

std::string_view to_string(LinearMethod m) {
  switch (m) {
    case LinearMethod::kMacTensorCore:
      return "mac_tensor_core";
    case LinearMethod::kDequant:
      return "dequant";
    case LinearMethod::kLut:
      return "lut";
  }
  return "?";
}

bool runs_on_mac_tensor_cores(int weight_bits, DataType act_dtype) {
  return (weight_bits == 16 && bytes_of(act_dtype) == 2) ||
         (weight_bits == 8 && act_dtype == DataType::kInt8);
}

LinearMethod default_linear_method(const HardwareSpec& hw, int weight_bits, DataType act_dtype) {
  // 16-bit weights have no low-bit kernel: the dense kernel runs them or names the pairing.
  if (weight_bits == 16 || runs_on_mac_tensor_cores(weight_bits, act_dtype)) {
    return LinearMethod::kMacTensorCore;
  }
  return hw.lut_tensor_core ? LinearMethod::kLut : LinearMethod::kDequant;
}

LinearMethod default_linear_method(const HardwareSpec& hw, const GemmTrace& trace) {
  for (const TraceOp& op : trace.ops) {
    if (op.kind == OpKind::kLinear && !runs_on_mac_tensor_cores(op.weight_bits, op.act_dtype)) {
      return default_linear_method(hw, op.weight_bits, op.act_dtype);
    }
  }
  return LinearMethod::kMacTensorCore;
}

EndToEndResult simulate_forward(const GemmTrace& trace, const SystemSpec& sys) {
  EndToEndResult r;
  const bool gated = has_gate(trace);
  for (const TraceOp& op : trace.ops) {
    check_op_size(op);
    if (op.kind == OpKind::kLinear) {
      const GemmKernel kernel = linear_kernel(op, sys);
      if (kernel.family == KernelFamily::kLut && !kSharesInput.count(op.name)) {
        r.ops.push_back(time_precompute(op, kernel, sys));
      }
      r.ops.push_back(time_gemm_op(op, kernel, sys));
    } else if (op.kind == OpKind::kAttentionScore || op.kind == OpKind::kAttentionValue) {
      r.ops.push_back(time_gemm_op(op, dense_kernel(sys.hw, DataType::kFp16), sys));
    } else {
      r.ops.push_back(time_memory_op(op, sys, gated));
    }
  }
  for (const OpTime& t : r.ops) {
    r.total_s += t.time_s;
    r.actions += t.actions;
  }
  return r;
}

}  // namespace lutsim
