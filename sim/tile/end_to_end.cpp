#include "sim/tile/end_to_end.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "compiler/plan/precompute_plan.hpp"
#include "sim/tile/attention_model.hpp"
#include "sim/tile/tiling_plan.hpp"
#include "workloads/op_size.hpp"
#include "workloads/trace_graph.hpp"

namespace lutsim {

double launch_gap(const SystemSpec& sys) {
  return sys.launch_gaps ? sys.hw.kernel_launch_overhead_s : 0.0;
}

double dram_time(const SystemSpec& sys, double bytes) {
  return bytes / (sys.hw.dram_bw_bytes_per_s * sys.hw.calibration.dram_efficiency);
}

namespace {

constexpr double kFp16Bytes = 2.0;

// What the simulator reads from a trace's structure: the producers of each
// op's operands, none known without structure.
class Dataflow {
 public:
  explicit Dataflow(const GemmTrace& trace) : trace_(trace) {
    if (trace.structure == TraceStructure::kDataflow) graph_ = trace_graph(trace);
  }

  // Values a memory-bound op moves per run: its output written once and each
  // operand read, at most the op's output size (of a wider producer it reads
  // a part, e.g. the Q and K columns of a fused qkv_proj); an operand from
  // outside the trace at the output size. Without structure: one operand.
  std::int64_t values_moved(std::size_t i) const {
    const TraceOp& op = trace_.ops[i];
    if (!graph_) return 2 * op.elements;
    std::int64_t values = op.elements;
    for (const int p : graph_->producers[i]) {
      values += p == kExternalProducer ? op.elements
                                       : std::min(output_elements(trace_.ops[p]), op.elements);
    }
    return values;
  }

  // The op that produces a linear's input, or an elementwise op's or an
  // attention product's first operand (kExternalProducer: from outside the
  // trace); nullopt without structure.
  std::optional<int> input_producer(std::size_t i) const {
    if (!graph_) return std::nullopt;
    return graph_->producers[i].front();
  }

 private:
  const GemmTrace& trace_;
  std::optional<TraceGraph> graph_;
};

// Which LUT linears build tables, and where: with structure, the compiler's
// plan (split_precompute, then fuse_precompute in fused mode: the decisions
// `lutsim compile` reports); without structure every LUT linear builds its
// own tables in its own kernel, and fused mode is refused (what precedes a
// linear is unknown). The plan is made at the first LUT linear, so that a
// system without LUT tensor cores is refused by the LUT kernel first.
class TableSources {
 public:
  TableSources(const GemmTrace& trace, const SystemSpec& sys) : trace_(trace), sys_(sys) {}

  // How the precompute before the LUT linear `i` runs; nullopt when the
  // linear reads tables built for an earlier one.
  std::optional<PrecomputeMode> precompute_before(std::size_t i) {
    const bool fused_mode = sys_.precompute == PrecomputeMode::kFused;
    if (trace_.structure != TraceStructure::kDataflow) {
      if (fused_mode) refuse_unstructured(i);
      return PrecomputeMode::kSeparateKernel;
    }
    if (!planned_) {
      plan_ = compiler::precompute_plan(trace_, compiler::pass_context(sys_.hw),
                                        compiler::precompute_passes(fused_mode));
      planned_ = true;
    }
    const std::optional<compiler::LinearTables>& t = plan_.ops.at(i);
    if (!t) {
      throw std::logic_error("op '" + trace_.ops[i].name +
                             "' runs on the LUT kernel but the compiler's plan gives it no tables");
    }
    if (!t->builds) return std::nullopt;
    return t->fused ? PrecomputeMode::kFused : PrecomputeMode::kSeparateKernel;
  }

 private:
  [[noreturn]] void refuse_unstructured(std::size_t i) const {
    throw std::invalid_argument(
        "precompute fused: trace '" + trace_.model + "' has no structure (no op lists its "
        "inputs), so which op writes the activations of LUT linear '" + trace_.ops[i].name +
        "', and whether its table precompute can fuse into that op, is unknown: give the trace "
        "its inputs column or run the precompute separate");
  }

  const GemmTrace& trace_;
  const SystemSpec& sys_;
  compiler::PrecomputePlan plan_;  // made at the first LUT linear
  bool planned_ = false;
};

// DRAM traffic that also passes through L2, `count` times.
ActionCounts memory_actions(double bytes, std::int64_t count) {
  ActionCounts a;
  a.dram_bytes = a.l2_bytes = bytes;
  return a.scaled(static_cast<double>(count));
}

OpTime time_gemm_op(const TraceOp& op, const GemmKernel& kernel, const SystemSpec& sys) {
  const GemmEstimate e = sys.tilings && kernel.family == KernelFamily::kLut
                             ? planned_estimate(*sys.tilings, op, kernel, sys)
                             : best_gemm(sys.hw, kernel, linear_shape(op));
  const double each = e.time_s + launch_gap(sys);
  OpTime t{op.name,
           op.kind,
           kernel.name,
           op.count,
           each,
           each * op.count,
           std::string(to_string(e.bound)),
           e.actions.scaled(static_cast<double>(op.count))};
  t.rows_timed_aligned_bytes = e.rows_timed_aligned_bytes;
  return t;
}

OpTime time_memory_op(const TraceOp& op, std::int64_t values_moved, const SystemSpec& sys) {
  const double bytes = static_cast<double>(values_moved) * kFp16Bytes;
  const double each =
      sys.hw.calibration.kernel_fixed_time_s + dram_time(sys, bytes) + launch_gap(sys);
  return {op.name, op.kind,         "memory", op.count,
          each,    each * op.count, "memory", memory_actions(bytes, op.count)};
}

// The table precompute for a LUT linear: its own kernel (read X, write
// tables) or, fused, the extra bytes the preceding op writes.
OpTime time_precompute(const TraceOp& op, const GemmKernel& kernel, PrecomputeMode mode,
                       const SystemSpec& sys) {
  const double elements = static_cast<double>(op.m) * op.k * op.batch;
  const double table_bytes = elements * kernel.a_bytes_per_elem;
  const bool separate = mode == PrecomputeMode::kSeparateKernel;
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
          actions,
          true};
}

// The ops one fused kernel runs: an attention score product, the elementwise
// ops after it and the value product.
struct AttentionOps {
  std::size_t score = 0;
  std::size_t probabilities = 0;  // the op whose output the value product reads as P
  std::size_t value = 0;
};

[[noreturn]] void refuse_fusion(const GemmTrace& trace, std::size_t i, const std::string& why) {
  throw std::invalid_argument("fused attention: op " + std::to_string(i) + " (" +
                              trace.ops[i].name + ") " + why +
                              " (run the trace with unfused attention)");
}

// The ops from the score product at `score` to the next value product; with
// structure, the value product's P must come from the score through the ops
// between them.
AttentionOps attention_ops(const GemmTrace& trace, const Dataflow& flow, std::size_t score) {
  AttentionOps a{score, score, score + 1};
  const std::vector<TraceOp>& ops = trace.ops;
  while (a.value < ops.size() && ops[a.value].kind == OpKind::kElementwise) ++a.value;
  if (a.value == score + 1 || a.value == ops.size() ||
      ops[a.value].kind != OpKind::kAttentionValue) {
    refuse_fusion(trace, score, "is not followed by elementwise ops (the softmax) and a value product");
  }
  a.probabilities = a.value - 1;
  if (const auto p = flow.input_producer(a.value)) {
    if (*p <= static_cast<int>(score) || *p >= static_cast<int>(a.value)) {
      refuse_fusion(trace, a.value, "does not read its probabilities from the ops after the score");
    }
    a.probabilities = static_cast<std::size_t>(*p);
    for (int q = *p; q != static_cast<int>(score); q = *flow.input_producer(q)) {
      if (q < static_cast<int>(score)) {
        refuse_fusion(trace, a.value, "reads probabilities that do not come from the score");
      }
    }
  }
  return a;
}

// The call one fused kernel runs: the score product is batch = sequences x
// KV heads, M = group x query rows, N = keys, K = head dim; the
// probabilities' batch is sequences x query heads.
AttentionShape fused_attention_shape(const GemmTrace& trace, const AttentionOps& a) {
  const TraceOp& score = trace.ops[a.score];
  const TraceOp& probs = trace.ops[a.probabilities];
  const std::int64_t group = probs.batch / score.batch;
  if (group < 1 || probs.batch % score.batch != 0 || score.m % group != 0) {
    refuse_fusion(trace, a.probabilities,
                  "has batch " + std::to_string(probs.batch) +
                      ", not the query heads of a score product of batch " +
                      std::to_string(score.batch) + " and M " + std::to_string(score.m));
  }
  return {.batch = score.batch,
          .q_heads = group,
          .kv_heads = 1,
          .q_len = score.m / group,
          .kv_len = score.n,
          .head_dim = score.k,
          .causal = trace.phase == "prefill",
          .type = score.act_dtype};
}

OpTime time_fused_attention(const GemmTrace& trace, const AttentionOps& a, const SystemSpec& sys) {
  const TraceOp& score = trace.ops[a.score];
  const AttentionShape shape = fused_attention_shape(trace, a);
  const AttentionEstimate e = best_attention(sys.hw, shape);
  const double kernels = e.tiling.kv_splits > 1 ? 2.0 : 1.0;
  const double each = e.time_s + kernels * launch_gap(sys);
  return {"attention",
          score.kind,
          e.kernel_name(shape),
          score.count,
          each,
          each * score.count,
          std::string(to_string(e.bound)),
          e.actions.scaled(static_cast<double>(score.count))};
}

}  // namespace

GemmShape linear_shape(const TraceOp& op) {
  return {op.m, op.n, op.k, op.batch, DataType::kFp16};
}

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

std::string_view to_string(AttentionMode m) {
  return m == AttentionMode::kFused ? "fused" : "unfused";
}

AttentionMode parse_attention_mode(std::string_view name) {
  if (name == "fused") return AttentionMode::kFused;
  if (name == "unfused") return AttentionMode::kUnfused;
  throw std::invalid_argument("attention must be fused or unfused, got '" + std::string(name) +
                              "'");
}

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

std::string_view structure_assumptions(TraceStructure structure) {
  if (structure == TraceStructure::kDataflow) {
    return "dataflow: the compiler's split_precompute and fuse_precompute decide the table "
           "precompute (LUT linears reading the same input share one; it fuses into a preceding "
           "norm or elementwise op that only it reads); norms and elementwise ops read each of "
           "their operands";
  }
  return "none -> no table sharing: every LUT linear computes its own tables in its own kernel "
         "(fused precompute is refused); norms and elementwise ops read one operand of their "
         "output size";
}

EndToEndResult simulate_forward(const GemmTrace& trace, const SystemSpec& sys) {
  EndToEndResult r;
  r.structure = trace.structure;
  const Dataflow flow(trace);
  TableSources tables(trace, sys);
  for (const TraceOp& op : trace.ops) check_op_size(op);
  for (std::size_t i = 0; i < trace.ops.size(); ++i) {
    const TraceOp& op = trace.ops[i];
    if (op.kind == OpKind::kAttentionScore && sys.attention == AttentionMode::kFused) {
      const AttentionOps a = attention_ops(trace, flow, i);
      r.ops.push_back(time_fused_attention(trace, a, sys));
      i = a.value;
    } else if (op.kind == OpKind::kLinear) {
      const GemmKernel kernel = linear_kernel(op, sys);
      if (kernel.family == KernelFamily::kLut) {
        if (const auto mode = tables.precompute_before(i)) {
          r.ops.push_back(time_precompute(op, kernel, *mode, sys));
        }
      }
      r.ops.push_back(time_gemm_op(op, kernel, sys));
    } else if (op.kind == OpKind::kAttentionScore || op.kind == OpKind::kAttentionValue) {
      r.ops.push_back(time_gemm_op(op, dense_kernel(sys.hw, DataType::kFp16), sys));
    } else {
      r.ops.push_back(time_memory_op(op, flow.values_moved(i), sys));
    }
  }
  for (const OpTime& t : r.ops) {
    r.total_s += t.time_s;
    r.actions += t.actions;
  }
  return r;
}

std::string ops_timed_as_aligned(const EndToEndResult& r) {
  std::string ops;
  for (const OpTime& op : r.ops) {
    if (op.rows_timed_aligned_bytes == 0) continue;
    ops += (ops.empty() ? "" : ", ") + op.name + " (" +
           std::to_string(op.rows_timed_aligned_bytes) + "-byte rows)";
  }
  return ops;
}

}  // namespace lutsim
