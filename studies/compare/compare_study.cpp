#include "studies/compare/compare_study.hpp"

#include <map>
#include <set>
#include <stdexcept>

#include "studies/compare/compare_tables.hpp"
#include "studies/energy_keys.hpp"
#include "studies/forward_pass_keys.hpp"
#include "studies/hardware_configs.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_metrics.hpp"

namespace lutsim {
namespace {

std::vector<CompareScenario> read_scenarios(config::ConfigReader& root) {
  std::vector<CompareScenario> out;
  for (auto& r : root.section_list("scenarios", "inference scenarios")) {
    CompareScenario s;
    s.name = r.get<std::string>("name", {.description = "scenario label"});
    s.phase = parse_phase(r.get<std::string>(
        "phase", {.description = "prefill or decode", .allowed = {"prefill", "decode"}}));
    s.batch = r.get<std::int64_t>("batch", {.description = "sequences", .min = 1, .max = 1 << 20});
    s.seq_len =
        r.get<std::int64_t>("seq_len", {.description = "prompt tokens per sequence (prefill)",
                                        .default_value = 1,
                                        .min = 1,
                                        .max = 1 << 20});
    s.kv_len = r.get<std::int64_t>("kv_len", {.description = "cached tokens per sequence (decode)",
                                              .default_value = 0,
                                              .min = 0,
                                              .max = 1 << 24});
    out.push_back(std::move(s));
  }
  if (out.empty()) throw root.error("scenarios", "at least one scenario is needed");
  return out;
}

std::string precision(int bits, DataType act) {
  return "W" + std::to_string(bits) + "A" + std::to_string(bits_of(act));
}

struct Case {
  std::string method;
  const HardwareSpec* hw;
  LinearMethod linear;
  int bits;
  DataType act;
};

class CompareRunner {
 public:
  explicit CompareRunner(const CompareStudySpec& spec) : spec_(spec) {}

  std::vector<Case> cases() const {
    const HardwareSpec* base = &spec_.baseline_gpu;
    std::vector<Case> c{
        {"fp16_tensor_core", base, LinearMethod::kMacTensorCore, 16, DataType::kFp16},
        {"int8_tensor_core", base, LinearMethod::kMacTensorCore, 8, DataType::kInt8}};
    for (int b : spec_.weight_bits) {
      for (const DataType a : spec_.activations) {
        c.push_back({"dequant", base, LinearMethod::kDequant, b, a});
        for (const auto& l : spec_.lut_gpus) c.push_back({"lut", &l, LinearMethod::kLut, b, a});
      }
    }
    return c;
  }

  std::vector<CompareRow> run_model_scenario(const ModelSpec& model,
                                             const CompareScenario& sc) const {
    std::vector<CompareRow> rows;
    double fp16 = 0.0, int8 = 0.0;
    std::map<std::string, double> dequant;
    for (const Case& c : cases()) {
      CompareRow r = run_pass(forward_pass(model, sc, c), c);
      if (c.method == "fp16_tensor_core") fp16 = r.latency_s;
      if (c.method == "int8_tensor_core") int8 = r.latency_s;
      if (c.method == "dequant") dequant[r.precision] = r.latency_s;
      r.speedup_vs_fp16 = fp16 / r.latency_s;
      r.speedup_vs_int8 = int8 / r.latency_s;
      const auto d = dequant.find(r.precision);
      r.speedup_vs_dequant = d != dequant.end() ? d->second / r.latency_s : 0.0;
      rows.push_back(std::move(r));
    }
    return rows;
  }

  CompareForwardPass forward_pass(const ModelSpec& model, const CompareScenario& sc,
                                  const Case& c) const {
    const TraceRequest req{.phase = sc.phase,
                           .batch = sc.batch,
                           .seq_len = sc.seq_len,
                           .kv_len = sc.kv_len,
                           .weight_bits = c.bits,
                           .act_dtype = c.act,
                           .tensor_parallel = spec_.tensor_parallel};
    return {model.name,
            sc.name,
            c.hw->name,
            c.method,
            precision(c.bits, c.act),
            make_trace(model, req),
            {c.hw->name + " " + precision(c.bits, c.act), *c.hw, c.linear, spec_.precompute,
             spec_.launch_gaps, spec_.attention}};
  }

 private:
  static CompareRow run_pass(const CompareForwardPass& pass, const Case& c) {
    const EndToEndResult e = simulate_forward(pass.trace, pass.system);
    double linear = 0.0;
    for (const OpTime& t : e.ops) {
      if (t.kind == OpKind::kLinear || t.table_precompute) linear += t.time_s;
    }
    CompareRow r;
    r.model = pass.model;
    r.scenario = pass.scenario;
    r.gpu = pass.gpu;
    r.method = pass.method;
    r.precision = pass.precision;
    r.latency_s = e.total_s;
    r.linear_share = linear / e.total_s;
    r.weights_fit = static_cast<double>(linear_weight_params(pass.trace)) * c.bits / 8.0 <=
                    static_cast<double>(c.hw->dram_bytes);
    r.hardware = *c.hw;
    r.actions = e.actions;
    r.tokens = tokens_per_forward(pass.trace);
    r.rows_timed_aligned = ops_timed_as_aligned(e);
    return r;
  }

  const CompareStudySpec& spec_;
};

// One line per model and GPU whose linears were timed as aligned though their
// rows are not, or "".
std::string rows_timed_aligned_note(const std::vector<CompareRow>& rows) {
  std::set<std::string> lines;
  for (const CompareRow& r : rows) {
    if (r.rows_timed_aligned.empty()) continue;
    lines.insert(r.model + " on " + r.gpu + ": " + r.rows_timed_aligned);
  }
  std::string note;
  for (const std::string& l : lines) note += "  " + l + "\n";
  if (note.empty()) return "";
  return "timed as aligned though their rows are off 16 bytes (the GPU's config has no "
         "unaligned_fallback rates, not measured): these latencies are lower bounds\n" +
         note;
}

}  // namespace

CompareStudySpec read_compare_study(config::ConfigReader& root, StudyContext& context) {
  CompareStudySpec s;
  const HardwareSpec& baseline =
      context.hardware.read(root, "baseline_gpu", "hardware config of the MAC baselines");
  s.baseline_gpu = baseline;
  for (const auto& g : root.get<std::vector<std::string>>(
           "lut_gpus", {.description = "hardware configs with LUT tensor cores, each built on "
                                       "the baseline_gpu (its config extends it)"})) {
    const HardwareSpec& lut = context.hardware.load(g, root, "lut_gpus");
    // A speedup over another GPU would sell the gap between the GPUs as a LUT gain.
    if (!context.hardware.builds_on(lut, baseline)) {
      throw root.error("lut_gpus", lut.name + " (" + context.hardware.extends_text(lut) +
                                       ") is not built on the baseline_gpu " + baseline.name +
                                       " (" + context.hardware.extends_text(baseline) +
                                       "): compare LUT designs with the GPU they extend");
    }
    s.lut_gpus.push_back(lut);
  }
  const ModelCatalog catalog(context.configs_dir);
  for (const auto& name :
       root.get<std::vector<std::string>>("models", {.description = "catalog model names"})) {
    if (const auto why = catalog.not_found(name)) throw root.error("models", *why);
    s.models.push_back(catalog.load(name, context.files));
  }
  s.scenarios = read_scenarios(root);
  for (auto b : root.get<std::vector<std::int64_t>>(
           "weight_bits", {.description = "low-bit weight widths", .min = 1, .max = 8})) {
    s.weight_bits.push_back(static_cast<int>(b));
  }
  for (const auto& a : root.get<std::vector<std::string>>(
           "activations", {.description = "activation types of the low-bit runs",
                          .allowed = name_list(kCompareActivationTypes)})) {
    s.activations.push_back(parse_data_type(a));
  }
  s.tensor_parallel = root.get<int>(
      "tensor_parallel",
      {.description = "GPUs per layer (shapes per GPU)", .default_value = 1, .min = 1, .max = 64});
  const ForwardPassKeys pass = read_forward_pass_keys(root);
  s.precompute = pass.precompute;
  s.launch_gaps = pass.launch_gaps;
  s.attention = pass.attention;
  s.energy = read_energy_key(root, context);
  return s;
}

std::vector<CompareForwardPass> compare_forward_passes(const CompareStudySpec& spec) {
  const CompareRunner runner(spec);
  std::vector<CompareForwardPass> out;
  for (const ModelSpec& model : spec.models) {
    for (const auto& sc : spec.scenarios) {
      for (const Case& c : runner.cases()) out.push_back(runner.forward_pass(model, sc, c));
    }
  }
  return out;
}

std::vector<CompareRow> run_compare_study(const CompareStudySpec& spec,
                                          const CompareProgress& progress) {
  const CompareRunner runner(spec);
  std::vector<CompareRow> rows;
  const std::size_t total = spec.models.size() * spec.scenarios.size();
  std::size_t done = 0;
  for (const ModelSpec& model : spec.models) {
    for (const auto& sc : spec.scenarios) {
      for (auto& r : runner.run_model_scenario(model, sc)) rows.push_back(std::move(r));
      if (progress) progress(++done, total);
    }
  }
  return rows;
}

CompareStudy::CompareStudy(config::ConfigReader& root, StudyContext& context)
    : spec_(read_compare_study(root, context)), configs_dir_(context.configs_dir) {}

std::string CompareStudy::plan() const {
  return std::to_string(spec_.models.size()) + " models x " +
         std::to_string(spec_.scenarios.size()) + " scenarios (configs: " + configs_dir_.string() +
         ")";
}

StudyResult CompareStudy::run(const StudyProgress& progress) const {
  const auto rows =
      run_compare_study(spec_, [&](std::size_t done, std::size_t total) {
        if (progress) progress(done, total, "model x scenario done");
      });
  StudyResult result{.tables = {{"compare", compare_table(rows, spec_.energy)}},
                     .summary = compare_summary_table(rows)};
  result.record_notes["assumptions"] = {
      "attention (activation x activation) and 16-bit-weight linears run on the GPU's FP16 MAC "
      "tensor cores, also on LUT variants",
      "attention: " + std::string(to_string(spec_.attention)) +
          (spec_.attention == AttentionMode::kFused
               ? " (one FlashAttention-style kernel per layer over all sequences and heads)"
               : " (score GEMM, softmax, value GEMM)"),
      "tensor-parallel communication is not modelled",
      "latency per GPU; weights_fit reports whether the linear weights fit in one GPU's DRAM"};
  result.record_notes["energy_pricing"] = energy_record(spec_.energy);
  result.record_notes["energy_not_priced"] = energy_not_priced(rows, spec_.energy);
  result.report = rows_timed_aligned_note(rows);
  return result;
}

}  // namespace lutsim
