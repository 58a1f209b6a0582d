#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/at_least.hpp"
#include "cli/commands/commands.hpp"
#include "cli/study_command.hpp"

namespace lutsim::cli {
namespace {

struct GemmOptions {
  std::string hw;
  std::int64_t m = 0, n = 0, k = 0;
  std::string act = "fp16";
  int wbits = 16;
  std::string kernel = "auto";
  bool json = false;
  StudyOptions study;
};

// The options as the config of the study `gemm` (see studies/gemm/).
config::ConfigDocument gemm_config(const GemmOptions& o) {
  const nlohmann::json c{{"study", "gemm"},
                         {"gpu", o.hw},
                         {"m", o.m},
                         {"n", o.n},
                         {"k", o.k},
                         {"act_dtype", o.act},
                         {"weight_bits", o.wbits},
                         {"kernel", o.kernel}};
  return config::ConfigDocument::load_string(c.dump(), "lutsim gemm options", ".");
}

void run_gemm(const GemmOptions& o) {
  const StudyRun run = run_study(gemm_config(o), o.study, /*narrate=*/false);
  std::vector<WrittenFiles> files;
  if (!o.study.out_dir.empty()) files = write_study_tables(run, o.study);  // before any output
  if (o.json) {
    std::cout << study_json(run).dump(2) << "\n";
    return;
  }
  std::cout << run.result.report << "\n";
  for (const auto& f : files) {
    std::cout << "wrote " << f.csv.string() << " and " << f.json.string() << "\n";
  }
}

}  // namespace

void add_gemm_command(CLI::App& app) {
  auto o = std::make_shared<GemmOptions>();
  CLI::App* cmd = app.add_subcommand("gemm", "Time one GEMM Y[M,N] = X[M,K] W[N,K]^T on a GPU");
  cmd->footer(
      "Searches the kernel's tiling and prints the time, what bounds it, the tiling and the "
      "compute/DRAM/L2 times; writes gemm.csv and gemm.json only with --out. Kernel default: "
      "dense for 16-bit weights (and W8 with int8 activations), lut on a GPU with LUT tensor "
      "cores, else dequant.");
  cmd->add_option("--hw", o->hw, "hardware config: a name in configs/hw or a path")->required();
  cmd->add_option("--m", o->m, "rows of X (batch x tokens)")->required()->check(at_least(1));
  cmd->add_option("--n", o->n, "output features")->required()->check(at_least(1));
  cmd->add_option("--k", o->k, "input features")->required()->check(at_least(1));
  cmd->add_option("--act", o->act, "activation type")
      ->check(CLI::IsMember({"fp16", "bf16", "int8", "fp8"}));
  cmd->add_option("--wbits", o->wbits, "weight bits: 1..8, or 16 for FP16 weights")
      ->check(CLI::Range(1, 16));
  cmd->add_option("--kernel", o->kernel, "kernel family (default auto)")
      ->check(CLI::IsMember({"auto", "dense", "dequant", "lut"}));
  cmd->add_flag("--json", o->json,
                "print the result as JSON (time, bound, tiling, compute/DRAM/L2 times with units "
                "in their keys, the resolved config and git revision) instead of text");
  add_study_options(*cmd, o->study, "hw.<gpu>.sm.count=132");
  cmd->callback([o] { run_gemm(*o); });
}

}  // namespace lutsim::cli
