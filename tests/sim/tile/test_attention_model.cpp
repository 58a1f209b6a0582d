// The fused-attention kernel family (sim/tile/attention_model.hpp): tile
// counts under causal masking and GQA packing, hand-computed times on a toy
// GPU, and the end-to-end forward pass with fused and unfused attention.
#include <catch2/catch.hpp>

#include "sim/tile/attention_model.hpp"
#include "sim/tile/end_to_end.hpp"
#include "tests/support/committed_hardware.hpp"
#include "tests/workloads/trace_lookup.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;

namespace {

// One SM at 1 GHz, 1024 FP16 FMAs and 16 exp2 per cycle, memory and fixed
// times negligible: times are the SM's cycles / 1e9.
HardwareSpec toy_gpu(int sms = 1) {
  HardwareSpec h;
  h.name = "toy";
  h.sm_count = sms;
  h.sm_clock_hz = 1e9;
  h.register_file_bytes_per_sm = 262144;
  h.smem_bytes_per_sm = 233472;
  h.fp16_fma_per_cycle_per_sm = 1024;
  h.cuda_core_ops_per_cycle_per_sm = 128;
  h.sfu_ops_per_cycle_per_sm = 16;
  h.dram_bw_bytes_per_s = 1e18;
  h.l2_bw_bytes_per_cycle = 1e9;
  h.calibration = {.tensor_efficiency = 1.0,
                   .dram_efficiency = 1.0,
                   .l2_efficiency = 1.0,
                   .max_dram_bw_per_sm_bytes_per_s = 1e18,
                   .mem_compute_overlap = 1.0};
  h.fused_attention = FusedAttentionSpec{.stream_dram_efficiency = 1.0, .call_fixed_time_s = 0.0};
  return h;
}

AttentionShape mha(std::int64_t q_len, std::int64_t kv_len, bool causal) {
  return {.batch = 1, .q_heads = 1, .kv_heads = 1, .q_len = q_len, .kv_len = kv_len,
          .head_dim = 128, .causal = causal};
}

constexpr double kTileCycles = 2.0 * 128 * 128 * 128 / 1024 + 128.0 * 128 / 16;  // 4096 + 1024

}  // namespace

TEST_CASE("a K/V tile costs its two MMAs plus one exp2 per score on the SFUs", "[tile]") {
  const auto e = estimate_attention(toy_gpu(), mha(128, 128, false), {128, 128, 1});
  REQUIRE(e);
  CHECK(e->ctas == 1);
  CHECK(e->kv_tiles == 1.0);
  CHECK(e->compute_s == Approx(kTileCycles / 1e9));
  CHECK(e->time_s == Approx(5.12e-6));
  CHECK(e->bound == GemmBound::kCompute);
  CHECK(e->actions.tensor_core_macs.at(DataType::kFp16) == 2.0 * 128 * 128 * 128);
  CHECK(e->actions.cuda_core_ops == 5.0 * 128 * 128);  // max, FMA, exp2, sum, convert
}

TEST_CASE("causal masking skips the K/V tiles past a Q tile's last query", "[tile]") {
  // Two Q tiles of 128: the first sees K/V tile 0, the second tiles 0 and 1.
  const auto causal = estimate_attention(toy_gpu(), mha(256, 256, true), {128, 128, 1});
  const auto full = estimate_attention(toy_gpu(), mha(256, 256, false), {128, 128, 1});
  REQUIRE((causal && full));
  CHECK(causal->ctas == 2);
  CHECK(causal->kv_tiles == 3.0);
  CHECK(full->kv_tiles == 4.0);
  // One SM runs both CTAs: 3 tiles against 4.
  CHECK(causal->compute_s == Approx(3 * kTileCycles / 1e9));
  CHECK(full->compute_s == Approx(4 * kTileCycles / 1e9));
  // With more keys than queries the mask is aligned to the bottom right:
  // 128 queries over 384 keys see all 3 tiles.
  const auto offset = estimate_attention(toy_gpu(), mha(128, 384, true), {128, 128, 1});
  REQUIRE(offset);
  CHECK(offset->kv_tiles == 3.0);
  CHECK(mha(256, 256, true).unmasked_scores() == 256.0 * 257 / 2);
}

TEST_CASE("the busiest SM sets the time: longest CTAs first to the least-loaded SM", "[tile]") {
  // Three Q tiles (1, 2, 3 K/V tiles) on two SMs: 3 | 2 + 1.
  const auto e = estimate_attention(toy_gpu(2), mha(384, 384, true), {128, 128, 1});
  REQUIRE(e);
  CHECK(e->compute_s == Approx(3 * kTileCycles / 1e9));
  // Three equal CTAs on two SMs: one SM runs two (a second wave).
  const auto w = estimate_attention(toy_gpu(2), mha(384, 128, false), {128, 128, 1});
  REQUIRE(w);
  CHECK(w->compute_s == Approx(2 * kTileCycles / 1e9));
}

TEST_CASE("decode packs a KV head's query heads into one tile and splits its keys", "[tile]") {
  // GQA 8 query heads over 2 KV heads, one token over 1024 keys, split in 4:
  // 2 (KV heads) x 1 (Q tile of 16 rows, 4 used) x 4 splits CTAs.
  const AttentionShape s{.batch = 1, .q_heads = 8, .kv_heads = 2, .q_len = 1, .kv_len = 1024,
                         .head_dim = 128};
  const auto e = estimate_attention(toy_gpu(), s, {16, 128, 4});
  REQUIRE(e);
  CHECK(e->ctas == 8);
  CHECK(e->kv_tiles == 16.0);
  // Q 8 x 128 x 2 B, K and V 2 x 2 x 1024 x 128 x 2 B, FP32 partials and
  // row statistics 8 x 4 x 129 x 4 B (written; O is the combine kernel's).
  CHECK(e->dram_bytes == 2048.0 + 1048576.0 + 16512.0);
  CHECK(e->actions.dram_bytes == e->dram_bytes + 16512.0 + 2048.0);
  CHECK(e->combine_s > 0.0);
  CHECK(e->kernel_name(s) == "flash decoding fp16");
  CHECK(to_string(e->tiling) == "16x128 split-kv 4");
}

TEST_CASE("large-batch decode streams K and V at the achievable DRAM bandwidth", "[tile]") {
  const HardwareSpec h = test::committed_hardware("h100_sxm");
  const AttentionShape s{.batch = 64, .q_heads = 32, .kv_heads = 32, .q_len = 1, .kv_len = 4096,
                         .head_dim = 128};
  const AttentionEstimate e = best_attention(h, s);
  CHECK(e.bound == GemmBound::kDram);
  const double kv = 2.0 * 64 * 32 * 4096 * 128 * 2;
  const double stream = kv / (h.dram_bw_bytes_per_s * h.fused_attention->stream_dram_efficiency);
  CHECK(e.time_s >= stream);
  CHECK(e.time_s <= 1.05 * stream);
}

TEST_CASE("head dims are padded to the kernels' multiples of 32", "[tile]") {
  CHECK(padded_head_dim(64) == 64);
  CHECK(padded_head_dim(100) == 128);
  AttentionShape s = mha(128, 128, false);
  s.head_dim = 100;
  const auto e = estimate_attention(toy_gpu(), s, {128, 128, 1});
  REQUIRE(e);
  CHECK(e->actions.tensor_core_macs.at(DataType::kFp16) == 2.0 * 128 * 128 * 128);
}

TEST_CASE("attention calls the family cannot run are refused by name", "[tile]") {
  const HardwareSpec h = toy_gpu();
  AttentionShape s = mha(128, 128, false);
  s.head_dim = 512;
  CHECK_THROWS_WITH(best_attention(h, s), Catch::Contains("head_dim above 256"));
  s = mha(128, 128, false);
  s.q_heads = 6;
  s.kv_heads = 4;
  CHECK_THROWS_WITH(best_attention(h, s), Catch::Contains("kv_heads must divide q_heads"));
  CHECK_THROWS_WITH(best_attention(h, mha(256, 128, true)),
                    Catch::Contains("causal call needs kv_len >= q_len"));
  s = mha(128, 128, false);
  s.type = DataType::kFp8E4M3;
  CHECK_THROWS_AS(best_attention(h, s), DataTypeError);
  HardwareSpec no_sfu = h;
  no_sfu.sfu_ops_per_cycle_per_sm = 0.0;
  CHECK_THROWS_WITH(best_attention(no_sfu, mha(128, 128, false)),
                    Catch::Contains("sfu_ops_per_cycle_per_sm"));
  HardwareSpec no_section = h;
  no_section.fused_attention.reset();
  CHECK_THROWS_WITH(best_attention(no_section, mha(128, 128, false)),
                    Catch::Contains("fused_attention section"));
}

namespace {

EndToEndResult forward(const TraceRequest& req, AttentionMode mode) {
  const HardwareSpec h = test::committed_hardware("h100_sxm");
  const GemmTrace trace = make_trace(ModelCatalog("configs").load("llama-2-7b"), req);
  return simulate_forward(trace, {"H100", h, LinearMethod::kMacTensorCore,
                                  PrecomputeMode::kFused, false, mode});
}

std::size_t count_named(const EndToEndResult& r, const std::string& name) {
  return static_cast<std::size_t>(
      std::count_if(r.ops.begin(), r.ops.end(), [&](const OpTime& t) { return t.name == name; }));
}

}  // namespace

TEST_CASE("fused attention replaces score, softmax and value by one kernel per layer", "[tile]") {
  const TraceRequest req{.phase = Phase::kDecode, .batch = 64, .kv_len = 2047};
  const EndToEndResult fused = forward(req, AttentionMode::kFused);
  const EndToEndResult unfused = forward(req, AttentionMode::kUnfused);
  CHECK(unfused.ops.size() == fused.ops.size() + 2);
  CHECK(count_named(fused, "attention") == 1);
  CHECK(count_named(fused, "attn_score") == 0);
  CHECK(count_named(unfused, "attn_softmax") == 1);
  const auto att = std::find_if(fused.ops.begin(), fused.ops.end(),
                                [](const OpTime& t) { return t.name == "attention"; });
  CHECK(att->count == 32);  // one per layer
  CHECK(att->bound == "dram");
  // The same call as the model times it: Llama-2-7B, 32 heads of 128, 2048 keys.
  const AttentionShape s{.batch = 64 * 32, .q_heads = 1, .kv_heads = 1, .q_len = 1,
                         .kv_len = 2048, .head_dim = 128};
  CHECK(att->time_each_s ==
        Approx(best_attention(test::committed_hardware("h100_sxm"), s).time_s));
  CHECK(fused.total_s < unfused.total_s);
}

TEST_CASE("fused attention follows the dataflow, not op names", "[tile]") {
  const TraceRequest req{.phase = Phase::kPrefill, .batch = 2, .seq_len = 256};
  const HardwareSpec h = test::committed_hardware("h100_sxm");
  const GemmTrace trace = make_trace(ModelCatalog("configs").load("llama-2-7b"), req);
  const SystemSpec sys{"H100", h, LinearMethod::kMacTensorCore, PrecomputeMode::kFused, false};
  const auto attention_each_s = [&](const GemmTrace& t) {
    const auto ops = simulate_forward(t, sys).ops;
    const auto att = std::find_if(ops.begin(), ops.end(),
                                  [](const OpTime& o) { return o.name == "attention"; });
    REQUIRE(att != ops.end());
    return att->time_each_s;
  };
  // Causal prefill: 2 sequences x 32 heads of 256 queries over 256 keys.
  const AttentionShape s{.batch = 2 * 32, .q_heads = 1, .kv_heads = 1, .q_len = 256,
                         .kv_len = 256, .head_dim = 128, .causal = true};
  const double fused = attention_each_s(trace);
  CHECK(fused == Approx(best_attention(h, s).time_s));
  // Renamed softmax, or no structure (the ops between the products): the same call.
  CHECK(attention_each_s(test::renamed(trace, "attn_softmax", "softmax_1")) == fused);
  CHECK(attention_each_s(test::without_structure(trace)) == fused);
  // A value product whose probabilities do not come from the score is refused.
  GemmTrace broken = trace;
  for (TraceOp& op : broken.ops) {
    if (op.kind == OpKind::kAttentionValue) op.inputs.front() = "rotary_embedding";
  }
  CHECK_THROWS_WITH(simulate_forward(broken, sys),
                    Catch::Contains("does not read its probabilities from the ops after the score"));
}
