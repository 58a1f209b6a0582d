#include "core/specs/hardware_spec.hpp"

#include "core/config/config_document.hpp"
#include "core/config/named_config.hpp"

namespace lutsim {
namespace {

constexpr double kMaxClockHz = 1e10;
// Per-SM storage: 4000x an A100 SM's 256 KiB register file, and small enough
// that the doubled register file of a LUT variant and the byte counts of the
// tiles fitted into it stay exact.
constexpr std::int64_t kMaxSmBytes = std::int64_t{1} << 30;
constexpr double kMaxBandwidthBytesPerS = 1e15;

void read_sm(config::ConfigReader r, HardwareSpec& h) {
  h.sm_count =
      r.get<int>("count", {.description = "streaming multiprocessors", .min = 1, .max = 4096});
  h.sm_clock_hz = r.get<double>("clock_hz", {.description = "SM clock the throughputs refer to",
                                             .unit = "Hz",
                                             .min = 1e6,
                                             .max = kMaxClockHz});
  h.register_file_bytes_per_sm = r.get<std::int64_t>(
      "register_file_bytes",
      {.description = "register file per SM", .unit = "bytes", .min = 1024, .max = kMaxSmBytes});
  h.smem_bytes_per_sm =
      r.get<std::int64_t>("smem_bytes", {.description = "shared memory per SM (largest carve-out)",
                                         .unit = "bytes",
                                         .min = 1024,
                                         .max = kMaxSmBytes});
  h.smem_bw_bytes_per_cycle_per_sm =
      r.get<double>("smem_bw_bytes_per_cycle", {.description = "shared-memory bandwidth per SM",
                                                .unit = "bytes/cycle",
                                                .min = 1.0,
                                                .max = 4096.0});
}

void read_tensor_core(config::ConfigReader r, HardwareSpec& h) {
  h.tensor_cores_per_sm =
      r.get<int>("count_per_sm", {.description = "tensor cores per SM", .min = 1, .max = 64});
  h.fp16_fma_per_cycle_per_sm = r.get<double>(
      "fp16_fma_per_cycle_per_sm",
      {.description = "dense FP16 FMAs per cycle per SM", .unit = "FMA/cycle/SM", .min = 1.0});
  h.int8_mac_per_cycle_per_sm = r.get<double>(
      "int8_mac_per_cycle_per_sm",
      {.description = "dense INT8 MACs per cycle per SM", .unit = "MAC/cycle/SM", .min = 0.0});
  h.fp8_fma_per_cycle_per_sm = r.get<double>(
      "fp8_fma_per_cycle_per_sm", {.description = "dense FP8 FMAs per cycle per SM (0: none)",
                                   .unit = "FMA/cycle/SM",
                                   .default_value = 0.0,
                                   .min = 0.0});
}

void read_memory(config::ConfigReader r, HardwareSpec& h) {
  h.l2_bw_bytes_per_cycle =
      r.get<double>("l2_bw_bytes_per_cycle", {.description = "peak L2 bandwidth per SM clock cycle",
                                              .unit = "bytes/cycle",
                                              .min = 1.0,
                                              .max = 1e6});
  h.dram_bytes = r.get<std::int64_t>("dram_bytes",
                                     {.description = "DRAM capacity", .unit = "bytes", .min = 1});
  h.dram_bw_bytes_per_s =
      r.get<double>("dram_bw_bytes_per_s", {.description = "peak DRAM bandwidth",
                                            .unit = "bytes/s",
                                            .min = 1e6,
                                            .max = kMaxBandwidthBytesPerS});
  h.dram_latency_s = r.get<double>(
      "dram_latency_s",
      {.description = "a dependent load's round trip to DRAM (0: not configured, no latency floor)",
       .unit = "s",
       .default_value = 0.0,
       .min = 0.0,
       .max = 1e-4});
}

void read_kernel(config::ConfigReader r, HardwareSpec& h) {
  h.kernel_launch_overhead_s = r.get<double>(
      "launch_overhead_s", {.description = "host-side gap per kernel launch seen by event timing",
                            .unit = "s",
                            .min = 0.0,
                            .max = 1e-3});
  h.cluster_multicast_ctas = r.get<int>(
      "cluster_multicast_ctas",
      {.description = "CTAs of a thread-block cluster sharing one operand tile by TMA multicast "
                      "(Hopper GEMM kernels: 2); 1: no clusters",
       .default_value = 1,
       .min = 1,
       .max = 16});
  h.stream_k = r.get<bool>(
      "stream_k",
      {.description = "the GEMM library also runs persistent stream-K kernels (every SM an equal "
                      "share of the main-loop steps; sim/tile/tiling.hpp); false: data-parallel "
                      "and split-K only",
       .default_value = false});
}

void read_cuda_core(config::ConfigReader r, HardwareSpec& h) {
  h.cuda_core_ops_per_cycle_per_sm =
      r.get<double>("ops_per_cycle_per_sm",
                    {.description = "FP32/INT32 lane operations per cycle per SM",
                     .unit = "op/cycle/SM",
                     .min = 1.0,
                     .max = 4096.0});
  h.sfu_ops_per_cycle_per_sm = r.get<double>(
      "sfu_ops_per_cycle_per_sm",
      {.description = "special-function results (exp2, reciprocal) per cycle per SM; 0: not "
                      "given (fused attention then cannot be timed)",
       .unit = "op/cycle/SM",
       .default_value = 0.0,
       .min = 0.0,
       .max = 1024.0});
  h.int8_dot_macs_per_cycle_per_sm = r.get<double>(
      "int8_dot_macs_per_cycle_per_sm",
      {.description = "INT8 multiply-adds per cycle per SM of 4-way dot products (DP4A) on the "
                      "INT32 lanes, where cuBLAS runs INT8 GEMMs the tensor cores cannot take "
                      "(an N-major B); 0: not given (such GEMMs then cannot be timed)",
       .unit = "MAC/cycle/SM",
       .default_value = 0.0,
       .min = 0.0,
       .max = 16384.0});
}

CalibrationSpec read_calibration(config::ConfigReader r) {
  auto fraction = [&r](std::string_view key, std::string description) {
    return r.get<double>(key, {.description = std::move(description), .min = 0.01, .max = 1.0});
  };
  auto seconds = [&r](std::string_view key, std::string description) {
    return r.get<double>(
        key, {.description = std::move(description), .unit = "s", .min = 0.0, .max = 1e-3});
  };
  CalibrationSpec c;
  c.tensor_efficiency = fraction("tensor_efficiency", "achieved / peak tensor throughput");
  c.dram_efficiency = fraction("dram_efficiency", "achieved / peak DRAM bandwidth");
  c.l2_efficiency = fraction("l2_efficiency", "achieved / peak L2 bandwidth");
  c.max_dram_bw_per_sm_bytes_per_s = r.get<double>(
      "max_dram_bw_per_sm_bytes_per_s", {.description = "DRAM bandwidth one SM can sustain",
                                         .unit = "bytes/s",
                                         .min = 1e8,
                                         .max = 1e13});
  c.mem_compute_overlap =
      fraction("mem_compute_overlap", "fraction of the shorter of memory and compute time hidden");
  c.kernel_fixed_time_s = seconds("kernel_fixed_time_s", "kernel start-up and drain time");
  c.cta_latency_s = seconds("cta_latency_s", "per-threadblock pipeline fill and epilogue time");
  c.splitk_reduce_time_s = seconds("splitk_reduce_time_s", "fixed time of a split-K reduction");
  return c;
}

PowerLimitSpec read_power_limit(config::ConfigReader r) {
  auto rate = [&r](std::string_view key, std::string description) {
    return r.get<double>(key, {.description = std::move(description),
                               .unit = "1/s",
                               .min = 1e9,
                               .max = 1e18});
  };
  PowerLimitSpec p;
  p.fp16_fma_per_s = rate("tensor_fp16_fma_per_s", "dense FP16 FMAs per second, all SMs busy");
  p.bf16_fma_per_s = rate("tensor_bf16_fma_per_s", "dense BF16 FMAs per second, all SMs busy");
  p.int8_mac_per_s = rate("tensor_int8_mac_per_s", "dense INT8 MACs per second, all SMs busy");
  p.fp8_fma_per_s = rate("tensor_fp8_fma_per_s", "dense FP8 FMAs per second, all SMs busy");
  return p;
}

LutTensorCoreSpec read_lut(config::ConfigReader r) {
  LutTensorCoreSpec l;
  LutArrayGeometry& g = l.geometry;
  g.m = r.get<int>(
      "array_m", {.description = "tables per pass (M)", .default_value = 2, .min = 1, .max = 512});
  g.n = r.get<int>(
      "array_n",
      {.description = "weight groups per pass (N)", .default_value = 64, .min = 1, .max = 512});
  g.k = r.get<int>("array_k", {.description = "activations per table (K = k)",
                               .default_value = 4,
                               .min = LutArrayGeometry::kMinK,
                               .max = LutArrayGeometry::kMaxK});
  g.table_form = parse_table_form(r.get<std::string>(
      "table_form", {.description = "table layout",
                     .default_value = "symmetric_half",
                     .allowed = {"unsigned_full", "symmetric_full", "symmetric_half"}}));
  l.table_format = parse_table_entry_format(
      r.get<std::string>("table_format", {.description = "table entry format",
                                          .default_value = "fp16",
                                          .allowed = {"fp16", "int8_quantized", "integer"}}));
  l.throughput_scale =
      r.get<int>("throughput_scale", {.description = "arrays per tensor core (1X, 4X, 8X)",
                                      .default_value = 1,
                                      .min = 1,
                                      .max = 64});
  l.double_register = r.get<bool>("double_register",
                                  {.description = "register file doubled", .default_value = false});
  const auto unit_cycles = [&r](std::string_view key, std::string description) {
    return r.get<int>(key, {.description = std::move(description),
                            .default_value = 1,
                            .min = 1,
                            .max = 64});
  };
  l.pipeline_depth_cycles = unit_cycles(
      "pipeline_depth_cycles",
      "LUT unit latency: cycles from the last index vector to the result (the RTL's: 1)");
  l.initiation_interval_cycles = unit_cycles(
      "initiation_interval_cycles",
      "LUT unit: cycles between index vectors it accepts (the RTL's: 1)");
  return l;
}

SubCoreSpec read_sub_core(config::ConfigReader r) {
  const auto cycles = [&r](std::string_view key, std::string description, int min = 1) {
    return r.get<int>(key, {.description = std::move(description),
                            .unit = "cycles",
                            .min = min,
                            .max = 1024});
  };
  SubCoreSpec s;
  s.issue_width_instr_per_cycle = r.get<int>(
      "issue_width_instr_per_cycle",
      {.description = "warp instructions the sub-core's scheduler issues per cycle",
       .unit = "instr/cycle",
       .min = 1,
       .max = 8});
  s.register_banks = r.get<int>(
      "register_banks",
      {.description = "register-file banks of a sub-core (register i in bank i mod banks)",
       .min = 1,
       .max = 64});
  s.register_bank_width_bits = r.get<int>(
      "register_bank_width_bits",
      {.description = "bits per lane one bank reads (and writes) per cycle: 32 x registers",
       .unit = "bits",
       .min = 32,
       .max = 1024});
  if (s.register_bank_width_bits % 32 != 0) {
    throw r.error("register_bank_width_bits",
                  "expected a multiple of 32 (whole 32-bit registers per lane), found " +
                      std::to_string(s.register_bank_width_bits));
  }
  s.smem_latency_cycles =
      cycles("smem_latency_cycles", "ld.shared / ldmatrix: issue to data in registers");
  s.mma_overhead_cycles = cycles(
      "mma_overhead_cycles",
      "mma: tensor-core cycles beyond its MACs at the SM's dense rate / partitions", 0);
  s.mma_pass_latency_cycles = cycles(
      "mma_pass_latency_cycles",
      "mma: latency of each 128-bit K pass of a row (f16 k8, s8 k16), one accumulating onto "
      "the one before",
      0);
  s.mma_fixed_latency_cycles = cycles(
      "mma_fixed_latency_cycles",
      "mma: latency beyond the longer of its tensor-core occupancy and its passes' latency");
  s.alu_latency_cycles =
      cycles("alu_latency_cycles", "CUDA-core instruction: latency of a dependent one");
  return s;
}

FusedAttentionSpec read_fused_attention(config::ConfigReader r) {
  FusedAttentionSpec f;
  f.stream_dram_efficiency = r.get<double>(
      "stream_dram_efficiency",
      {.description = "achieved / peak DRAM bandwidth of a kernel streaming K/V once in order",
       .min = 0.01,
       .max = 1.0});
  f.call_fixed_time_s = r.get<double>(
      "call_fixed_time_s", {.description = "fixed time of one fused-attention call",
                            .unit = "s",
                            .min = 0.0,
                            .max = 1e-3});
  return f;
}

UnalignedFallbackSpec read_unaligned_fallback(config::ConfigReader r) {
  UnalignedFallbackSpec u;
  u.aligned_bytes = r.get<int>(
      "aligned_bytes", {.description = "row alignment the library's fastest GEMM kernels need",
                        .unit = "bytes",
                        .min = 1,
                        .max = 1024});
  u.max_load_bytes = r.get<int>(
      "max_load_bytes", {.description = "widest per-thread operand load of the fallback kernels",
                         .unit = "bytes",
                         .min = 1,
                         .max = 1024});
  u.macs_per_s_per_load_element = r.get<double>(
      "macs_per_s_per_load_element",
      {.description = "fallback kernels' dense MACs per second, whole GPU, per element per load",
       .unit = "1/s",
       .min = 1e9,
       .max = 1e18});
  u.dram_elements_per_s_per_load_element = r.get<double>(
      "dram_elements_per_s_per_load_element",
      {.description =
           "fallback kernels' operand elements streamed from DRAM per second, per element per load",
       .unit = "1/s",
       .min = 1e6,
       .max = 1e15});
  return u;
}

StaticPowerSpec read_static_power(config::ConfigReader r) {
  return {r.get<double>("static_w", {.description = "board power with nothing running, counted "
                                                    "for the whole of a run as static power",
                                     .unit = "W",
                                     .min = 0.0,
                                     .max = 5000.0}),
          r.get<std::string>("static_source",
                             {.description = "the measurement static_w comes from"})};
}

}  // namespace

HardwareSpec read_hardware(config::ConfigReader& root) {
  HardwareSpec h;
  h.name = root.get<std::string>("name", {.description = "hardware name"});
  read_sm(root.section("sm", "per-SM resources"), h);
  read_tensor_core(root.section("tensor_core", "MAC tensor cores"), h);
  read_memory(root.section("memory", "L2 and DRAM"), h);
  read_kernel(root.section("kernel", "kernel launch"), h);
  read_cuda_core(root.section("cuda_core", "CUDA cores"), h);
  h.calibration = read_calibration(root.section("calibration", "tile-model calibration factors"));
  if (auto p = root.optional_section(
          "power_limit", "dense tensor rates sustained at the board power limit")) {
    h.power_limit = read_power_limit(*p);
  }
  if (auto lut =
          root.optional_section("lut_tensor_core", "LUT tensor cores replacing the MAC ones")) {
    h.lut_tensor_core = read_lut(*lut);
  }
  if (auto power = root.optional_section("power", "static power for energy pricing")) {
    h.static_power = read_static_power(*power);
  }
  if (auto sub = root.optional_section("sub_core", "one SM sub-core for the cycle-level model")) {
    h.sub_core = read_sub_core(*sub);
  }
  if (auto f = root.optional_section("fused_attention",
                                     "what the fused-attention kernel family needs")) {
    h.fused_attention = read_fused_attention(*f);
  }
  if (auto u = root.optional_section("unaligned_fallback",
                                     "the library's GEMM kernels for unaligned rows")) {
    h.unaligned_fallback = read_unaligned_fallback(*u);
  }
  return h;
}

std::filesystem::path hardware_config_path(const std::string& name_or_path,
                                           const std::filesystem::path& configs_dir) {
  return named_config_path(name_or_path, configs_dir / "hw");
}

HardwareSpec load_hardware(const std::filesystem::path& path, nlohmann::json* resolved) {
  auto doc = config::ConfigDocument::load_file(path);
  auto root = doc.root();
  HardwareSpec h = read_hardware(root);
  doc.check_all_consumed();
  if (resolved) *resolved = doc.resolved();
  return h;
}

}  // namespace lutsim
