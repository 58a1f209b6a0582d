#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/compiled_plan.hpp"
#include "cli/config_loading.hpp"
#include "cli/non_empty.hpp"
#include "cli/trace_options.hpp"
#include "compiler/cost/layer_time.hpp"
#include "compiler/ir/graph_dump.hpp"
#include "compiler/ir/graph_from_trace.hpp"
#include "compiler/lowering/lowering_report.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "core/io/result_directory.hpp"
#include "sim/tile/graph_timer.hpp"
#include "sim/tile/tile_model_tiler.hpp"
#include "sim/tile/tiling_plan.hpp"
#include "workloads/trace_csv.hpp"

namespace lutsim::cli {
namespace {

struct CompileOptions {
  std::string hw;
  TraceOptions trace;
  std::string trace_csv;
  std::string passes;
  std::string out;
  std::string configs_dir;
  bool layer_time = false;
  bool json = false;
};

// What was compiled, and from what.
struct Compiled {
  GemmTrace trace;
  HardwareSpec hw;
  ir::Graph before;
  ir::Graph after;
  std::vector<compiler::PassReport> reports;
  std::vector<compiler::GemmLowering> lowering;  // each lut_linear of `after`
  std::optional<compiler::LayerTime> layer;  // --layer-time: one layer of `after`
  nlohmann::json config;  // the resolved inputs, for the run record
  nlohmann::json plan;       // plan.json: what lutsim model --plan times (null: none)
  std::string plan_refused;  // why there is none (the tile model refused a LUT linear)
};

// One layer of the compiled graph on the tile model, LUT linears on the GPU's
// LUT tensor cores, attention unfused (the timer times node by node).
compiler::LayerTime time_layer(const Compiled& c) {
  SystemSpec system;
  system.label = c.hw.name;
  system.hw = c.hw;
  system.method = LinearMethod::kLut;
  system.attention = AttentionMode::kUnfused;
  return compiler::layer_time(c.after, TileNodeTimer(system));
}

nlohmann::json layer_json(const compiler::LayerTime& t) {
  return {{"layers", t.layers},
          {"layer_time_us", t.layer_s * 1e6},
          {"precompute_time_us", t.precompute_s * 1e6},
          {"precompute_share_percent", t.precompute_share() * 100.0}};
}

// What was compiled: the trace options as resolved, or the trace CSV.
nlohmann::json workload_json(const CompileOptions& o, const GemmTrace& trace) {
  if (!o.trace_csv.empty()) return {{"trace_csv", o.trace_csv}};
  return {{"model", o.trace.model},          {"phase", trace.phase},
          {"batch", trace.batch},            {"seq_len", trace.seq_len},
          {"kv_len", trace.kv_len},          {"weight_bits", o.trace.wbits},
          {"act_dtype", o.trace.act},        {"tensor_parallel", o.trace.tp},
          {"fusion", o.trace.fusion},        {"lm_head", !o.trace.no_lm_head}};
}

// The study keys of the forward pass compiled: the model's trace options as
// given, or the trace CSV.
nlohmann::json forward_pass_keys(const CompileOptions& o) {
  if (o.trace_csv.empty()) return trace_study_keys(o.trace);
  return {{"trace_csv", std::filesystem::absolute(o.trace_csv).string()}};
}

// plan.json: the inputs, the passes and the tile model's tiling of every LUT
// linear (what lutsim model times them with).
nlohmann::json compiled_plan(const CompileOptions& o, const Compiled& c,
                             const std::vector<std::string>& passes,
                             const nlohmann::json& hw_config) {
  SystemSpec system;
  system.label = c.hw.name;
  system.hw = c.hw;
  system.method = LinearMethod::kLut;
  return plan_json({o.hw, hw_config, forward_pass_keys(o), passes,
                    to_json(plan_tilings(c.trace, system))});
}

Compiled compile(const CompileOptions& o) {
  const std::filesystem::path configs = configs_dir(o.configs_dir);
  Compiled c;
  c.trace = o.trace_csv.empty() ? build_trace(o.trace, configs)
                                : ir::read_graph_checked_trace_csv(o.trace_csv);
  c.before = ir::graph_from_trace(c.trace);
  nlohmann::json hw_config;
  c.hw = load_hardware(hardware_config_path(o.hw, configs), &hw_config);
  nlohmann::json pass_config{{"passes", compiler::kDefaultPasses}};
  const std::vector<std::string> passes =
      o.passes.empty()
          ? compiler::kDefaultPasses
          : compiler::load_pass_list(o.passes, compiler::PassRegistry::builtin(), &pass_config);
  c.after = c.before;
  c.reports = compiler::run_passes(c.after, passes, compiler::pass_context(c.hw));
  c.lowering = compiler::lower_graph(c.after, c.hw, TileModelTiler(c.hw));
  if (o.layer_time) c.layer = time_layer(c);
  try {
    c.plan = compiled_plan(o, c, passes, hw_config);
  } catch (const std::invalid_argument& e) {
    c.plan_refused = e.what();
  }
  c.config = {{"hardware", hw_config},
              {"passes", pass_config},
              {"workload", workload_json(o, c.trace)},
              {"layer_time", o.layer_time}};
  return c;
}

void write_text(const std::filesystem::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + file.string());
}

// The file stem of a lowered GEMM's kernel descriptor and program: its node
// name, refused unless it is a plain file name.
std::string file_stem(const std::string& gemm) {
  const bool plain = !gemm.empty() && gemm.front() != '.' &&
                     std::all_of(gemm.begin(), gemm.end(), [](unsigned char ch) {
                       return std::isalnum(ch) || ch == '_' || ch == '-' || ch == '.';
                     });
  if (!plain) {
    throw std::invalid_argument("lowering: GEMM '" + gemm +
                                "' is not a file name (letters, digits, '_', '-', '.')");
  }
  return gemm;
}

std::string kernel_file(const std::string& gemm) {
  return "kernels/" + file_stem(gemm) + ".json";
}
std::string program_file(const std::string& gemm) {
  return "programs/" + file_stem(gemm) + ".lmma";
}

// Per lut_linear: the kernel descriptor and where its files are, or why it
// was not lowered.
nlohmann::json lowering_json(const std::vector<compiler::GemmLowering>& lowering) {
  nlohmann::json out = nlohmann::json::array();
  for (const compiler::GemmLowering& l : lowering) {
    nlohmann::json j = compiler::to_json(l);
    if (l.lowered) {
      j["files"] = {{"kernel", kernel_file(l.gemm)}, {"program", program_file(l.gemm)}};
    }
    out.push_back(std::move(j));
  }
  return out;
}

nlohmann::json passes_json(const Compiled& c, const RunRecord& record) {
  nlohmann::json reports = nlohmann::json::array();
  for (const compiler::PassReport& r : c.reports) reports.push_back(compiler::to_json(r));
  nlohmann::json j = to_json(record);
  j["model"] = c.trace.model;
  j["hardware"] = c.hw.name;
  j["passes"] = reports;
  j["lowering"] = lowering_json(c.lowering);
  if (c.layer) j["layer_time"] = layer_json(*c.layer);
  j["plan"] = c.plan.is_null() ? nlohmann::json{{"written", false}, {"reason", c.plan_refused}}
                               : nlohmann::json{{"written", true}, {"file", kPlanFile}};
  return j;
}

// graph_before/after.{dot,json}, passes.json and per lowered GEMM its
// kernel descriptor and warp program, whole or not at all.
std::vector<std::filesystem::path> write_outputs(const Compiled& c, const nlohmann::json& passes,
                                                 const std::string& out) {
  ResultDirectory dir(out, "compile");
  std::vector<std::filesystem::path> files;
  const auto put = [&](const std::string& name, const std::string& text) {
    write_text(dir.staging() / name, text);
    files.push_back(dir.committed_path(dir.staging() / name));
  };
  const std::array<std::pair<std::string, const ir::Graph*>, 2> graphs{
      {{"graph_before", &c.before}, {"graph_after", &c.after}}};
  for (const auto& [stem, graph] : graphs) {
    put(stem + ".dot", ir::graph_dot(*graph));
    put(stem + ".json", ir::graph_json(*graph).dump(2) + "\n");
  }
  put("passes.json", passes.dump(2) + "\n");
  if (!c.plan.is_null()) put(kPlanFile, c.plan.dump(2) + "\n");
  std::filesystem::create_directories(dir.staging() / "kernels");
  std::filesystem::create_directories(dir.staging() / "programs");
  for (const compiler::GemmLowering& l : c.lowering) {
    if (!l.lowered) continue;
    put(kernel_file(l.gemm), compiler::to_json(l.lowered->kernel).dump(2) + "\n");
    put(program_file(l.gemm), compiler::program_text(*l.lowered));
  }
  dir.commit();
  return files;
}

std::string gemm_list(const std::vector<std::string>& gemms) {
  std::string text;
  for (const std::string& g : gemms) text += (text.empty() ? "" : ", ") + g;
  return text;
}

std::string summary(const Compiled& c, const std::vector<std::filesystem::path>& files) {
  std::string t = "compiled " + c.trace.model + " " + c.trace.phase + " for " + c.hw.name + ": " +
                  std::to_string(c.before.node_count()) + " nodes -> " +
                  std::to_string(c.after.node_count()) + "\n";
  for (const compiler::PassReport& r : c.reports) {
    t += "  " + r.pass + ": " + std::to_string(r.nodes_before) + " -> " +
         std::to_string(r.nodes_after) + " nodes (+" + std::to_string(r.nodes_added) + ", -" +
         std::to_string(r.nodes_removed) + ")\n";
    for (const compiler::GemmEffect& e : r.effects) {
      t += "    " + e.outcome + " " + gemm_list(e.gemms) + " [" + e.node + "]: " + e.reason + "\n";
    }
  }
  for (const compiler::GemmLowering& l : c.lowering) t += "  " + compiler::summary_line(l) + "\n";
  if (c.layer) {
    t += "one layer (tile model, attention unfused): " + std::to_string(c.layer->layer_s * 1e6) +
         " us, table precompute " + std::to_string(c.layer->precompute_s * 1e6) + " us (" +
         std::to_string(c.layer->precompute_share() * 100.0) + " %)\n";
  }
  if (c.plan.is_null()) t += "no plan for lutsim model --plan: " + c.plan_refused + "\n";
  for (const auto& f : files) t += "wrote " + f.string() + "\n";
  return t;
}

void run_compile(const CompileOptions& o) {
  const Compiled c = compile(o);
  const nlohmann::json passes = passes_json(c, make_run_record("compile", c.config));
  const std::vector<std::filesystem::path> files = write_outputs(c, passes, o.out);
  if (o.json) {
    std::cout << passes.dump(2) << "\n";
  } else {
    std::cout << summary(c, files);
  }
}

}  // namespace

void add_compile_command(CLI::App& app) {
  auto o = std::make_shared<CompileOptions>();
  CLI::App* cmd = app.add_subcommand(
      "compile", "Build a model's dataflow graph and run the LUT compiler passes on it");
  cmd->footer(
      "Builds the dataflow graph of a model's forward pass (or of a trace CSV with the inputs "
      "column), runs the passes a pass config lists (default: reinterpret_weights, "
      "split_precompute, fuse_precompute) for the hardware's LUT array, lowers each LUT GEMM "
      "for the tile model's tiling to a kernel descriptor and the LMMA program of one warp, and "
      "writes graph_before.dot/.json, graph_after.dot/.json, passes.json (each pass's nodes "
      "added and removed, what happened to each GEMM, and per GEMM the tile chosen, whether its "
      "precompute is fused, registers and shared memory, or why it was not lowered), "
      "kernels/<gemm>.json, programs/<gemm>.lmma and plan.json (the hardware, forward pass, "
      "passes and the tile model's tiling of every LUT linear, which lutsim model --plan times "
      "the model with) into --out (docs/compiler.md).");
  cmd->add_option("--hw", o->hw, "hardware config with a lut_tensor_core: a name in configs/hw or a path")
      ->required();
  CLI::Option* model = add_trace_options(*cmd, o->trace);
  CLI::Option* csv =
      cmd->add_option("--trace", o->trace_csv, "compile this trace CSV (with the inputs column)")
          ->check(CLI::ExistingFile);
  model->excludes(csv);
  cmd->add_option("--passes", o->passes,
                  "pass config YAML: passes: [reinterpret_weights, split_precompute, ...]")
      ->check(CLI::ExistingFile);
  cmd->add_option("-o,--out", o->out, "result folder")->required()->check(non_empty());
  cmd->add_option("--configs-dir", o->configs_dir, "folder with hw/ and models/")
      ->check(CLI::ExistingDirectory);
  cmd->add_flag("--layer-time", o->layer_time,
                "time one layer of the compiled graph on the tile model (LUT linears on the "
                "GPU's LUT tensor cores, attention unfused) and the table precompute's share of it");
  cmd->add_flag("--json", o->json, "print passes.json (the pass reports and run record) instead of "
                                   "the text summary");
  cmd->callback([o, cmd, model, csv] {
    if (model->count() + csv->count() != 1) throw CLI::RequiredError("--model or --trace");
    if (csv->count() > 0) {
      refuse_trace_shape_options(*cmd, "applies to --model only: a trace CSV carries its own ops");
    }
    run_compile(*o);
  });
}

}  // namespace lutsim::cli
