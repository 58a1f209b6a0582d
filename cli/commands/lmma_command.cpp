#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "cli/at_least.hpp"
#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/progress_printer.hpp"
#include "cli/text_table.hpp"
#include "compiler/program/program_parser.hpp"
#include "sim/systemc/subcore/gemm_warp_run.hpp"
#include "sim/systemc/subcore/shared_memory.hpp"
#include "sim/systemc/subcore/sub_core_config.hpp"
#include "sim/systemc/subcore/sub_core_report.hpp"
#include "sim/systemc/subcore/sub_core_vcd.hpp"

namespace lutsim::cli {
namespace {

using systemc::SubCore;
using systemc::SubCoreResult;

struct LmmaOptions {
  std::string hw;
  std::string program;
  std::string kernel = "lut";
  std::int64_t m = 0, n = 0, k = 0;
  int wbits = 2;
  std::string act = "fp16";
  std::string vcd;
  bool json = false;
};

nlohmann::json gemm_json(const LmmaOptions& o, const systemc::GemmWarpRun& g,
                         const HardwareSpec& hw) {
  const double sm_rate = g.sm_macs_per_cycle(hw.tensor_cores_per_sm);
  const ThreadblockTile& t = g.estimate.tiling.tile;
  nlohmann::json j{{"kernel", o.kernel},
                   {"m", o.m},
                   {"n", o.n},
                   {"k", o.k},
                   {"act", o.act},
                   {"cta_tile", {{"bm", t.bm}, {"bn", t.bn}, {"bk", t.bk}, {"stages", t.stages}}},
                   {"split_k", g.estimate.tiling.split_k},
                   {"warp_tile", {{"m", g.warp_m}, {"n", g.warp_n}}},
                   {"k_step", g.k_step},
                   {"k_steps", g.k_steps},
                   {"resident_k_steps", g.resident_steps},
                   {"tables", to_string(g.tables)},
                   {"n_sweep", g.n_sweep},
                   {"resident_sweep_tiles", g.resident_sweeps},
                   {"values_checked_against_lut_mpgemm", g.values_checked},
                   {"warp_macs", g.warp_macs()},
                   {"sm_macs_per_cycle", sm_rate},
                   {"tile_model_macs_per_cycle_per_sm", g.tile_model_macs_per_cycle_per_sm},
                   {"sub_core_over_tile_model", sm_rate / g.tile_model_macs_per_cycle_per_sm},
                   {"units",
                    {{"sm_macs_per_cycle", "MAC/cycle/SM"},
                     {"tile_model_macs_per_cycle_per_sm", "MAC/cycle/SM"},
                     {"warp_macs", "MAC"}}}};
  if (o.kernel == "lut") j["weight_bits"] = o.wbits;
  return j;
}

std::string values_text(const nlohmann::json& g) {
  if (g["values_checked_against_lut_mpgemm"].get<bool>()) {
    return "values: random operands, accumulators bit-exact with lut_mpgemm\n";
  }
  if (g["kernel"] == "mma") return "values: not computed (the MMA baseline runs timing only)\n";
  if (g["resident_sweep_tiles"] != g["n_sweep"]) {
    return "values: not computed (the N sweep's weights and outputs exceed shared memory; the "
           "program cycles through " +
           std::to_string(g["resident_sweep_tiles"].get<std::int64_t>()) +
           " resident sweep tiles, so only timing and counts are meaningful)\n";
  }
  return "values: not computed (the warp's K slice exceeds shared memory; the program cycles "
         "through " +
         std::to_string(g["resident_k_steps"].get<std::int64_t>()) +
         " resident K steps, so only timing and counts are meaningful)\n";
}

// Tables in registers: the warp tiles one run of the program computes.
std::string sweep_text(const nlohmann::json& g) {
  if (g["tables"] != "registers") return "";
  return " (tables in registers over " + std::to_string(g["n_sweep"].get<int>()) +
         " warp tiles along N)";
}

std::string gemm_text(const nlohmann::json& g) {
  const auto& tile = g["cta_tile"];
  const std::string weights =
      g.contains("weight_bits") ? ", w" + std::to_string(g["weight_bits"].get<int>()) : "";
  std::string t =
      g["kernel"].get<std::string>() + " GEMM " + std::to_string(g["m"].get<std::int64_t>()) +
      " x " + std::to_string(g["n"].get<std::int64_t>()) + " x " +
      std::to_string(g["k"].get<std::int64_t>()) + weights + " " + g["act"].get<std::string>() +
      ": CTA tile " + std::to_string(tile["bm"].get<int>()) + "x" +
      std::to_string(tile["bn"].get<int>()) + "x" + std::to_string(tile["bk"].get<int>()) +
      ", split-K " + std::to_string(g["split_k"].get<int>()) + ", warp tile " +
      std::to_string(g["warp_tile"]["m"].get<int>()) + "x" +
      std::to_string(g["warp_tile"]["n"].get<int>()) + sweep_text(g) + ", " +
      std::to_string(g["k_steps"].get<std::int64_t>()) + " K steps of " +
      std::to_string(g["k_step"].get<int>()) + " (tile model's choice)\n";
  t += "sub-core x partitions: " + std::to_string(g["sm_macs_per_cycle"].get<double>()) +
       " MAC/cycle/SM; tile model: " +
       std::to_string(g["tile_model_macs_per_cycle_per_sm"].get<double>()) +
       " MAC/cycle/SM; ratio " + std::to_string(g["sub_core_over_tile_model"].get<double>()) + "\n";
  return t + values_text(g);
}

systemc::GemmWarpRunSpec gemm_spec(const LmmaOptions& o) {
  return {.kernel = o.kernel == "mma" ? systemc::WarpKernel::kMma : systemc::WarpKernel::kLut,
          .m = o.m,
          .n = o.n,
          .k = o.k,
          .weight_bits = o.wbits,
          .act = parse_data_type(o.act),
          .check_values = true};
}

// The program of `path` run on the sub-core; what it cannot run names the
// file, as the parser's errors do ("prog.lmma: line 2: ...").
SubCoreResult run_program_file(const systemc::SubCoreConfig& config, const std::string& path,
                               const systemc::SubCoreDriver& drive) {
  lmma::Program program = lmma::load_program(path);
  try {
    SubCore core(config, std::move(program));
    drive(core);
    return core.result();
  } catch (const systemc::UnsupportedSubCore& e) {
    throw systemc::UnsupportedSubCore(path + ": " + e.what());
  } catch (const systemc::SharedMemoryFault& e) {
    throw systemc::SharedMemoryFault(path + ": " + e.what());
  }
}

void run_lmma(const LmmaOptions& o) {
  nlohmann::json resolved;
  const HardwareSpec hw = load_hardware(hardware_config_path(o.hw, configs_dir("")), &resolved);
  const systemc::SubCoreConfig config = systemc::sub_core_config(hw);
  SubCoreResult r;
  std::optional<nlohmann::json> gemm;
  const SubCore::Progress progress = [print = progress_printer()](std::uint64_t issued,
                                                                  std::uint64_t total) mutable {
    print(issued, total, "instructions issued");
  };
  // With --vcd, the core runs in its SystemC shell at the SM clock, traced.
  const systemc::SubCoreDriver drive =
      o.vcd.empty() ? systemc::plain_driver(progress) : [&](SubCore& core) {
        systemc::run_with_vcd(core, 1.0 / hw.sm_clock_hz, o.vcd, progress);
      };
  if (!o.program.empty()) {
    r = run_program_file(config, o.program, drive);
  } else {
    const systemc::GemmWarpRun g = systemc::run_gemm_warp_tile(hw, config, gemm_spec(o), drive);
    r = g.result;
    gemm = gemm_json(o, g, hw);
  }
  const ResultTable table = systemc::sub_core_table(r);
  nlohmann::json options{{"hw", o.hw}};
  if (!o.program.empty()) options["program"] = o.program;
  if (!o.vcd.empty()) options["vcd"] = o.vcd;
  if (gemm) {
    options["gemm"] = {{"kernel", o.kernel}, {"m", o.m}, {"n", o.n}, {"k", o.k}, {"act", o.act}};
    if (o.kernel == "lut") options["gemm"]["wbits"] = o.wbits;
  }
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
      "Give a program (--program FILE) or a GEMM (--m --n --k [--kernel --wbits --act]) whose "
      "warp program is made for the tiling the tile model chooses: --kernel lut (default) "
      "runs the compiler's lowering of the GEMM, lmma on the LUT tensor core with --wbits-bit "
      "weights and tables precomputed in shared memory (values checked against "
      "lut_mpgemm when the operands fit in shared memory); --kernel mma runs the MAC baseline it "
      "replaces, mma.sync m16n8k16 (fp16) or m16n8k32 (int8) on weights in the activation's "
      "format, timing only (no --wbits, no fp8). Prints cycles, IPC, unit "
      "utilization, stall cycles by reason and action counts; --json prints them with units, "
      "the resolved hardware config and the git revision. The hardware config needs a sub_core "
      "section (and lut_tensor_core for lmma).");
  cmd->add_option("--hw", o->hw, "hardware config: a name in configs/hw or a path")->required();
  auto* program =
      cmd->add_option("--program", o->program, "LMMA program file")->check(CLI::ExistingFile);
  auto* m =
      cmd->add_option("--m", o->m, "GEMM rows of X (batch x tokens)")->check(at_least(1));
  auto* n = cmd->add_option("--n", o->n, "GEMM output features")->check(at_least(1));
  auto* k = cmd->add_option("--k", o->k, "GEMM input features")->check(at_least(1));
  auto* kernel =
      cmd->add_option(
             "--kernel", o->kernel,
             "lut: lmma on the LUT tensor core (default); mma: the MAC baseline's mma.sync")
          ->check(CLI::IsMember({"lut", "mma"}));
  auto* wbits = cmd->add_option("--wbits", o->wbits, "weight bits, 1..8 (default 2; lut only)")
                    ->check(CLI::Range(1, 8));
  auto* act = cmd->add_option("--act", o->act, "activation type (default fp16)")
                  ->check(CLI::IsMember({"fp16", "int8", "fp8"}));
  for (CLI::Option* g : {m, n, k}) {
    for (CLI::Option* other : {m, n, k}) {
      if (g != other) g->needs(other);
    }
    g->excludes(program);
  }
  for (CLI::Option* g : {kernel, wbits, act}) {
    g->needs(m);
    g->excludes(program);
  }
  cmd->add_option("--vcd", o->vcd,
                  "also write a waveform (VCD, ps) of the run: the sub-core in its SystemC shell "
                  "at the SM clock; per cycle the instructions issued, the stall reason "
                  "(-1 none, 0 dependency, 1 register_ports, 2 smem_banks, 3 structural, "
                  "4 barrier), the issued line and the busy units")
      ->check(CLI::NonexistentPath | CLI::ExistingFile);
  cmd->add_flag("--json", o->json, "print JSON instead of text");
  cmd->callback([o, program, m, wbits] {
    if (program->count() == 0 && m->count() == 0) {
      throw CLI::ValidationError("lmma", "give --program FILE or --m, --n and --k");
    }
    if (o->kernel == "mma" && wbits->count() > 0) {
      throw CLI::ValidationError("--wbits",
                                 "applies to --kernel lut only: the MMA baseline multiplies "
                                 "weights stored in the activation's format (fp16 or int8)");
    }
    if (o->kernel == "mma" && o->act == "fp8") {
      throw CLI::ValidationError("--act",
                                 "fp8 with --kernel mma is not modelled: the MAC "
                                 "baseline's golden numerics are fp16 and int8 mma.sync");
    }
    run_lmma(*o);
  });
}

}  // namespace lutsim::cli
