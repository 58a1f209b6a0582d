#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/tile/end_to_end.hpp"
#include "sim/tile/gemm_model.hpp"

namespace lutsim::cli {
namespace {

struct GemmOptions {
  std::string hw;
  std::int64_t m = 0, n = 0, k = 0;
  std::string act = "fp16";
  int wbits = 16;
  std::string kernel;
  std::string configs_dir;
};

GemmKernel choose_kernel(const HardwareSpec& hw, const GemmOptions& o) {
  const DataType act = parse_data_type(o.act);
  std::string family = o.kernel;
  if (family.empty()) {
    const LinearMethod m = default_linear_method(hw, o.wbits, act);
    family = m == LinearMethod::kMacTensorCore ? "dense" : std::string(to_string(m));
  }
  if (family == "dense") return dense_kernel(hw, act);
  if (family == "dequant") return dequant_kernel(hw, o.wbits, act);
  return lut_kernel(hw, o.wbits, act);
}

void run_gemm(const GemmOptions& o) {
  const HardwareSpec hw = load_hardware(hardware_config_path(o.hw, configs_dir(o.configs_dir)));
  const GemmKernel kernel = choose_kernel(hw, o);
  const GemmShape shape{o.m, o.n, o.k, 1, DataType::kFp16};
  const GemmEstimate e = best_gemm(hw, kernel, shape);
  const ThreadblockTile& t = e.tiling.tile;
  std::printf("%s on %s: M=%lld N=%lld K=%lld\n", kernel.name.c_str(), hw.name.c_str(),
              static_cast<long long>(o.m), static_cast<long long>(o.n),
              static_cast<long long>(o.k));
  std::printf("  time            %.3f us  (%.1f TFLOP/s equivalent)\n", e.time_s * 1e6,
              shape.flops() / e.time_s / 1e12);
  std::printf("  bound           %s\n", std::string(to_string(e.bound)).c_str());
  std::printf("  tiling          %dx%dx%d, %d stages, split-K %d", t.bm, t.bn, t.bk, t.stages,
              e.tiling.split_k);
  if (e.tiling.multicast != Multicast::kNone) {
    std::printf(", clusters of %d sharing the %s tile", hw.cluster_multicast_ctas,
                to_string(e.tiling.multicast));
  }
  std::printf("\n");
  std::printf("  CTAs            %lld (%d per SM, %lld waves)\n", static_cast<long long>(e.ctas),
              e.ctas_per_sm, static_cast<long long>(e.waves));
  std::printf(
      "  compute         %.3f us\n  DRAM            %.3f us (%.3f MB)\n  L2              %.3f us\n",
      e.compute_s * 1e6, e.dram_s * 1e6, e.dram_bytes / 1e6, e.l2_s * 1e6);
}

}  // namespace

void add_gemm_command(CLI::App& app) {
  auto o = std::make_shared<GemmOptions>();
  CLI::App* cmd = app.add_subcommand("gemm", "Time one GEMM Y[M,N] = X[M,K] W[N,K]^T on a GPU");
  cmd->footer(
      "Searches the kernel's tiling and prints the time, what bounds it, the tiling and the "
      "compute/DRAM/L2 times. Kernel default: dense for 16-bit weights (and W8 with int8 "
      "activations), lut on a GPU with LUT tensor cores, else dequant.");
  cmd->add_option("--hw", o->hw, "hardware config: a name in configs/hw or a path")->required();
  cmd->add_option("--m", o->m, "rows of X (batch x tokens)")
      ->required()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--n", o->n, "output features")->required()->check(CLI::PositiveNumber);
  cmd->add_option("--k", o->k, "input features")->required()->check(CLI::PositiveNumber);
  cmd->add_option("--act", o->act, "activation type")
      ->check(CLI::IsMember({"fp16", "bf16", "int8", "fp8"}));
  cmd->add_option("--wbits", o->wbits, "weight bits: 1..8, or 16 for FP16 weights")
      ->check(CLI::Range(1, 16));
  cmd->add_option("--kernel", o->kernel, "kernel family")
      ->check(CLI::IsMember({"dense", "dequant", "lut"}));
  cmd->add_option("--configs-dir", o->configs_dir, "folder with hw/")
      ->check(CLI::ExistingDirectory);
  cmd->callback([o] { run_gemm(*o); });
}

}  // namespace lutsim::cli
