#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_model.hpp"
#include "workloads/trace.hpp"

namespace lutsim {

// How a system runs the model's low-bit linear layers.
enum class LinearMethod {
  kMacTensorCore,  // weights in the MMA type: FP16 (W16A16) or INT8 (W8A8)
  kDequant,        // low-bit weights dequantized to the MMA type (W_INTb A_FP16 / A_INT8)
  kLut,            // low-bit weights on LUT tensor cores
};
std::string_view to_string(LinearMethod m);

// Whether a linear with these weights and activations is a plain MMA on MAC
// tensor cores (16-bit weights with 16-bit float activations, or W8A8 INT8)
// rather than a low-bit kernel.
bool runs_on_mac_tensor_cores(int weight_bits, DataType act_dtype);

// The method a system uses unless told otherwise: MAC tensor cores for one
// linear that allows it, else LUT tensor cores if the GPU has them, else
// dequantization kernels. For a trace: the first linear that needs more decides.
LinearMethod default_linear_method(const HardwareSpec& hw, int weight_bits, DataType act_dtype);
LinearMethod default_linear_method(const HardwareSpec& hw, const GemmTrace& trace);

// Where the LUT tables are computed.
enum class PrecomputeMode {
  kSeparateKernel,  // its own memory-bound kernel before each LUT linear
  // In the preceding norm or elementwise op, which writes tables instead of X,
  // where the compiler's fuse_precompute finds that legal; elsewhere (e.g.
  // after attention's output) its own kernel.
  kFused,
};

// How attention runs.
enum class AttentionMode {
  // One FlashAttention-style kernel per layer over every sequence and head
  // (sim/tile/attention_model.hpp), as frameworks run it: the default.
  kFused,
  // Score GEMM, softmax and value GEMM as separate kernels, the score and
  // value products batched over (sequence, KV head).
  kUnfused,
};
std::string_view to_string(AttentionMode m);                // "fused" | "unfused"
AttentionMode parse_attention_mode(std::string_view name);  // throws std::invalid_argument

struct TilingPlan;  // sim/tile/tiling_plan.hpp

struct SystemSpec {
  std::string label;  // e.g. "A100-LUT-4X W2A16"
  HardwareSpec hw;
  LinearMethod method = LinearMethod::kMacTensorCore;
  PrecomputeMode precompute = PrecomputeMode::kFused;
  bool launch_gaps = false;  // add the host launch gap per kernel (eager mode, no CUDA graphs)
  AttentionMode attention = AttentionMode::kFused;
  // A compiled plan's tilings: every LUT linear is timed with its planned
  // tiling instead of the search (none: searched).
  std::shared_ptr<const TilingPlan> tilings = nullptr;
};

struct OpTime {
  std::string name;               // the trace op's, or "attention" for a fused attention kernel
  OpKind kind = OpKind::kLinear;  // fused attention: kAttentionScore, the first op it replaces
  std::string kernel;  // e.g. "lut w2 fp16", "dense fp16", "memory", "flash attention fp16"
  std::int64_t count = 0;  // occurrences per forward pass
  double time_each_s = 0.0;
  double time_s = 0.0;  // time_each_s x count
  std::string bound;    // compute | dram | l2 | memory
  ActionCounts actions;  // all occurrences
  bool table_precompute = false;  // a LUT linear's table precompute, not a trace op
  int rows_timed_aligned_bytes = 0;  // its GEMM's (GemmEstimate::rows_timed_aligned_bytes)
};

struct EndToEndResult {
  double total_s = 0.0;
  std::vector<OpTime> ops;  // the trace's ops, plus "table_precompute" entries
  ActionCounts actions;     // summed over the ops: one forward pass
  TraceStructure structure = TraceStructure::kNone;  // what the timing could rely on
};

// The operators of `r` timed as aligned though their rows are not
// (OpTime::rows_timed_aligned_bytes), e.g. "lm_head (4-byte rows)",
// comma-separated; "" when none.
std::string ops_timed_as_aligned(const EndToEndResult& r);

// The kernel simulate_forward runs the linear `op` with: the dense kernel for
// 16-bit weights (and W8A8 on kMacTensorCore), else the system's low-bit
// method. Throws std::invalid_argument for low-bit weights on kMacTensorCore.
GemmKernel linear_kernel(const TraceOp& op, const SystemSpec& sys);

// The GEMM simulate_forward times a linear op as.
GemmShape linear_shape(const TraceOp& op);

// The host launch gap each kernel adds (system.launch_gaps), and the time to
// move `bytes` through DRAM at the achieved bandwidth: what memory-bound
// kernels take beyond their fixed time.
double launch_gap(const SystemSpec& system);
double dram_time(const SystemSpec& system, double bytes);

// What simulate_forward assumed for a trace with this structure, for outputs
// (e.g. "none -> no table sharing: ...").
std::string_view structure_assumptions(TraceStructure structure);

// The forward pass of `trace` on `system`: every op timed by the tile model
// (GEMM-like ops by their kernel family's best tiling, other ops by a DRAM
// roofline: elements x 2 bytes x (reads + writes) at the achieved bandwidth,
// plus the fixed kernel time), summed over their counts.
// Actions (OpTime::actions): GEMM-like ops those of their best tiling
// (GemmEstimate::actions); memory-bound ops their DRAM bytes, all through L2
// (their arithmetic is not counted); the table precompute its DRAM and L2
// bytes and 2 x entries - 2 additions per table on CUDA cores (a tree that
// adds +-x_j level by level, each level doubling the partial sums).
// The structure decides what is shared and moved, never op names: with
// TraceStructure::kDataflow, the table precomputes are the compiler's
// (compiler/plan: split_precompute, then fuse_precompute when
// system.precompute is kFused): LUT linears whose input comes from the same
// op (e.g. q/k/v, gate/up) share one, placed before the first of them, run
// fused (the extra bytes the preceding op writes) where fuse_precompute fused
// it and as its own kernel elsewhere; a memory-bound op moves its output once
// plus each operand (at most the output size each: a residual add 3 x, a
// gated activation 3 x, a norm 2 x its elements). Without structure every
// LUT linear has its own precompute kernel (kFused is refused) and
// memory-bound ops move 2 x their elements (structure_assumptions says which).
// Attention: with AttentionMode::kFused each attention score product, the
// elementwise ops after it (softmax, an ALiBi bias) and the next value product
// become one op "attention" timed by best_attention (causal in prefill; an
// ALiBi bias, computed in the kernel, adds no time): with structure the value
// product's probabilities must come from the score through those ops, without
// it they are the ops between the two products; kUnfused times every op as
// the trace gives it.
// Modelling assumptions (stated in outputs): linears whose weights are 16-bit
// and attention's activation x activation products run on the GPU's MAC
// tensor cores in FP16, also on LUT variants; communication between
// tensor-parallel GPUs is not modelled. Throws TraceStructureError for a
// structure trace_graph refuses; ir::GraphError for one the compiler's graph
// refuses; std::invalid_argument for fused precompute on a trace without
// structure, for hardware the LUT passes refuse, and for an op the system cannot
// run (e.g. a low-bit linear on kMacTensorCore, FP8 MMAs on a GPU without
// FP8 tensor cores); DataTypeError for an activation type the op's kernel
// does not model (e.g. bf16 activations on LUT tensor cores).
EndToEndResult simulate_forward(const GemmTrace& trace, const SystemSpec& system);

}  // namespace lutsim
