#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/text_table.hpp"
#include "compiler/program/program_parser.hpp"
#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/random_problem.hpp"
#include "sim/systemc/subcore/sub_core_report.hpp"
#include "sim/systemc/subcore/warp_program.hpp"
#include "sim/tile/gemm_kernel.hpp"

namespace lutsim::cli {
namespace {

using systemc::SubCore;
using systemc::SubCoreResult;

struct LmmaOptions {
  std::string hw;
  std::string program;
  std::int64_t m = 0, n = 0, k = 0;
  int wbits = 2;
  std::string act = "fp16";
  bool json = false;
};

// A generated warp program's GEMM, its tiling and what was checked.
struct GemmRun {
  systemc::WarpProgram program;
  GemmEstimate estimate;
  double tile_model_macs_per_cycle_per_sm = 0.0;
  bool values_checked = false;  // operands resident: values computed and compared
};

// Runs the warp program with random operands and compares its accumulators
// with lut_mpgemm; throws std::logic_error if they differ (a model bug).
SubCore run_checked(const systemc::SubCoreConfig& config, const systemc::WarpProgram& p) {
  const systemc::WarpTileSpec& s = p.spec;
  const MpGemmProblem problem = make_random_problem({.m = s.warp_m,
                                                     .n = s.warp_n,
                                                     .k = static_cast<int>(s.k_steps * s.k_step),
                                                     .activation = s.datapath.activation,
                                                     .weight_bits = s.datapath.weight_bits});
  SubCore core(config, p.program);
  write_warp_operands(p, problem.x, problem.w, core.shared_memory());
  core.run();
  if (read_warp_accumulators(p, core.registers()) !=
      lut_mpgemm(problem.x, problem.w, s.datapath).accumulators) {
    throw std::logic_error("the sub-core's accumulators differ from lut_mpgemm's");
  }
  return core;
}

nlohmann::json gemm_json(const LmmaOptions& o, const GemmRun& g, const SubCoreResult& r,
                         const HardwareSpec& hw) {
  const systemc::WarpTileSpec& s = g.program.spec;
  const double macs = static_cast<double>(s.warp_m) * s.warp_n * s.k_step * s.k_steps;
  const double sm_rate = macs / static_cast<double>(r.cycles) * hw.tensor_cores_per_sm;
  const ThreadblockTile& t = g.estimate.tiling.tile;
  return {{"m", o.m},
          {"n", o.n},
          {"k", o.k},
          {"weight_bits", o.wbits},
          {"act", o.act},
          {"cta_tile", {{"bm", t.bm}, {"bn", t.bn}, {"bk", t.bk}, {"stages", t.stages}}},
          {"split_k", g.estimate.tiling.split_k},
          {"warp_tile", {{"m", s.warp_m}, {"n", s.warp_n}}},
          {"k_steps", s.k_steps},
          {"resident_k_steps", g.program.layout.resident_steps},
          {"values_checked_against_lut_mpgemm", g.values_checked},
          {"warp_macs", macs},
          {"sm_macs_per_cycle", sm_rate},
          {"tile_model_macs_per_cycle_per_sm", g.tile_model_macs_per_cycle_per_sm},
          {"sub_core_over_tile_model", sm_rate / g.tile_model_macs_per_cycle_per_sm},
          {"units",
           {{"sm_macs_per_cycle", "MAC/cycle/SM"},
            {"tile_model_macs_per_cycle_per_sm", "MAC/cycle/SM"},
            {"warp_macs", "MAC"}}}};
}

std::string gemm_text(const nlohmann::json& g) {
  const auto& tile = g["cta_tile"];
  std::string t =
      "GEMM " + std::to_string(g["m"].get<std::int64_t>()) + " x " +
      std::to_string(g["n"].get<std::int64_t>()) + " x " +
      std::to_string(g["k"].get<std::int64_t>()) + ", w" +
      std::to_string(g["weight_bits"].get<int>()) + " " + g["act"].get<std::string>() +
      ": CTA tile " + std::to_string(tile["bm"].get<int>()) + "x" +
      std::to_string(tile["bn"].get<int>()) + "x" + std::to_string(tile["bk"].get<int>()) +
      ", split-K " + std::to_string(g["split_k"].get<int>()) + ", warp tile " +
      std::to_string(g["warp_tile"]["m"].get<int>()) + "x" +
      std::to_string(g["warp_tile"]["n"].get<int>()) + ", " +
      std::to_string(g["k_steps"].get<std::int64_t>()) + " K steps (tile model's choice)\n";
  t += "sub-core x partitions: " + std::to_string(g["sm_macs_per_cycle"].get<double>()) +
       " MAC/cycle/SM; tile model: " +
       std::to_string(g["tile_model_macs_per_cycle_per_sm"].get<double>()) +
       " MAC/cycle/SM; ratio " + std::to_string(g["sub_core_over_tile_model"].get<double>()) + "\n";
  t += g["values_checked_against_lut_mpgemm"].get<bool>()
           ? "values: random operands, accumulators bit-exact with lut_mpgemm\n"
           : "values: not computed (the warp's K slice exceeds shared memory; the program "
             "cycles through " +
                 std::to_string(g["resident_k_steps"].get<std::int64_t>()) +
                 " resident K steps, so only timing and counts are meaningful)\n";
  return t;
}

void run_lmma(const LmmaOptions& o) {
  nlohmann::json resolved;
  const HardwareSpec hw = load_hardware(hardware_config_path(o.hw, configs_dir("")), &resolved);
  const systemc::SubCoreConfig config = systemc::sub_core_config(hw);
  std::optional<SubCore> core;
  std::optional<nlohmann::json> gemm;
  if (!o.program.empty()) {
    core.emplace(config, lmma::load_program(o.program));
    core->run();
  } else {
    const DataType act = parse_data_type(o.act);
    GemmEstimate estimate;
    systemc::WarpProgram program =
        systemc::gemm_warp_program(hw, o.m, o.n, o.k, o.wbits, act, &estimate);
    GemmRun g{std::move(program), estimate, 0.0, false};
    g.tile_model_macs_per_cycle_per_sm = lut_kernel(hw, o.wbits, act).macs_per_cycle_per_sm;
    g.values_checked = g.program.layout.resident_steps == g.program.spec.k_steps;
    if (g.values_checked) {
      core.emplace(run_checked(config, g.program));
    } else {
      core.emplace(config, g.program.program, SubCore::Mode::kTimingOnly);
      core->run();
    }
    gemm = gemm_json(o, g, core->result(), hw);
  }
  const SubCoreResult& r = core->result();
  const ResultTable table = systemc::sub_core_table(r);
  nlohmann::json options{{"hw", o.hw}};
  if (!o.program.empty()) options["program"] = o.program;
  if (gemm)
    options["gemm"] = {{"m", o.m}, {"n", o.n}, {"k", o.k}, {"wbits", o.wbits}, {"act", o.act}};
  const RunRecord record = make_run_record("lmma", {{"hardware", resolved}, {"lmma", options}});
  if (o.json) {
    nlohmann::json out = to_json(table, record);
    if (gemm) out["gemm"] = *gemm;
    std::cout << out.dump(2) << "\n";
    return;
  }
  std::cout << hw.name << " sub-core, "
            << (o.program.empty() ? "generated warp program" : o.program) << "\n";
  if (gemm) std::cout << gemm_text(*gemm);
  std::cout << format_text_table(table) << "\n";
}

}  // namespace

void add_lmma_command(CLI::App& app) {
  auto o = std::make_shared<LmmaOptions>();
  CLI::App* cmd = app.add_subcommand(
      "lmma", "Run one warp's LMMA program on the cycle-level SM sub-core (docs/lmma.md)");
  cmd->footer(
      "Give a program (--program FILE) or a GEMM (--m --n --k [--wbits --act]) whose warp "
      "program is generated for the tiling the tile model chooses. Prints cycles, IPC, unit "
      "utilization, stall cycles by reason and action counts; --json prints them with units, "
      "the resolved hardware config and the git revision. The hardware config needs a sub_core "
      "section (and lut_tensor_core for lmma).");
  cmd->add_option("--hw", o->hw, "hardware config: a name in configs/hw or a path")->required();
  auto* program =
      cmd->add_option("--program", o->program, "LMMA program file")->check(CLI::ExistingFile);
  auto* m =
      cmd->add_option("--m", o->m, "GEMM rows of X (batch x tokens)")->check(CLI::PositiveNumber);
  auto* n = cmd->add_option("--n", o->n, "GEMM output features")->check(CLI::PositiveNumber);
  auto* k = cmd->add_option("--k", o->k, "GEMM input features")->check(CLI::PositiveNumber);
  auto* wbits = cmd->add_option("--wbits", o->wbits, "weight bits, 1..8 (default 2)")
                    ->check(CLI::Range(1, 8));
  auto* act = cmd->add_option("--act", o->act, "activation type (default fp16)")
                  ->check(CLI::IsMember({"fp16", "int8", "fp8"}));
  for (CLI::Option* g : {m, n, k}) {
    for (CLI::Option* other : {m, n, k}) {
      if (g != other) g->needs(other);
    }
    g->excludes(program);
  }
  for (CLI::Option* g : {wbits, act}) {
    g->needs(m);
    g->excludes(program);
  }
  cmd->add_flag("--json", o->json, "print JSON instead of text");
  cmd->callback([o, program, m] {
    if (program->count() == 0 && m->count() == 0) {
      throw CLI::ValidationError("lmma", "give --program FILE or --m, --n and --k");
    }
    run_lmma(*o);
  });
}

}  // namespace lutsim::cli
