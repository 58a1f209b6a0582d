#include "studies/trace_request_keys.hpp"

namespace lutsim {

TraceRequest read_trace_request(config::ConfigReader r) {
  TraceRequest q;
  q.phase = parse_phase(r.get<std::string>("phase", {.description = "prefill or decode",
                                                     .default_value = "prefill",
                                                     .allowed = {"prefill", "decode"}}));
  q.batch = r.get<std::int64_t>(
      "batch", {.description = "sequences", .default_value = 1, .min = 1, .max = kMaxBatch});
  // Each phase reads its own length; the other phase's key is refused, not ignored.
  const bool prefill = q.phase == Phase::kPrefill;
  const char* unused = prefill ? "kv_len" : "seq_len";
  if (r.has(unused)) {
    throw r.error(unused, prefill ? "applies to decode only: prefill attends over its own seq_len"
                                  : "applies to prefill only: decode runs one token per "
                                    "sequence over kv_len cached tokens");
  }
  if (prefill) {
    q.seq_len = r.get<std::int64_t>("seq_len", {.description = "prompt tokens per sequence (prefill)",
                                                .default_value = kDefaultPrefillSeqLen,
                                                .min = 1,
                                                .max = kMaxSeqLen});
  } else {
    q.kv_len = r.get<std::int64_t>("kv_len", {.description = "cached tokens per sequence (decode)",
                                              .default_value = 0,
                                              .min = 0,
                                              .max = kMaxKvLen});
  }
  q.weight_bits = r.get<int>("weight_bits", {.description = "linear weight bits (16: FP16)",
                                             .unit = "bits",
                                             .default_value = 16,
                                             .min = 1,
                                             .max = 16});
  q.act_dtype = parse_data_type(
      r.get<std::string>("act_dtype", {.description = "linear activation type",
                                       .default_value = "fp16",
                                       .allowed = name_list(kTraceActivationTypes)}));
  q.tensor_parallel = r.get<int>(
      "tensor_parallel",
      {.description = "GPUs per layer (shapes per GPU)",
       .default_value = 1,
       .min = 1,
       .max = kMaxTensorParallel});
  q.fusion = parse_linear_fusion(
      r.get<std::string>("fusion", {.description = "how q/k/v and gate/up linears are fused",
                                    .default_value = "framework",
                                    .allowed = {"framework", "checkpoint", "separate"}}));
  q.include_lm_head =
      r.get<bool>("lm_head", {.description = "the LM head is in the trace", .default_value = true});
  return q;
}

}  // namespace lutsim
