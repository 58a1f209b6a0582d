#include "studies/model/model_study.hpp"

#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "compiler/ir/graph_from_trace.hpp"
#include "ppa/energy/run_energy.hpp"
#include "studies/energy_keys.hpp"
#include "studies/forward_pass_keys.hpp"
#include "studies/hardware_configs.hpp"
#include "studies/trace_request_keys.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_csv.hpp"
#include "workloads/trace_metrics.hpp"

namespace lutsim {
namespace {

LinearMethod resolve_method(const ModelStudySpec& s, const GemmTrace& trace) {
  if (s.method == "lut") return LinearMethod::kLut;
  if (s.method == "dequant") return LinearMethod::kDequant;
  if (s.method == "mac") return LinearMethod::kMacTensorCore;
  return default_linear_method(s.gpu, trace);
}

bool has_low_bit_linear(const GemmTrace& trace) {
  for (const TraceOp& op : trace.ops) {
    if (op.kind == OpKind::kLinear && op.weight_bits < 16) return true;
  }
  return false;
}

// The linear kernel family, refusing settings that would not change a thing:
// a low-bit method for a trace whose linears all have 16-bit weights (they run
// as dense GEMMs), or a table precompute mode without LUT kernels.
LinearMethod choose_method(const ModelStudySpec& s, const GemmTrace& trace) {
  const LinearMethod m = resolve_method(s, trace);
  if ((m == LinearMethod::kLut || m == LinearMethod::kDequant) && !has_low_bit_linear(trace)) {
    throw std::invalid_argument("method " + s.method +
                                ": every linear of the trace has 16-bit weights, which run as "
                                "dense GEMMs (give weight bits 1..8)");
  }
  if (s.precompute_given && m != LinearMethod::kLut) {
    throw std::invalid_argument(std::string("precompute applies to LUT kernels only; the linears "
                                            "of this run use ") +
                                std::string(to_string(m)));
  }
  return m;
}

// The forward pass timed. What the simulator refuses in the model's own
// dimensions (a head_dim no fused kernel has, a K the LUT table groups do not
// divide) names the model or trace it comes from (`source`, as given).
EndToEndResult simulate(const GemmTrace& trace, const SystemSpec& sys, const std::string& source) {
  try {
    return simulate_forward(trace, sys);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(source + ": " + e.what());
  }
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
                          const HardwareSpec& gpu, std::int64_t tokens) {
  const ppa::EnergyEstimate pass = ppa::price_run(pricing, gpu, r.actions, r.total_s);
  if (!pass.priced()) return {{}, 0.0, pass.not_priced().message()};
  ModelEnergy e{{}, energy_per_token_mj(pass.energy(), tokens), ""};
  // Each operator's counts are part of the pass's, so each is priced too;
  // static power is counted over each operator's time.
  for (const OpTime& op : r.ops) {
    e.per_op_mj.push_back(energy_per_token_mj(
        ppa::price_run(pricing, gpu, op.actions, op.time_s).energy(), tokens));
  }
  return e;
}

// Per operator: time, share and (when priced) energy per token of the pass.
ResultTable op_table(const EndToEndResult& r, const ModelEnergy& energy) {
  std::vector<ResultTable::Column> columns{{"op", "", "operator"},
                                           {"kernel", "", "kernel family and type"},
                                           {"count", "1", "per forward pass"},
                                           {"time_each", "us", "one occurrence"},
                                           {"time", "ms", "all occurrences"},
                                           {"share", "%", "of the forward pass"},
                                           {"bound", "", "what limits it"},
                                           {"rows_timed_aligned", "bytes",
                                            "rows' alignment below 16 bytes on a GPU without "
                                            "measured fallback rates: timed as aligned, a lower "
                                            "bound; 0: none"}};
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
                                       op.bound,        std::int64_t{op.rows_timed_aligned_bytes}};
    if (priced) row.push_back(energy.per_op_mj[i]);
    t.add_row(std::move(row));
  }
  return t;
}

// The operators timed as aligned though their rows are not, or "".
std::string unaligned_note(const EndToEndResult& r, const HardwareSpec& gpu) {
  const std::string ops = ops_timed_as_aligned(r);
  if (ops.empty()) return "";
  return "\nnote: " + ops + " timed as aligned: " + gpu.name +
         "'s config has no unaligned_fallback rates (not measured), so these times are lower "
         "bounds";
}

}  // namespace

ModelStudySpec read_model_study(config::ConfigReader& root, StudyContext& context) {
  ModelStudySpec s;
  s.gpu = context.hardware.read(root, "gpu", "hardware config: a name in configs/hw or a path");
  s.trace_csv = root.get<std::string>(
      "trace_csv",
      {.description = "simulate this trace CSV instead of a model", .default_value = ""});
  s.model = root.get<std::string>(
      "model", {.description = "catalog name, model YAML or config.json", .default_value = ""});
  if (s.model.empty() == s.trace_csv.empty()) {
    throw root.error("model", "give exactly one of model and trace_csv");
  }
  if (!s.model.empty()) {
    s.request = read_trace_request(root.section("workload", "the forward pass traced from `model`"));
  } else if (root.has("workload")) {
    throw root.error("workload", "a trace_csv fixes the forward pass; workload is for `model`");
  }
  s.method = root.get<std::string>("method", {.description = "linear kernel family",
                                              .default_value = "auto",
                                              .allowed = {"auto", "mac", "dequant", "lut"}});
  const ForwardPassKeys pass = read_forward_pass_keys(root);
  s.precompute = pass.precompute;
  s.precompute_given = root.has("precompute");
  s.launch_gaps = pass.launch_gaps;
  s.attention = pass.attention;
  s.energy = read_energy_key(root, context);
  const std::string plan = root.get<std::string>(
      "tiling_plan", {.description = "a compiled plan's plan.json (lutsim compile --out): LUT "
                                     "linears timed with its tilings instead of searched",
                      .default_value = ""});
  if (!plan.empty()) {
    if (s.method != "lut") throw root.error("tiling_plan", "a tiling plan needs method: lut");
    s.tilings = std::make_shared<const TilingPlan>(read_tiling_plan(plan));
  }
  return s;
}

ModelStudy::ModelStudy(config::ConfigReader& root, StudyContext& context)
    : spec_(read_model_study(root, context)) {
  if (!spec_.model.empty()) {
    const ModelCatalog catalog(context.configs_dir);
    if (const auto why = catalog.not_found(spec_.model)) throw root.error("model", *why);
    model_ = catalog.load(spec_.model, context.files);
  }
}

std::string ModelStudy::plan() const {
  return (spec_.trace_csv.empty() ? spec_.model : spec_.trace_csv) + " on " + spec_.gpu.name;
}

ModelForwardPass ModelStudy::forward_pass() const {
  GemmTrace trace = spec_.trace_csv.empty() ? make_trace(*model_, spec_.request)
                                            : ir::read_graph_checked_trace_csv(spec_.trace_csv);
  SystemSpec sys{spec_.gpu.name,   spec_.gpu,         choose_method(spec_, trace),
                 spec_.precompute, spec_.launch_gaps, spec_.attention,
                 spec_.tilings};
  return {std::move(trace), std::move(sys)};
}

StudyResult ModelStudy::run(const StudyProgress& progress) const {
  const ModelForwardPass pass = forward_pass();
  const GemmTrace& trace = pass.trace;
  const SystemSpec& sys = pass.system;
  const EndToEndResult r =
      simulate(trace, sys, spec_.trace_csv.empty() ? spec_.model : spec_.trace_csv);
  if (progress) progress(1, 1, "forward pass timed");

  const std::int64_t tokens = tokens_per_forward(trace);
  const ModelEnergy energy = price_forward(r, spec_.energy, spec_.gpu, tokens);
  std::ostringstream report;
  report << trace.model << " " << trace.phase << " on " << spec_.gpu.name << ": " << r.total_s * 1e3
         << " ms per forward pass (" << to_string(sys.attention) << " attention), ";
  if (energy.not_priced.empty()) {
    report << energy.total_mj << " mJ per token (" << tokens << " tokens, " << spec_.energy.name
           << " energies)";
  } else {
    report << "energy per token not priced: " << energy.not_priced;
  }
  report << unaligned_note(r, spec_.gpu);
  StudyResult result{.tables = {{"model", op_table(r, energy)}}, .report = report.str()};
  result.record_notes["linear_method"] = std::string(to_string(sys.method));
  result.record_notes["trace_structure"] = std::string(structure_assumptions(r.structure));
  result.record_notes["attention"] = std::string(to_string(sys.attention));
  result.record_notes["tokens_per_forward"] = tokens;
  result.record_notes["energy_pricing"] = energy_record(spec_.energy);
  result.record_notes["energy_not_priced"] = energy.not_priced;
  result.totals = {{"forward_pass_ms", r.total_s * 1e3},
                   {"tokens_per_forward", tokens},
                   {"attention", std::string(to_string(sys.attention))},
                   {"linear_method", std::string(to_string(sys.method))},
                   {"energy_per_token_mJ", energy.not_priced.empty()
                                               ? nlohmann::json(energy.total_mj)
                                               : nlohmann::json(nullptr)}};
  return result;
}

}  // namespace lutsim
