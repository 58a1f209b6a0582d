#include <iostream>
#include <memory>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/text_table.hpp"
#include "sim/tile/end_to_end.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

namespace lutsim::cli {
namespace {

struct ModelOptions {
  std::string hw;
  std::string model;
  std::string phase = "prefill";
  std::int64_t batch = 1;
  std::int64_t seq = 2048;
  std::int64_t kv_len = 0;
  int wbits = 16;
  std::string act = "fp16";
  int tp = 1;
  std::string method;
  std::string precompute = "fused";
  bool launch_gaps = false;
  std::string out_dir = "results/model";
  std::string configs_dir;
};

LinearMethod choose_method(const HardwareSpec& hw, const ModelOptions& o) {
  if (!o.method.empty()) {
    return o.method == "lut"       ? LinearMethod::kLut
           : o.method == "dequant" ? LinearMethod::kDequant
                                   : LinearMethod::kMacTensorCore;
  }
  if (o.wbits == 16 || (o.wbits == 8 && o.act == "int8")) return LinearMethod::kMacTensorCore;
  return hw.lut_tensor_core ? LinearMethod::kLut : LinearMethod::kDequant;
}

void run_model(const ModelOptions& o) {
  const auto dir = configs_dir(o.configs_dir);
  const bool is_path = o.hw.find('/') != std::string::npos || o.hw.ends_with(".yaml");
  nlohmann::json hw_config;
  const HardwareSpec hw = load_hardware(
      is_path ? std::filesystem::path(o.hw) : dir / "hw" / (o.hw + ".yaml"), &hw_config);
  const ModelSpec model = ModelCatalog(dir).load(o.model);
  const TraceRequest req{.phase = parse_phase(o.phase),
                         .batch = o.batch,
                         .seq_len = o.seq,
                         .kv_len = o.kv_len,
                         .weight_bits = o.wbits,
                         .act_dtype = o.act,
                         .tensor_parallel = o.tp};
  const GemmTrace trace = make_trace(model, req);
  const SystemSpec sys{
      hw.name, hw, choose_method(hw, o),
      o.precompute == "fused" ? PrecomputeMode::kFused : PrecomputeMode::kSeparateKernel,
      o.launch_gaps};
  const EndToEndResult r = simulate_forward(trace, sys);

  ResultTable t({{"op", "", "operator"},
                 {"kernel", "", "kernel family and type"},
                 {"count", "1", "per forward pass"},
                 {"time_each", "us", "one occurrence"},
                 {"time", "ms", "all occurrences"},
                 {"share", "%", "of the forward pass"},
                 {"bound", "", "what limits it"}});
  for (const OpTime& op : r.ops) {
    t.add_row({op.name, op.kernel, op.count, op.time_each_s * 1e6, op.time_s * 1e3,
               100.0 * op.time_s / r.total_s, op.bound});
  }
  const nlohmann::json config{{"hw", hw_config},
                              {"model", model.name},
                              {"phase", o.phase},
                              {"batch", o.batch},
                              {"seq_len", o.seq},
                              {"kv_len", o.kv_len},
                              {"weight_bits", o.wbits},
                              {"act_dtype", o.act},
                              {"tensor_parallel", o.tp},
                              {"linear_method", std::string(to_string(sys.method))},
                              {"precompute", o.precompute},
                              {"launch_gaps", o.launch_gaps}};
  const auto files = write_result_files(o.out_dir, "model", t, make_run_record("model", config));
  std::cout << format_text_table(t) << "\n"
            << model.name << " " << o.phase << " on " << hw.name << ": " << r.total_s * 1e3
            << " ms per forward pass\nwrote " << files.csv.string() << " and "
            << files.json.string() << "\n";
}

}  // namespace

void add_model_command(CLI::App& app) {
  auto o = std::make_shared<ModelOptions>();
  CLI::App* cmd =
      app.add_subcommand("model", "Time one forward pass of a model on a GPU, per operator");
  cmd->footer(
      "Generates the model's GEMM trace for the phase and precision and times every "
      "operator with the tile-level model. Writes model.csv and model.json.");
  cmd->add_option("--hw", o->hw, "hardware config: a name in configs/hw or a path")->required();
  cmd->add_option("--model", o->model, "catalog name (e.g. Llama-2-70B), model YAML or config.json")
      ->required();
  cmd->add_option("--phase", o->phase, "prefill or decode")
      ->check(CLI::IsMember({"prefill", "decode"}));
  cmd->add_option("--batch", o->batch, "sequences")->check(CLI::PositiveNumber);
  cmd->add_option("--seq", o->seq, "prompt tokens per sequence (prefill)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--kv-len", o->kv_len, "cached tokens per sequence (decode)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--wbits", o->wbits, "linear weight bits: 1..8, or 16")->check(CLI::Range(1, 16));
  cmd->add_option("--act", o->act, "linear activation type")
      ->check(CLI::IsMember({"fp16", "bf16", "int8"}));
  cmd->add_option("--tp", o->tp, "tensor-parallel GPUs")->check(CLI::PositiveNumber);
  cmd->add_option("--method", o->method, "linear kernel family (default: by precision and GPU)")
      ->check(CLI::IsMember({"mac", "dequant", "lut"}));
  cmd->add_option("--precompute", o->precompute, "LUT table precompute")
      ->check(CLI::IsMember({"fused", "separate"}));
  cmd->add_flag("--launch-gaps", o->launch_gaps,
                "add the host launch gap per kernel (no CUDA graphs)");
  cmd->add_option("-o,--out", o->out_dir, "output directory");
  cmd->add_option("--configs-dir", o->configs_dir, "folder with hw/ and models/")
      ->check(CLI::ExistingDirectory);
  cmd->callback([o] { run_model(*o); });
}

}  // namespace lutsim::cli
