#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/energy_options.hpp"
#include "cli/text_table.hpp"
#include "cli/trace_options.hpp"
#include "sim/tile/end_to_end.hpp"
#include "workloads/trace_csv.hpp"
#include "workloads/trace_metrics.hpp"

namespace lutsim::cli {
namespace {

struct ModelOptions {
  std::string hw;
  TraceOptions trace;
  std::string trace_csv;
  std::string method;
  std::string precompute = "fused";
  bool launch_gaps = false;
  std::string out_dir = "results/model";
  std::string configs_dir;
  std::string energy;
};

LinearMethod choose_method(const HardwareSpec& hw, const GemmTrace& trace,
                           const std::string& given) {
  if (given == "lut") return LinearMethod::kLut;
  if (given == "dequant") return LinearMethod::kDequant;
  if (given == "mac") return LinearMethod::kMacTensorCore;
  return default_linear_method(hw, trace);
}

// Energy per token of every operator and of the whole pass, or why the
// pricing cannot give it (an action it has no price for, e.g. bf16 MACs): the
// latencies are still reported, the energy is refused by name, never guessed.
struct ModelEnergy {
  std::vector<double> per_op_mj;
  double total_mj = 0.0;
  std::string not_priced;  // empty when priced
};

ModelEnergy price_forward(const EndToEndResult& r, const ppa::EnergyPricing& pricing,
                          std::int64_t tokens) {
  ModelEnergy e;
  try {
    for (const OpTime& op : r.ops)
      e.per_op_mj.push_back(energy_per_token_mj(pricing, op.actions, tokens));
    e.total_mj = energy_per_token_mj(pricing, r.actions, tokens);
  } catch (const std::invalid_argument& unpriced) {
    e = ModelEnergy{{}, 0.0, unpriced.what()};
  }
  return e;
}

// Per operator: time, share and (when priced) energy per token of the forward pass.
ResultTable op_table(const EndToEndResult& r, const ModelEnergy& energy) {
  std::vector<ResultTable::Column> columns{{"op", "", "operator"},
                                           {"kernel", "", "kernel family and type"},
                                           {"count", "1", "per forward pass"},
                                           {"time_each", "us", "one occurrence"},
                                           {"time", "ms", "all occurrences"},
                                           {"share", "%", "of the forward pass"},
                                           {"bound", "", "what limits it"}};
  const bool priced = energy.not_priced.empty();
  if (priced) {
    columns.push_back(
        {"energy_per_token", "mJ/token", std::string("all occurrences; ") + kEnergyPerTokenText});
  }
  ResultTable t(columns);
  for (std::size_t i = 0; i < r.ops.size(); ++i) {
    const OpTime& op = r.ops[i];
    std::vector<ResultTable::Cell> row{op.name,         op.kernel,
                                       op.count,        op.time_each_s * 1e6,
                                       op.time_s * 1e3, 100.0 * op.time_s / r.total_s,
                                       op.bound};
    if (priced) row.push_back(energy.per_op_mj[i]);
    t.add_row(std::move(row));
  }
  return t;
}

std::string energy_text(const ModelEnergy& e, std::int64_t tokens,
                        const ppa::EnergyPricing& pricing) {
  if (!e.not_priced.empty()) return "energy per token not priced: " + e.not_priced;
  std::ostringstream s;
  s << e.total_mj << " mJ per token (" << tokens << " tokens, " << pricing.name << " energies)";
  return s.str();
}

void run_model(const ModelOptions& o) {
  const auto dir = configs_dir(o.configs_dir);
  nlohmann::json hw_config;
  const HardwareSpec hw = load_hardware(hardware_config_path(o.hw, dir), &hw_config);
  const GemmTrace trace =
      o.trace_csv.empty() ? build_trace(o.trace, dir) : read_trace_csv(o.trace_csv);
  const SystemSpec sys{
      hw.name, hw, choose_method(hw, trace, o.method),
      o.precompute == "fused" ? PrecomputeMode::kFused : PrecomputeMode::kSeparateKernel,
      o.launch_gaps};
  const EndToEndResult r = simulate_forward(trace, sys);
  const ppa::EnergyPricing pricing = load_energy(o.energy, dir);
  const std::int64_t tokens = tokens_per_forward(trace);
  const ModelEnergy energy = price_forward(r, pricing, tokens);
  const ResultTable t = op_table(r, energy);
  const nlohmann::json config{{"hw", hw_config},
                              {"trace", o.trace_csv.empty() ? "generated" : o.trace_csv},
                              {"model", trace.model},
                              {"phase", trace.phase},
                              {"batch", trace.batch},
                              {"seq_len", trace.seq_len},
                              {"kv_len", trace.kv_len},
                              {"tensor_parallel", trace.tensor_parallel},
                              {"weight_bits", o.trace_csv.empty() ? o.trace.wbits : 0},
                              {"act_dtype", o.trace_csv.empty() ? o.trace.act : "from trace"},
                              {"linear_method", std::string(to_string(sys.method))},
                              {"precompute", o.precompute},
                              {"launch_gaps", o.launch_gaps},
                              {"tokens_per_forward", tokens},
                              {"energy_pricing", energy_record(pricing)},
                              {"energy_not_priced", energy.not_priced}};
  const auto files = write_result_files(o.out_dir, "model", t, make_run_record("model", config));
  std::cout << format_text_table(t) << "\n"
            << trace.model << " " << trace.phase << " on " << hw.name << ": " << r.total_s * 1e3
            << " ms per forward pass, " << energy_text(energy, tokens, pricing) << "\nwrote "
            << files.csv.string() << " and " << files.json.string() << "\n";
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
      "per token. Writes model.csv and model.json (with the energy prices and their sources).");
  cmd->add_option("--hw", o->hw, "hardware config: a name in configs/hw or a path")->required();
  CLI::Option* model = add_trace_options(*cmd, o->trace);
  CLI::Option* csv =
      cmd->add_option("--trace", o->trace_csv, "simulate this trace CSV instead of a model")
          ->check(CLI::ExistingFile);
  model->excludes(csv);
  cmd->callback([o, model, csv] {
    if (model->count() + csv->count() != 1) throw CLI::RequiredError("--model or --trace");
    run_model(*o);
  });
  cmd->add_option("--method", o->method, "linear kernel family (default: by precision and GPU)")
      ->check(CLI::IsMember({"mac", "dequant", "lut"}));
  cmd->add_option("--precompute", o->precompute, "LUT table precompute")
      ->check(CLI::IsMember({"fused", "separate"}));
  cmd->add_flag("--launch-gaps", o->launch_gaps,
                "add the host launch gap per kernel (no CUDA graphs)");
  add_energy_option(*cmd, o->energy);
  cmd->add_option("-o,--out", o->out_dir, "output directory");
  cmd->add_option("--configs-dir", o->configs_dir, "folder with hw/, models/ and energy/")
      ->check(CLI::ExistingDirectory);
}

}  // namespace lutsim::cli
