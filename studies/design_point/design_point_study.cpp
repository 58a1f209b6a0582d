#include "studies/design_point/design_point_study.hpp"

#include <stdexcept>

#include "ppa/energy/run_energy.hpp"
#include "sim/tile/end_to_end.hpp"
#include "sim/tile/gemm_model.hpp"
#include "studies/energy_keys.hpp"
#include "studies/engines/engine_comparison.hpp"
#include "studies/hardware_configs.hpp"
#include "studies/trace_request_keys.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_metrics.hpp"

namespace lutsim {
namespace {

constexpr double kMhzPerHz = 1e-6;

// What the tile model gives for the workload: its time, the tokens it
// produces (GEMM: its M rows) and its counted actions.
// (with `engine: systemc`, also its time under the systemc engine and the
// distinct GEMMs that engine simulated).
struct WorkloadRun {
  double seconds = 0.0;
  std::int64_t tokens = 0;
  ActionCounts actions;
  double systemc_seconds = 0.0;
  std::size_t gemms_simulated = 0;
};

WorkloadRun run_gemm(const DesignPointSpec& s) {
  const GemmStudySpec& g = *s.gemm;
  const GemmShape shape{g.m, g.n, g.k, 1, DataType::kFp16};
  const GemmKernel kernel = lut_kernel(s.gpu, s.weight_bits, s.act_dtype);
  const GemmEstimate e = best_gemm(s.gpu, kernel, shape);
  WorkloadRun out{e.time_s, g.m, e.actions};
  if (s.systemc_engine) {
    out.systemc_seconds =
        systemc_gemm(s.gpu, kernel, shape, s.weight_bits, s.act_dtype, e).systemc.time_s;
    out.gemms_simulated = 1;
  }
  return out;
}

WorkloadRun run_model(const DesignPointSpec& s, const ModelSpec& model) {
  const GemmTrace trace = make_trace(model, s.request);
  const SystemSpec sys{s.gpu.name,       s.gpu,           LinearMethod::kLut, s.pass.precompute,
                       s.pass.launch_gaps, s.pass.attention};
  const EndToEndResult r = simulate_forward(trace, sys);
  WorkloadRun out{r.total_s, tokens_per_forward(trace), r.actions};
  if (s.systemc_engine) {
    const EngineComparison c = compare_engines(trace, sys, r);
    out.systemc_seconds = c.systemc_total_s;
    out.gemms_simulated = c.distinct_gemms_simulated;
  }
  return out;
}

// The workload's keys: a `gemm` section or `model` with its `workload`
// section and forward-pass keys; sets the weight bits and activation type.
// Returns the reader that holds weight_bits and act_dtype.
config::ConfigReader read_workload(config::ConfigReader& root, DesignPointSpec& s) {
  if (root.has("gemm") == root.has("model")) {
    throw root.error("model", "give exactly one workload: model (with workload) or gemm");
  }
  if (root.has("gemm")) {
    auto g = root.section("gemm", "one GEMM Y[M,N] = X[M,K] W[N,K]^T");
    s.gemm.emplace();
    read_gemm_problem(g, *s.gemm);
    s.weight_bits = s.gemm->weight_bits;
    s.act_dtype = parse_data_type(s.gemm->act_dtype);
    return g;
  }
  s.model = root.get<std::string>("model", {.description = "catalog name, model YAML or config.json"});
  auto w = root.section("workload", "the forward pass traced from `model`");
  s.request = read_trace_request(w);
  s.pass = read_forward_pass_keys(root);
  s.weight_bits = s.request.weight_bits;
  s.act_dtype = s.request.act_dtype;
  return w;
}

// lut_array_design of `gpu` (as context.hardware loaded it), its refusal
// moved to the key that selects it.
ppa::DesignPoint read_array(const config::ConfigReader& root, const config::ConfigReader& workload,
                            const StudyContext& context, const HardwareSpec& gpu,
                            const DesignPointSpec& s) {
  try {
    return ppa::lut_array_design(gpu, s.weight_bits, s.act_dtype);
  } catch (const ppa::UncoveredDesign& e) {
    if (e.key() == "weight_bits") throw workload.error("weight_bits", e.what());
    if (e.key() == "activation") throw workload.error("act_dtype", e.what());
    throw root.error("gpu", context.hardware.extends_text(gpu) + ": " + e.key() + ": " + e.what());
  }
}

TableEntryFormat table_format(const DesignPointSpec& s) {
  return is_floating_point(s.act_dtype) ? s.gpu.lut_tensor_core->table_format
                                        : TableEntryFormat::kInteger;
}

std::string geometry_text(const LutArrayGeometry& g) {
  return "M" + std::to_string(g.m) + "N" + std::to_string(g.n) + "K" + std::to_string(g.k);
}

std::string workload_text(const DesignPointSpec& s) {
  if (s.gemm) {
    return "GEMM M" + std::to_string(s.gemm->m) + " N" + std::to_string(s.gemm->n) + " K" +
           std::to_string(s.gemm->k);
  }
  return s.model + " " + std::string(to_string(s.request.phase)) + " batch " +
         std::to_string(s.request.batch);
}

ResultTable design_point_table(bool systemc_engine) {
  std::vector<ResultTable::Column> columns{
      {"workload", "", "model, phase and batch, or the GEMM"},
      {"array", "", "LUT array per pass, MxNxK (hardware config)"},
      {"table_form", "", "table layout (hardware config)"},
      {"table_format", "", "table entry format of the datapath"},
      {"weight_bits", "bits", "weight bit planes"},
      {"act_dtype", "", "activation type"},
      {"latency", "ms", "one forward pass or one GEMM (tile model)"},
      {"throughput", "tokens/s",
       "tokens / latency: batch x seq_len (prefill), batch (decode), M (GEMM)"},
      {"energy_per_token", "mJ/token",
       "actions the tile model counts, priced (ppa/energy, LUT lookups and "
       "leakage by this array) + static power x latency, / tokens"},
      {"lut_array_area", "um^2", "one LUT array (analytic PPA model)"},
      {"lut_arrays_per_sm", "1", "tensor cores per SM x arrays per tensor core"},
      {"lut_area_per_sm", "mm^2", "the LUT arrays of one SM"},
      {"lut_area_per_gpu", "mm^2", "the LUT arrays of every SM"},
      {"lut_power_per_gpu", "W", "every LUT array busy at the SM clock, dynamic + leakage"},
      {"sm_clock", "MHz", "clock the LUT arrays are priced at"},
      {"ppa_library", "", "cell library (node) of the component table"}};
  if (systemc_engine) {
    columns.push_back({"systemc_latency", "ms",
                       "the workload under the systemc engine: each LUT GEMM's compute term "
                       "from one warp tile on the cycle-level sub-core, memory terms from the "
                       "tile model"});
    columns.push_back({"gemms_simulated", "1", "distinct GEMMs the sub-core simulated"});
  }
  return ResultTable(std::move(columns));
}

// `pricing` with `array` priced for `format`, kept by `files` under the
// energy config, the format, the array's label and its table form (which
// name every field of a valid design); an array that shares them with the
// one kept but differs from it is priced for itself.
std::shared_ptr<const PricedLutArray> priced_lut_array(const ppa::EnergyPricing& pricing,
                                                       TableEntryFormat format,
                                                       const ppa::DesignPoint& array,
                                                       config::ConfigFiles& files) {
  const auto price = [&] {
    PricedLutArray out{array, ppa::with_lut_array(pricing, format, array), {}, {}};
    out.record = energy_record(out.pricing);
    out.record_text = out.record.dump();
    return out;
  };
  std::string key = pricing.file.string();
  key.append("\n").append(to_string(format)).append("\n").append(array.label());
  key.append("\n").append(to_string(array.geometry.table_form));
  auto kept =
      files.parsed<PricedLutArray>(key, [&](const std::filesystem::path&) { return price(); });
  return kept->array == array ? kept : std::make_shared<const PricedLutArray>(price());
}

}  // namespace

DesignPointSpec read_design_point(config::ConfigReader& root, StudyContext& context) {
  DesignPointSpec s;
  const HardwareSpec& gpu =
      context.hardware.read(root, "gpu", "hardware config with a lut_tensor_core section");
  s.gpu = gpu;
  const config::ConfigReader workload = read_workload(root, s);
  s.systemc_engine =
      root.get<std::string>(
          "engine",
          {.description = "tile: the tile-level model; systemc: also the workload with each LUT "
                          "GEMM's compute term from one warp tile simulated on the cycle-level "
                          "sub-core (the hardware config's sub_core section)",
           .default_value = "tile",
           .allowed = {"tile", "systemc"}}) == "systemc";
  if (s.systemc_engine && !gpu.sub_core) {
    throw root.error("engine", context.hardware.extends_text(gpu) +
                                   ": no sub_core section, so no cycle-level sub-core to run "
                                   "the systemc engine on");
  }
  const auto pricing = read_shared_energy_key(root, context);
  s.array = read_array(root, workload, context, gpu, s);
  try {
    s.energy = priced_lut_array(*pricing, table_format(s), s.array, context.files);
  } catch (const std::runtime_error& e) {
    throw root.error("energy", e.what());  // its component table lacks a component
  }
  return s;
}

DesignPointStudy::DesignPointStudy(config::ConfigReader& root, StudyContext& context)
    : spec_(read_design_point(root, context)),
      lut_(ppa::gpu_lut_ppa(spec_.gpu, spec_.array, *spec_.energy->pricing.analytic.table)) {
  if (!spec_.model.empty()) {
    const ModelCatalog catalog(context.configs_dir);
    if (const auto why = catalog.not_found(spec_.model)) throw root.error("model", *why);
    model_ = catalog.load(spec_.model, context.files);
  }
}

std::string DesignPointStudy::plan() const {
  return workload_text(spec_) + " on " + spec_.gpu.name + " (" + spec_.array.label() + ")";
}

StudyResult DesignPointStudy::run(const StudyProgress& progress) const {
  const WorkloadRun w = model_ ? run_model(spec_, *model_) : run_gemm(spec_);
  if (progress) progress(1, 1, "design point timed");
  const ppa::EnergyEstimate energy =
      ppa::price_run(spec_.energy->pricing, spec_.gpu, w.actions, w.seconds);
  const ResultTable::Cell energy_cell = energy_per_token_cell(energy, w.tokens);
  ResultTable table = design_point_table(spec_.systemc_engine);
  const double clock_mhz = spec_.gpu.sm_clock_hz * kMhzPerHz;
  const std::string& library = spec_.energy->pricing.analytic.table->provenance.library;
  std::vector<ResultTable::Cell> row{workload_text(spec_),
                                     geometry_text(spec_.array.geometry),
                                     std::string(to_string(spec_.array.geometry.table_form)),
                                     std::string(to_string(table_format(spec_))),
                                     std::int64_t{spec_.weight_bits},
                                     std::string(to_string(spec_.act_dtype)),
                                     w.seconds * 1e3,
                                     static_cast<double>(w.tokens) / w.seconds,
                                     energy_cell,
                                     lut_.array.area_um2,
                                     lut_.arrays_per_sm,
                                     lut_.area_per_sm_mm2,
                                     lut_.area_per_gpu_mm2,
                                     lut_.power_per_gpu_w,
                                     clock_mhz,
                                     library};
  if (spec_.systemc_engine) {
    row.push_back(w.systemc_seconds * 1e3);
    row.push_back(static_cast<std::int64_t>(w.gemms_simulated));
  }
  table.add_row(std::move(row));
  StudyResult result{.tables = {{"design_point", std::move(table)}}};
  result.record_notes["lut_array"] = ppa::rtl_text(spec_.array);
  result.record_notes["energy_pricing"] = spec_.energy->record;
  result.record_note_texts["energy_pricing"] = spec_.energy->record_text;
  result.record_notes["energy_not_priced"] =
      energy.priced() ? std::string() : energy.not_priced().message();
  result.totals = {{"latency_ms", w.seconds * 1e3},
                   {"throughput_tokens_per_s", static_cast<double>(w.tokens) / w.seconds},
                   {"lut_area_per_gpu_mm^2", lut_.area_per_gpu_mm2}};
  if (spec_.systemc_engine) result.totals["systemc_latency_ms"] = w.systemc_seconds * 1e3;
  return result;
}

}  // namespace lutsim
