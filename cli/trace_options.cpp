#include "cli/trace_options.hpp"

#include <stdexcept>

#include "cli/at_least.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

namespace lutsim::cli {

CLI::Option* add_trace_options(CLI::App& cmd, TraceOptions& o) {
  CLI::Option* model = cmd.add_option("--model", o.model,
                                      "catalog name (e.g. Llama-2-70B), model YAML or config.json");
  cmd.add_option("--phase", o.phase, "prefill or decode")
      ->check(CLI::IsMember({"prefill", "decode"}));
  cmd.add_option("--batch", o.batch, "sequences")->check(in_range(1, kMaxBatch));
  cmd.add_option("--seq", o.seq, "prompt tokens per sequence (prefill)")
      ->check(in_range(1, kMaxSeqLen));
  cmd.add_option("--kv-len", o.kv_len, "cached tokens per sequence (decode)")
      ->check(in_range(0, kMaxKvLen));
  cmd.add_option("--wbits", o.wbits, "linear weight bits: 1..8, or 16")->check(CLI::Range(1, 16));
  cmd.add_option("--act", o.act, "linear activation type")
      ->check(CLI::IsMember(name_list(kTraceActivationTypes)));
  cmd.add_option("--tp", o.tp, "tensor-parallel GPUs")->check(in_range(1, kMaxTensorParallel));
  cmd.add_option("--fusion", o.fusion, "how q/k/v and gate/up linears are fused")
      ->check(CLI::IsMember({"framework", "checkpoint", "separate"}));
  cmd.add_flag("--no-lm-head", o.no_lm_head, "leave the LM head out of the trace");
  return model;
}

void check_phase_options(const TraceOptions& o) {
  if (o.phase == "decode" && o.seq) {
    throw std::invalid_argument(
        "--seq applies to prefill only: decode runs one token per sequence (set the cached "
        "context with --kv-len)");
  }
  if (o.phase == "prefill" && o.kv_len) {
    throw std::invalid_argument(
        "--kv-len applies to decode only: prefill attends over its own --seq tokens");
  }
}

nlohmann::json trace_study_keys(const TraceOptions& o) {
  check_phase_options(o);
  nlohmann::json workload{{"phase", o.phase},        {"batch", o.batch},
                          {"weight_bits", o.wbits},  {"act_dtype", o.act},
                          {"tensor_parallel", o.tp}, {"fusion", o.fusion},
                          {"lm_head", !o.no_lm_head}};
  if (o.seq) workload["seq_len"] = *o.seq;
  if (o.kv_len) workload["kv_len"] = *o.kv_len;
  return {{"model", o.model}, {"workload", workload}};
}

void refuse_trace_shape_options(const CLI::App& cmd, const std::string& why) {
  for (const char* name : {"--phase", "--batch", "--seq", "--kv-len", "--wbits", "--act", "--tp",
                           "--fusion", "--no-lm-head"}) {
    if (cmd.get_option(name)->count() > 0) {
      throw std::invalid_argument(std::string(name) + " " + why);
    }
  }
}

GemmTrace build_trace(const TraceOptions& o, const std::filesystem::path& configs_dir) {
  check_phase_options(o);
  const ModelSpec model = ModelCatalog(configs_dir).load(o.model);
  const TraceRequest req{.phase = parse_phase(o.phase),
                         .batch = o.batch,
                         .seq_len = o.seq.value_or(kDefaultPrefillSeqLen),
                         .kv_len = o.kv_len.value_or(0),
                         .weight_bits = o.wbits,
                         .act_dtype = parse_data_type(o.act),
                         .tensor_parallel = o.tp,
                         .include_lm_head = !o.no_lm_head,
                         .fusion = parse_linear_fusion(o.fusion)};
  return make_trace(model, req);
}

}  // namespace lutsim::cli
