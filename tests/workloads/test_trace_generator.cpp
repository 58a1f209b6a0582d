#include <catch2/catch.hpp>

#include <limits>

#include "tests/workloads/trace_lookup.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"
#include "workloads/trace_metrics.hpp"

using namespace lutsim;
using test::has_op;
using test::op_named;

namespace {

ModelSpec model(const std::string& name) {
  static const ModelCatalog catalog("configs");
  return catalog.load(name);
}

TraceRequest decode(std::int64_t batch, std::int64_t kv_len, int tp = 1) {
  TraceRequest r;
  r.phase = Phase::kDecode;
  r.batch = batch;
  r.kv_len = kv_len;
  r.weight_bits = 4;
  r.tensor_parallel = tp;
  return r;
}

TraceRequest prefill(std::int64_t batch, std::int64_t seq_len) {
  TraceRequest r;
  r.phase = Phase::kPrefill;
  r.batch = batch;
  r.seq_len = seq_len;
  r.weight_bits = 2;
  r.act_dtype = DataType::kInt8;
  return r;
}

void check_gemm(const TraceOp& op, std::int64_t m, std::int64_t n, std::int64_t k,
                std::int64_t batch, std::int64_t count) {
  INFO(op.name);
  CHECK(op.m == m);
  CHECK(op.n == n);
  CHECK(op.k == k);
  CHECK(op.batch == batch);
  CHECK(op.count == count);
}

}  // namespace

TEST_CASE("Llama-2-70B decode at batch 1 does 2 FLOPs per linear weight", "[workloads]") {
  const GemmTrace t = make_trace(model("Llama-2-70B"), decode(1, 1023));
  // Linear weights by hand, per layer: q 8192x8192 = 67,108,864; k and v
  // 1024x8192 = 8,388,608 each; o 67,108,864; gate and up 28672x8192 =
  // 234,881,024 each; down 234,881,024: 855,638,016 x 80 layers
  // = 68,451,041,280, plus the LM head 32000 x 8192 = 262,144,000.
  constexpr std::int64_t kLinearParams = 68'713'185'280;
  CHECK(linear_weight_params(t) == kLinearParams);
  CHECK(total_gemm_flops(t, OpKind::kLinear) == 2 * kLinearParams);
  // Attention per layer: 64 heads x (1 x 1024 x 128) multiply-adds, twice (score, value).
  CHECK(total_gemm_flops(t, OpKind::kAttentionScore) == 80 * 2 * 64 * 1024 * 128);
  CHECK(total_gemm_flops(t, OpKind::kAttentionValue) == 80 * 2 * 64 * 1024 * 128);
  check_gemm(op_named(t, "qkv_proj"), 1, 10240, 8192, 1, 80);
  // GQA: the 8 query heads of each of the 8 KV heads run as one product.
  check_gemm(op_named(t, "attn_score"), 8, 1024, 128, 8, 80);
  check_gemm(op_named(t, "attn_value"), 8, 128, 1024, 8, 80);
  check_gemm(op_named(t, "lm_head"), 1, 32000, 8192, 1, 1);
  CHECK(t.phase == "decode");
  CHECK(t.seq_len == 1);
  CHECK(t.kv_len == 1023);
}

TEST_CASE("OPT-6.7B prefill lists its ops in execution order", "[workloads]") {
  const GemmTrace t = make_trace(model("OPT-6.7B"), prefill(2, 512));
  const std::vector<std::string> order{"input_norm", "qkv_proj", "attn_score",    "attn_softmax",
                                       "attn_value", "attn_out", "attn_residual", "post_attn_norm",
                                       "ffn_up",     "ffn_act",  "ffn_down",      "ffn_residual",
                                       "final_norm", "lm_head"};
  CHECK(test::op_names(t) == order);
  check_gemm(op_named(t, "qkv_proj"), 1024, 12288, 4096, 1, 32);
  check_gemm(op_named(t, "attn_out"), 1024, 4096, 4096, 1, 32);
  check_gemm(op_named(t, "ffn_up"), 1024, 16384, 4096, 1, 32);
  check_gemm(op_named(t, "ffn_down"), 1024, 4096, 16384, 1, 32);
  // Causal prefill counts the full 512 x 512 square per (sequence, head).
  check_gemm(op_named(t, "attn_score"), 512, 512, 128, 64, 32);
  check_gemm(op_named(t, "attn_value"), 512, 128, 512, 64, 32);
  check_gemm(op_named(t, "lm_head"), 2, 50272, 4096, 1, 1);  // last token per sequence
  CHECK(op_named(t, "attn_softmax").elements == 64 * 512 * 512);
  CHECK(op_named(t, "final_norm").elements == 1024 * 4096);
  CHECK(op_named(t, "ffn_act").elements == 1024 * 16384);
  // By hand: per layer 4 x 4096^2 + 2 x 4096 x 16384 = 201,326,592 weights,
  // x 32 layers x 1024 tokens x 2, plus the LM head 2 x 2 x 50272 x 4096.
  CHECK(total_gemm_flops(t, OpKind::kLinear) == 13'194'963'189'760);
  CHECK(total_gemm_flops(t, OpKind::kAttentionScore) +
            total_gemm_flops(t, OpKind::kAttentionValue) ==
        274'877'906'944);
  CHECK(t.seq_len == 512);
  CHECK(t.kv_len == 512);
  CHECK(t.batch == 2);
}

TEST_CASE("linears carry the requested dtypes and the rest stays 16 bit", "[workloads]") {
  GemmTrace t = make_trace(model("OPT-13B"), prefill(1, 16));
  CHECK(op_named(t, "ffn_up").weight_bits == 2);
  CHECK(op_named(t, "ffn_up").act_dtype == DataType::kInt8);
  CHECK(op_named(t, "lm_head").weight_bits == 16);
  CHECK(op_named(t, "lm_head").act_dtype == DataType::kFp16);
  CHECK(op_named(t, "attn_score").weight_bits == 16);
  CHECK(op_named(t, "attn_score").act_dtype == DataType::kFp16);
  CHECK(op_named(t, "input_norm").act_dtype == DataType::kFp16);
  TraceRequest r = decode(4, 100);
  r.act_dtype = DataType::kBf16;
  r.quantize_lm_head = true;
  t = make_trace(model("OPT-13B"), r);
  CHECK(op_named(t, "lm_head").weight_bits == 4);
  CHECK(op_named(t, "attn_value").act_dtype == DataType::kBf16);
  r.include_lm_head = false;
  t = make_trace(model("OPT-13B"), r);
  CHECK_FALSE(has_op(t, "lm_head"));
  CHECK(has_op(t, "final_norm"));
}

TEST_CASE("Llama-2-70B splits over eight GPUs", "[workloads]") {
  const GemmTrace one = make_trace(model("Llama-2-70B"), decode(8, 511, 1));
  const GemmTrace t = make_trace(model("Llama-2-70B"), decode(8, 511, 8));
  CHECK(t.tensor_parallel == 8);
  check_gemm(op_named(t, "qkv_proj"), 8, (8 + 2) * 128, 8192, 1, 80);  // 8 q + 1 k + 1 v heads
  check_gemm(op_named(t, "attn_out"), 8, 8192, 1024, 1, 80);
  check_gemm(op_named(t, "ffn_gate_up"), 8, 2 * 3584, 8192, 1, 80);
  check_gemm(op_named(t, "ffn_down"), 8, 8192, 3584, 1, 80);
  check_gemm(op_named(t, "attn_score"), 8, 512, 128, 8 * 1, 80);  // 8 q heads on 1 KV head
  check_gemm(op_named(t, "lm_head"), 8, 4000, 8192, 1, 1);
  CHECK(op_named(t, "rotary_embedding").elements == 8 * (8 + 1) * 128);
  CHECK(op_named(t, "input_norm").elements == 8 * 8192);  // replicated on every GPU
  for (OpKind k : {OpKind::kLinear, OpKind::kAttentionScore, OpKind::kAttentionValue}) {
    CHECK(8 * total_gemm_flops(t, k) == total_gemm_flops(one, k));
  }
}

TEST_CASE("tensor parallel degrees must divide heads and FFN width", "[workloads]") {
  const ModelSpec m = model("Llama-2-70B");
  CHECK_THROWS_WITH(make_trace(m, decode(1, 0, 3)),
                    "make_trace: tensor_parallel = 3 does not divide num_heads = 64 of "
                    "Llama-2-70B");
  CHECK_THROWS_WITH(make_trace(m, decode(1, 0, 16)),
                    Catch::Contains("does not divide num_kv_heads = 8"));
  CHECK_THROWS_WITH(make_trace(model("BitNet-b1.58-1.3B"), decode(1, 0, 8)),
                    Catch::Contains("does not divide ffn_intermediate_size = 5460"));
  // The LM head's vocabulary is padded instead: 32002 / 4 -> 8001 per GPU.
  CHECK(op_named(make_trace(model("BitNet-b1.58-700M"), decode(1, 0, 4)), "lm_head").n == 8001);
}

TEST_CASE("a pass whose sizes pass the modelled operator limit is refused, not wrapped",
          "[workloads]") {
  // Issue 16: batch = seq = 2e9 wrapped attn_softmax's element count negative.
  const ModelSpec m = model("Llama-2-70B");
  CHECK_THROWS_WITH(make_trace(m, prefill(2000000000, 2000000000)),
                    "make_trace: tokens (batch x query rows) exceeds the modelled limit of 2^56 "
                    "(72057594037927936) per operator");
  CHECK_THROWS_WITH(make_trace(m, decode(1, std::numeric_limits<std::int64_t>::max())),
                    "make_trace: kv_len = 9223372036854775807 leaves no room for the new token");
  // 64 heads x 2^22 x 2^22 x 128 = 2^57 attention MACs; 2^17 tokens give 2^47.
  CHECK_THROWS_WITH(make_trace(m, prefill(1, 1 << 22)),
                    "make_trace: attention (batch x heads x query rows x key columns x head_dim) "
                    "exceeds the modelled limit of 2^56 (72057594037927936) per operator");
  CHECK(op_named(make_trace(m, prefill(1, 1 << 17)), "attn_softmax").elements ==
        std::int64_t{64} << 34);
}

TEST_CASE("bad trace requests are errors", "[workloads]") {
  const ModelSpec m = model("Llama-3-8B");
  TraceRequest r = decode(1, 0);
  r.weight_bits = 9;
  CHECK_THROWS_WITH(make_trace(m, r), "make_trace: weight_bits = 9, expected 1..8 or 16");
  r = decode(1, 0);
  r.act_dtype = DataType::kFp32;
  CHECK_THROWS_WITH(make_trace(m, r), Catch::Contains("act_dtype = 'fp32'"));
  CHECK_THROWS_WITH(make_trace(m, decode(0, 0)), "make_trace: batch = 0, expected >= 1");
  CHECK_THROWS_WITH(make_trace(m, decode(1, -1)), Catch::Contains("kv_len = -1"));
  CHECK_THROWS_WITH(make_trace(m, prefill(1, 0)), Catch::Contains("seq_len = 0"));
  CHECK_THROWS_WITH(make_trace(m, decode(1, 0, 0)), Catch::Contains("tensor_parallel = 0"));
  ModelSpec broken = m;
  broken.head_dim = 0;
  CHECK_THROWS_WITH(make_trace(broken, decode(1, 0)), Catch::Contains("head_dim = 0"));
}

TEST_CASE("decode with an empty cache attends to the new token only", "[workloads]") {
  const GemmTrace t = make_trace(model("Llama-3-8B"), decode(3, 0));
  check_gemm(op_named(t, "attn_score"), 4, 1, 128, 3 * 8, 32);  // 32 q heads on 8 KV heads
  check_gemm(op_named(t, "qkv_proj"), 3, 6144, 4096, 1, 32);
  CHECK(t.kv_len == 0);
}

TEST_CASE("family features add their ops", "[workloads]") {
  const GemmTrace bloom = make_trace(model("BLOOM-7B1"), decode(1, 9));
  CHECK(op_named(bloom, "embed_norm").count == 1);
  CHECK(bloom.ops.front().name == "embed_norm");
  CHECK(op_named(bloom, "alibi_bias").elements == 32 * 10);
  CHECK_FALSE(has_op(bloom, "rotary_embedding"));
  CHECK_FALSE(has_op(bloom, "attn_sub_norm"));
  const GemmTrace bitnet = make_trace(model("BitNet-b1.58-2B4T"), decode(2, 9));
  CHECK(op_named(bitnet, "attn_sub_norm").n == 20 * 128);
  CHECK(op_named(bitnet, "ffn_sub_norm").elements == 2 * 6912);
  CHECK(op_named(bitnet, "ffn_act").elements == 2 * 6912);  // act(gate) * up
  CHECK(op_named(bitnet, "rotary_embedding").n == (20 + 5) * 128);
  CHECK_FALSE(has_op(bitnet, "alibi_bias"));
  CHECK_FALSE(has_op(bitnet, "embed_norm"));
}

// GPT-J / Falcon-7B: attention and FFN read one norm of the layer input and
// meet in one residual add; Falcon-40B gives the FFN its own norm of the input.
TEST_CASE("parallel blocks feed attention and FFN from the layer input", "[workloads]") {
  ModelSpec m = model("Llama-2-7B");
  m.gated_ffn = false;
  m.block = "parallel";
  GemmTrace t = make_trace(m, decode(4, 16));
  CHECK_FALSE(has_op(t, "attn_residual"));
  CHECK_FALSE(has_op(t, "post_attn_norm"));
  CHECK(op_named(t, "qkv_proj").inputs == std::vector<std::string>{"input_norm"});
  CHECK(op_named(t, "ffn_up").inputs == std::vector<std::string>{"input_norm"});
  CHECK(op_named(t, "ffn_residual").inputs ==
        std::vector<std::string>{"ffn_down", "attn_out", std::string(kTraceInput)});
  CHECK(op_named(t, "final_norm").inputs == std::vector<std::string>{"ffn_residual"});

  m.block = "parallel_two_norms";
  t = make_trace(m, decode(4, 16));
  CHECK(op_named(t, "ffn_norm").inputs == std::vector<std::string>{std::string(kTraceInput)});
  CHECK(op_named(t, "ffn_up").inputs == std::vector<std::string>{"ffn_norm"});
  CHECK(op_named(t, "ffn_residual").inputs ==
        std::vector<std::string>{"ffn_down", "attn_out", std::string(kTraceInput)});

  m.block = "sequentiall";
  CHECK_THROWS_WITH(make_trace(m, decode(4, 16)),
                    Catch::Contains("block = 'sequentiall'") &&
                        Catch::Contains("expected sequential, parallel or parallel_two_norms"));
}

TEST_CASE("linear fusion follows the framework the checkpoint or neither", "[workloads]") {
  TraceRequest r = decode(1, 0);
  r.fusion = LinearFusion::kCheckpoint;
  const GemmTrace llama = make_trace(model("Llama-2-7B"), r);
  CHECK_FALSE(has_op(llama, "qkv_proj"));
  CHECK(op_named(llama, "k_proj").n == 4096);
  CHECK(op_named(llama, "ffn_gate").n == 11008);
  CHECK(op_named(llama, "ffn_up").n == 11008);
  CHECK(has_op(make_trace(model("BLOOM-176B"), r), "qkv_proj"));  // query_key_value
  r.fusion = LinearFusion::kSeparate;
  CHECK(op_named(make_trace(model("BLOOM-176B"), r), "v_proj").n == 14336);
  for (auto f : {LinearFusion::kFramework, LinearFusion::kCheckpoint, LinearFusion::kSeparate}) {
    CHECK(parse_linear_fusion(to_string(f)) == f);
    r.fusion = f;
    CHECK(total_gemm_flops(make_trace(model("Llama-2-7B"), r), OpKind::kLinear) ==
          2 * linear_weight_params(make_trace(model("Llama-2-7B"), decode(1, 0))));
  }
  CHECK_THROWS_AS(parse_linear_fusion("fused"), std::invalid_argument);
}

TEST_CASE("phase and op kind names round-trip", "[workloads]") {
  CHECK(parse_phase(to_string(Phase::kPrefill)) == Phase::kPrefill);
  CHECK(parse_phase("decode") == Phase::kDecode);
  CHECK_THROWS_AS(parse_phase("train"), std::invalid_argument);
  for (OpKind k : {OpKind::kLinear, OpKind::kAttentionScore, OpKind::kAttentionValue, OpKind::kNorm,
                   OpKind::kElementwise}) {
    CHECK(parse_op_kind(to_string(k)) == k);
  }
  CHECK(to_string(OpKind::kAttentionScore) == "attention_score");
  CHECK_THROWS_WITH(parse_op_kind("conv"), Catch::StartsWith("unknown op kind 'conv'"));
}

TEST_CASE("a forward pass processes batch x seq_len tokens in prefill, batch in decode",
          "[workloads]") {
  const ModelSpec m = model("Llama-3-8B");
  TraceRequest r;
  r.phase = Phase::kPrefill;
  r.batch = 3;
  r.seq_len = 128;
  CHECK(tokens_per_forward(make_trace(m, r)) == 384);
  r.phase = Phase::kDecode;
  r.kv_len = 1000;
  CHECK(tokens_per_forward(make_trace(m, r)) == 3);
  GemmTrace t = make_trace(m, r);
  t.phase = "train";
  CHECK_THROWS_WITH(tokens_per_forward(t), Catch::Contains("unknown phase 'train'"));
}
