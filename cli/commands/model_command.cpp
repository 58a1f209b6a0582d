#include <cmath>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/commands/systemc_engine.hpp"
#include "cli/compiled_plan.hpp"
#include "cli/config_loading.hpp"
#include "cli/energy_options.hpp"
#include "cli/study_command.hpp"
#include "cli/trace_options.hpp"
#include "studies/model/model_study.hpp"

namespace lutsim::cli {
namespace {

struct ModelOptions {
  std::string hw;
  TraceOptions trace;
  std::string trace_csv;
  std::string method = "auto";
  std::string precompute;  // LUT kernels only; empty: the study's default (fused)
  bool launch_gaps = false;
  std::string attention = "fused";
  std::string engine = "tile";
  bool json = false;
  std::string plan;  // a lutsim compile --out folder
  StudyOptions study;
};

// The options as the config of the study `model` (see studies/model/).
config::ConfigDocument model_config(const ModelOptions& o) {
  nlohmann::json c{
      {"study", "model"},           {"gpu", o.hw},
      {"method", o.method},         {"launch_gaps", o.launch_gaps},
      {"attention", o.attention}};
  // Options the user did not give are left to the study's defaults, so that
  // one given where it does not apply is refused rather than ignored.
  if (!o.precompute.empty()) c["precompute"] = o.precompute;
  if (!o.plan.empty()) {
    const PlannedModel p = read_planned_model(o.plan, configs_dir(o.study.configs_dir));
    c.update(p.forward_pass);
    c["gpu"] = p.gpu;
    c["method"] = "lut";
    c["precompute"] = p.precompute;
    c["tiling_plan"] = std::filesystem::absolute(p.file).string();
  } else if (o.trace_csv.empty()) {
    c.update(trace_study_keys(o.trace));
  } else {
    c["trace_csv"] = o.trace_csv;
  }
  return config::ConfigDocument::load_string(c.dump(), "lutsim model options", ".");
}

// --plan fixes the hardware, the forward pass, the method and the
// precompute: an option that would change them is refused, not ignored.
void check_plan_options(const CLI::App& cmd) {
  for (const char* name : {"--hw", "--model", "--trace", "--method", "--precompute", "--set"}) {
    if (cmd.get_option(name)->count() > 0) {
      throw std::invalid_argument(std::string(name) +
                                  " does not apply with --plan: the compiled plan fixes the "
                                  "hardware, the forward pass, the method and the precompute");
    }
  }
  refuse_trace_shape_options(cmd, "does not apply with --plan: the compiled plan fixes the "
                                  "forward pass");
}

LinearMethod recorded_method(const StudyRun& run) {
  const std::string name = run.result.record_notes.at("linear_method").get<std::string>();
  for (const LinearMethod m :
       {LinearMethod::kMacTensorCore, LinearMethod::kDequant, LinearMethod::kLut}) {
    if (to_string(m) == name) return m;
  }
  throw std::logic_error("the model study recorded an unknown linear method '" + name + "'");
}

// The study's forward pass again, as the systemc engine needs it: the study's
// own trace and system (its hardware with every --set override), checked
// against the study's total.
EngineComparison systemc_engine(const StudyRun& run) {
  const auto* study = dynamic_cast<const ModelStudy*>(run.loaded.study.get());
  if (study == nullptr) throw std::logic_error("lutsim model ran a study other than model");
  const ModelForwardPass pass = study->forward_pass();
  const GemmTrace& trace = pass.trace;
  const SystemSpec& sys = pass.system;
  if (sys.method != recorded_method(run)) {
    throw std::logic_error("the systemc engine's linear method differs from the study's");
  }
  const EndToEndResult tile = simulate_forward(trace, sys);
  const double study_ms = run.result.totals.at("forward_pass_ms").get<double>();
  if (std::abs(tile.total_s * 1e3 - study_ms) > 1e-9 * study_ms) {
    throw std::logic_error("the systemc engine's tile-model pass differs from the study's");
  }
  return compare_engines(trace, sys, tile);
}

void run_model(const ModelOptions& o) {
  const StudyRun run = run_study(model_config(o), o.study, /*narrate=*/false);
  const std::optional<EngineComparison> engines =
      o.engine == "systemc" ? std::optional(systemc_engine(run)) : std::nullopt;
  const std::vector<WrittenFiles> files = write_study_tables(run, o.study);
  if (o.json) {
    nlohmann::json out = study_json(run);
    if (engines) out["systemc_engine"] = engine_json(*engines);
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << describe_run(run, files);
    if (engines) std::cout << engine_text(*engines);
  }
}

}  // namespace

void add_model_command(CLI::App& app) {
  auto o = std::make_shared<ModelOptions>();
  CLI::App* cmd =
      app.add_subcommand("model", "Time one forward pass of a model on a GPU, per operator");
  cmd->footer(
      "Generates the model's GEMM trace for the phase and precision (or reads one with --trace, "
      "e.g. captured from a framework) and times every operator with the tile-level model; "
      "prices what each operator does (MACs, lookups, bytes moved) with --energy for its energy "
      "per token. With --plan, times the plan lutsim compile --out wrote instead: its hardware, "
      "forward pass, passes and each LUT linear's tiling. Writes model.csv and model.json (with "
      "the energy prices and their sources). Runs the study `model`; a config with study: model "
      "runs the same from lutsim sweep.");
  cmd->add_option("--hw", o->hw, "hardware config: a name in configs/hw or a path");
  CLI::Option* model = add_trace_options(*cmd, o->trace);
  CLI::Option* csv =
      cmd->add_option("--trace", o->trace_csv, "simulate this trace CSV instead of a model")
          ->check(CLI::ExistingFile);
  model->excludes(csv);
  CLI::Option* plan =
      cmd->add_option("--plan", o->plan,
                      "time the plan lutsim compile --out wrote into this folder: its hardware, "
                      "forward pass and passes, every LUT linear with its planned tiling instead "
                      "of searched (the times of the run it was compiled from)")
          ->check(CLI::ExistingDirectory);
  cmd->callback([o, cmd, model, csv, plan] {
    if (plan->count() > 0) {
      check_plan_options(*cmd);
    } else {
      if (o->hw.empty()) throw CLI::RequiredError("--hw (or --plan)");
      if (model->count() + csv->count() != 1) throw CLI::RequiredError("--model or --trace");
    }
    run_model(*o);
  });
  cmd->add_option("--method", o->method,
                  "linear kernel family (default auto: by precision and GPU)")
      ->check(CLI::IsMember({"auto", "mac", "dequant", "lut"}));
  cmd->add_option("--precompute", o->precompute, "LUT table precompute (LUT kernels only; default fused)")
      ->check(CLI::IsMember({"fused", "separate"}));
  cmd->add_option("--attention", o->attention,
                  "fused: one FlashAttention-style kernel per layer (default); unfused: score "
                  "GEMM, softmax and value GEMM")
      ->check(CLI::IsMember({"fused", "unfused"}));
  add_engine_option(*cmd, o->engine,
                    "also the compute term of every linear from one warp tile run on the "
                    "cycle-level sub-core (LUT lmma, dense fp16/int8 mma.sync), memory terms "
                    "from the tile model, both engines' figures per linear and in total (needs "
                    "a sub_core section)");
  cmd->add_flag("--json", o->json,
                "print the run as JSON (per-operator rows with units in their keys, totals, "
                "the resolved config and git revision) instead of the text table");
  cmd->add_flag("--launch-gaps", o->launch_gaps,
                "add the host launch gap per kernel (no CUDA graphs)");
  add_study_options(*cmd, o->study, "hw.<gpu>.sm.count=132");
  add_energy_option(*cmd, o->study);
}

}  // namespace lutsim::cli
