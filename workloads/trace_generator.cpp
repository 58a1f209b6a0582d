#include "workloads/trace_generator.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/numerics/checked_count.hpp"

namespace lutsim {
namespace {

std::invalid_argument request_error(const std::string& message) {
  return std::invalid_argument("make_trace: " + message);
}

void check_request(const TraceRequest& r) {
  if (r.batch < 1) throw request_error("batch = " + std::to_string(r.batch) + ", expected >= 1");
  if (r.phase == Phase::kPrefill && r.seq_len < 1) {
    throw request_error("seq_len = " + std::to_string(r.seq_len) + ", expected >= 1 in prefill");
  }
  if (r.phase == Phase::kDecode && r.kv_len < 0) {
    throw request_error("kv_len = " + std::to_string(r.kv_len) + ", expected >= 0 in decode");
  }
  if (r.phase == Phase::kDecode && r.kv_len == std::numeric_limits<std::int64_t>::max()) {
    throw request_error("kv_len = " + std::to_string(r.kv_len) + " leaves no room for the new token");
  }
  if (!((r.weight_bits >= 1 && r.weight_bits <= 8) || r.weight_bits == 16)) {
    throw request_error("weight_bits = " + std::to_string(r.weight_bits) + ", expected 1..8 or 16");
  }
  if (!is_one_of(r.act_dtype, kTraceActivationTypes)) {
    throw request_error("act_dtype = '" + std::string(to_string(r.act_dtype)) +
                        "', expected one of: " + names_of(kTraceActivationTypes));
  }
  if (r.tensor_parallel < 1) {
    throw request_error("tensor_parallel = " + std::to_string(r.tensor_parallel) +
                        ", expected >= 1");
  }
}

// core's one check of operator sizes, with make_trace's prefix
std::int64_t checked_size(const std::string& what, std::initializer_list<std::int64_t> factors) {
  return checked_count(factors, "make_trace: " + what);
}

void check_divides(int tp, const char* what, int value, const std::string& model) {
  if (value % tp != 0) {
    throw request_error("tensor_parallel = " + std::to_string(tp) + " does not divide " + what +
                        " = " + std::to_string(value) + " of " + model);
  }
}

// A hand-built ModelSpec has not been through read_model's ranges.
void check_model(const ModelSpec& m) {
  const std::array<std::pair<const char*, int>, 7> sizes{
      {{"num_layers", m.num_layers},
       {"hidden_size", m.hidden_size},
       {"ffn_intermediate_size", m.ffn_intermediate_size},
       {"num_heads", m.num_heads},
       {"num_kv_heads", m.num_kv_heads},
       {"head_dim", m.head_dim},
       {"vocab_size", m.vocab_size}}};
  for (const auto& [what, value] : sizes) {
    if (value < 1) {
      throw request_error(std::string(what) + " = " + std::to_string(value) + " of " + m.name +
                          ", expected >= 1");
    }
  }
  if (std::find(kModelBlocks.begin(), kModelBlocks.end(), m.block) == kModelBlocks.end()) {
    throw request_error("block = '" + m.block + "' of " + m.name +
                        ", expected sequential, parallel or parallel_two_norms");
  }
}

// Per-GPU sizes of one pass; see make_trace's contract for the symbols.
struct Dims {
  std::int64_t seqs = 0;     // batch
  std::int64_t tokens = 0;   // T
  std::int64_t q_rows = 0;   // S
  std::int64_t kv_cols = 0;  // L
  std::int64_t hidden = 0;
  std::int64_t heads = 0;     // hq
  std::int64_t kv_heads = 0;  // hkv
  std::int64_t head_dim = 0;  // d
  std::int64_t ffn = 0;       // F / tp
  std::int64_t vocab = 0;     // ceil(vocab / tp)
  std::int64_t layers = 0;
};

Dims derive_dims(const ModelSpec& m, const TraceRequest& r) {
  const int tp = r.tensor_parallel;
  check_divides(tp, "num_heads", m.num_heads, m.name);
  check_divides(tp, "num_kv_heads", m.num_kv_heads, m.name);
  check_divides(tp, "ffn_intermediate_size", m.ffn_intermediate_size, m.name);
  const bool prefill = r.phase == Phase::kPrefill;
  Dims d;
  d.seqs = r.batch;
  d.q_rows = prefill ? r.seq_len : 1;
  d.kv_cols = prefill ? r.seq_len : r.kv_len + 1;
  d.tokens = checked_size("tokens (batch x query rows)", {d.seqs, d.q_rows});
  d.hidden = m.hidden_size;
  d.heads = m.num_heads / tp;
  d.kv_heads = m.num_kv_heads / tp;
  d.head_dim = m.head_dim;
  d.ffn = m.ffn_intermediate_size / tp;
  d.vocab = (m.vocab_size + tp - 1) / tp;
  d.layers = m.num_layers;
  // the largest operator of the pass, so that the per-op products below
  // (batch x heads, group x rows) cannot wrap before their own checks
  checked_size("attention (batch x heads x query rows x key columns x head_dim)",
               {d.seqs, d.heads, d.q_rows, d.kv_cols, d.head_dim});
  return d;
}

// The producers of an op's operands (TraceOp::inputs).
using Inputs = std::vector<std::string>;

// Appends ops to a trace with the request's dtypes.
class OpWriter {
 public:
  OpWriter(const TraceRequest& r, std::vector<TraceOp>& ops)
      : request_(r),
        ops_(ops),
        wide_dtype_(r.act_dtype == DataType::kBf16 ? DataType::kBf16 : DataType::kFp16) {}

  void linear(std::string name, std::int64_t m, std::int64_t n, std::int64_t k, std::int64_t count,
              Inputs in, bool quantized = true) {
    checked_size("op " + name + " (M x N x K)", {m, n, k});
    TraceOp op = base(std::move(name), OpKind::kLinear, count, std::move(in));
    op.m = m;
    op.n = n;
    op.k = k;
    op.act_dtype = quantized ? request_.act_dtype : wide_dtype_;
    op.weight_bits = quantized ? request_.weight_bits : 16;
    ops_.push_back(std::move(op));
  }

  void attention(std::string name, OpKind kind, std::int64_t batch, std::int64_t m, std::int64_t n,
                 std::int64_t k, std::int64_t count, Inputs in) {
    checked_size("op " + name + " (batch x M x N x K)", {batch, m, n, k});
    TraceOp op = base(std::move(name), kind, count, std::move(in));
    op.batch = batch;
    op.m = m;
    op.n = n;
    op.k = k;
    ops_.push_back(std::move(op));
  }

  // A norm or elementwise op over `batch` instances of rows x width.
  void rows(std::string name, OpKind kind, std::int64_t batch, std::int64_t rows,
            std::int64_t width, std::int64_t count, Inputs in) {
    const std::int64_t elements =
        checked_size("op " + name + " (batch x rows x width)", {batch, rows, width});
    TraceOp op = base(std::move(name), kind, count, std::move(in));
    op.batch = batch;
    op.m = rows;
    op.n = width;
    op.elements = elements;
    ops_.push_back(std::move(op));
  }

 private:
  TraceOp base(std::string name, OpKind kind, std::int64_t count, Inputs in) const {
    TraceOp op;
    op.name = std::move(name);
    op.inputs = std::move(in);
    op.kind = kind;
    op.act_dtype = wide_dtype_;
    op.weight_bits = 16;
    op.count = count;
    return op;
  }

  const TraceRequest& request_;
  std::vector<TraceOp>& ops_;
  DataType wide_dtype_;  // the 16-bit type of everything but quantized linears
};

bool fuse_qkv(const ModelSpec& m, LinearFusion f) {
  return f == LinearFusion::kFramework ||
         (f == LinearFusion::kCheckpoint && m.qkv_fused_in_checkpoint);
}

// The ops whose outputs are Q, K and V.
struct QkvSources {
  std::string q, k, v;
};

// The Q, K, V linears, all reading `x`.
QkvSources add_qkv(const ModelSpec& m, const TraceRequest& r, const Dims& d, const std::string& x,
                   OpWriter& w) {
  const std::int64_t q = d.heads * d.head_dim;
  const std::int64_t kv = d.kv_heads * d.head_dim;
  if (fuse_qkv(m, r.fusion)) {
    w.linear("qkv_proj", d.tokens, q + 2 * kv, d.hidden, d.layers, {x});
    return {"qkv_proj", "qkv_proj", "qkv_proj"};
  }
  w.linear("q_proj", d.tokens, q, d.hidden, d.layers, {x});
  w.linear("k_proj", d.tokens, kv, d.hidden, d.layers, {x});
  w.linear("v_proj", d.tokens, kv, d.hidden, d.layers, {x});
  return {"q_proj", "k_proj", "v_proj"};
}

// Rotary embedding rotates Q and K in place: one operand when both are
// columns of a fused qkv_proj, else two.
QkvSources add_rotary(const Dims& d, QkvSources s, OpWriter& w) {
  const Inputs in = s.q == s.k ? Inputs{s.q} : Inputs{s.q, s.k};
  w.rows("rotary_embedding", OpKind::kElementwise, 1, d.tokens, (d.heads + d.kv_heads) * d.head_dim,
         d.layers, in);
  s.q = s.k = "rotary_embedding";
  return s;
}

// Ops from the layer's input `x` to the attention block's residual add.
void add_attention(const ModelSpec& m, const TraceRequest& r, const Dims& d, const std::string& x,
                   OpWriter& w) {
  const std::int64_t n = d.layers;
  const std::int64_t instances = d.seqs * d.heads;
  // GQA: the query heads sharing a KV head run as one product, so K and V
  // are read once per KV head (M = group x query rows).
  const std::int64_t group = d.heads / d.kv_heads;
  const std::int64_t kv_instances = d.seqs * d.kv_heads;
  w.rows("input_norm", OpKind::kNorm, 1, d.tokens, d.hidden, n, {x});
  QkvSources qkv = add_qkv(m, r, d, "input_norm", w);
  if (m.position_encoding == "rotary") qkv = add_rotary(d, qkv, w);
  w.attention("attn_score", OpKind::kAttentionScore, kv_instances, group * d.q_rows, d.kv_cols,
              d.head_dim, n, {qkv.q, qkv.k});
  std::string scores = "attn_score";
  if (m.position_encoding == "alibi") {
    w.rows("alibi_bias", OpKind::kElementwise, instances, d.q_rows, d.kv_cols, n, {scores});
    scores = "alibi_bias";
  }
  w.rows("attn_softmax", OpKind::kElementwise, instances, d.q_rows, d.kv_cols, n, {scores});
  w.attention("attn_value", OpKind::kAttentionValue, kv_instances, group * d.q_rows, d.head_dim,
              d.kv_cols, n, {"attn_softmax", qkv.v});
  std::string heads = "attn_value";
  if (m.sub_norms) {
    w.rows("attn_sub_norm", OpKind::kNorm, 1, d.tokens, d.heads * d.head_dim, n, {heads});
    heads = "attn_sub_norm";
  }
  w.linear("attn_out", d.tokens, d.hidden, d.heads * d.head_dim, n, {heads});
  // A parallel block adds the attention output in the FFN's residual add.
  if (m.block == "sequential") {
    w.rows("attn_residual", OpKind::kElementwise, 1, d.tokens, d.hidden, n, {"attn_out", x});
  }
}

// The FFN's up projection(s) reading `x`; returns the activation's operands
// (a merged gate_up GEMM gives both the gate and the up half).
Inputs add_ffn_up(const ModelSpec& m, const TraceRequest& r, const Dims& d, const std::string& x,
                  OpWriter& w) {
  const std::int64_t n = d.layers;
  if (!m.gated_ffn) {
    w.linear("ffn_up", d.tokens, d.ffn, d.hidden, n, {x});
    return {"ffn_up"};
  }
  if (r.fusion == LinearFusion::kFramework) {
    w.linear("ffn_gate_up", d.tokens, 2 * d.ffn, d.hidden, n, {x});
    return {"ffn_gate_up", "ffn_gate_up"};
  }
  w.linear("ffn_gate", d.tokens, d.ffn, d.hidden, n, {x});
  w.linear("ffn_up", d.tokens, d.ffn, d.hidden, n, {x});
  return {"ffn_gate", "ffn_up"};
}

// The FFN's input: the norm of the attention block's residual (sequential),
// the attention's own norm of the layer input `x` (parallel), or a second norm
// of `x` (parallel_two_norms).
std::string add_ffn_norm(const ModelSpec& m, const Dims& d, const std::string& x, OpWriter& w) {
  if (m.block == "parallel") return "input_norm";
  const bool sequential = m.block == "sequential";
  const std::string name = sequential ? "post_attn_norm" : "ffn_norm";
  w.rows(name, OpKind::kNorm, 1, d.tokens, d.hidden, d.layers, {sequential ? "attn_residual" : x});
  return name;
}

// Ops from the FFN's norm to the layer's last residual add (`x`: the layer input).
void add_ffn(const ModelSpec& m, const TraceRequest& r, const Dims& d, const std::string& x,
             OpWriter& w) {
  const std::int64_t n = d.layers;
  const Inputs act_in = add_ffn_up(m, r, d, add_ffn_norm(m, d, x, w), w);
  w.rows("ffn_act", OpKind::kElementwise, 1, d.tokens, d.ffn, n, act_in);
  std::string hidden = "ffn_act";
  if (m.sub_norms) {
    w.rows("ffn_sub_norm", OpKind::kNorm, 1, d.tokens, d.ffn, n, {hidden});
    hidden = "ffn_sub_norm";
  }
  w.linear("ffn_down", d.tokens, d.hidden, d.ffn, n, {hidden});
  const Inputs residual = m.block == "sequential" ? Inputs{"ffn_down", "attn_residual"}
                                                  : Inputs{"ffn_down", "attn_out", x};
  w.rows("ffn_residual", OpKind::kElementwise, 1, d.tokens, d.hidden, n, residual);
}

}  // namespace

std::string_view to_string(Phase phase) {
  return phase == Phase::kPrefill ? "prefill" : "decode";
}

Phase parse_phase(std::string_view name) {
  if (name == "prefill") return Phase::kPrefill;
  if (name == "decode") return Phase::kDecode;
  throw std::invalid_argument("unknown phase '" + std::string(name) +
                              "' (one of: prefill, decode)");
}

std::string_view to_string(LinearFusion fusion) {
  switch (fusion) {
    case LinearFusion::kFramework:
      return "framework";
    case LinearFusion::kCheckpoint:
      return "checkpoint";
    case LinearFusion::kSeparate:
      return "separate";
  }
  throw std::invalid_argument("to_string(LinearFusion): bad value");
}

LinearFusion parse_linear_fusion(std::string_view name) {
  for (auto f : {LinearFusion::kFramework, LinearFusion::kCheckpoint, LinearFusion::kSeparate}) {
    if (to_string(f) == name) return f;
  }
  throw std::invalid_argument("unknown linear fusion '" + std::string(name) +
                              "' (one of: framework, checkpoint, separate)");
}

GemmTrace make_trace(const ModelSpec& model, const TraceRequest& request) {
  check_request(request);
  check_model(model);
  const Dims d = derive_dims(model, request);
  GemmTrace trace;
  trace.model = model.name;
  trace.phase = std::string(to_string(request.phase));
  trace.batch = request.batch;
  trace.seq_len = d.q_rows;
  trace.kv_len = request.phase == Phase::kPrefill ? request.seq_len : request.kv_len;
  trace.tensor_parallel = request.tensor_parallel;
  trace.structure = TraceStructure::kDataflow;
  OpWriter w(request, trace.ops);
  std::string layer_input(kTraceInput);
  if (model.embedding_norm) {
    w.rows("embed_norm", OpKind::kNorm, 1, d.tokens, d.hidden, 1, {layer_input});
    layer_input = "embed_norm";
  }
  add_attention(model, request, d, layer_input, w);
  add_ffn(model, request, d, layer_input, w);
  w.rows("final_norm", OpKind::kNorm, 1, d.tokens, d.hidden, 1, {"ffn_residual"});
  if (request.include_lm_head) {
    w.linear("lm_head", d.seqs, d.vocab, d.hidden, 1, {"final_norm"}, request.quantize_lm_head);
  }
  return trace;
}

}  // namespace lutsim
