#include "studies/gemm/gemm_study.hpp"

#include <cstdio>
#include <vector>

#include "sim/tile/end_to_end.hpp"
#include "sim/tile/gemm_model.hpp"
#include "studies/hardware_configs.hpp"

namespace lutsim {
namespace {

GemmKernel choose_kernel(const GemmStudySpec& s) {
  const DataType act = parse_data_type(s.act_dtype);
  std::string family = s.kernel;
  if (family == "auto") {
    const LinearMethod m = default_linear_method(s.gpu, s.weight_bits, act);
    family = m == LinearMethod::kMacTensorCore ? "dense" : std::string(to_string(m));
  }
  if (family == "dense") return dense_linear_kernel(s.gpu, s.weight_bits, act);
  if (family == "dequant") return dequant_kernel(s.gpu, s.weight_bits, act);
  return lut_kernel(s.gpu, s.weight_bits, act);
}

// printf-style formatting into a string.
template <class... Args>
std::string format(const char* fmt, Args... args) {
  std::vector<char> buffer(1 + std::snprintf(nullptr, 0, fmt, args...));
  std::snprintf(buffer.data(), buffer.size(), fmt, args...);
  return buffer.data();
}

// Where a LUT kernel's tables live under `tl`: "shared_memory", or
// "registers" over its N sweep; "none" for a kernel without tables.
std::string tables_text(const GemmKernel& kernel, const Tiling& tl) {
  if (kernel.family != KernelFamily::kLut) return "none";
  if (tl.tables == TablePlacement::kSharedMemory) return "shared_memory";
  return format("registers over %d N tiles", tl.n_sweep);
}

std::string describe(const GemmStudySpec& s, const GemmKernel& kernel, const GemmShape& shape,
                     const GemmSearch& search) {
  const GemmEstimate& e = *search.best;
  const ThreadblockTile& t = e.tiling.tile;
  const WarpTile w = warp_tile(kernel, e.tiling);
  std::string out =
      format("%s on %s: M=%lld N=%lld K=%lld\n", kernel.name.c_str(), s.gpu.name.c_str(),
             static_cast<long long>(s.m), static_cast<long long>(s.n), static_cast<long long>(s.k));
  out += format("  time            %.3f us  (%.1f TFLOP/s equivalent)\n", e.time_s * 1e6,
                shape.flops() / e.time_s / 1e12);
  out += format("  bound           %s\n", std::string(to_string(e.bound)).c_str());
  if (e.unaligned_row_bytes > 0) {
    out += format("  unaligned rows  %d-byte aligned (K or N): the library's fallback kernels\n",
                  e.unaligned_row_bytes);
  }
  if (e.rows_timed_aligned_bytes > 0) {
    out += format(
        "  unaligned rows  %d-byte aligned (K or N), timed as aligned: a lower bound, as\n"
        "                  %s's config has no unaligned_fallback rates (not measured)\n",
        e.rows_timed_aligned_bytes, s.gpu.name.c_str());
  }
  out += format("  tiling          %dx%dx%d, %d stages, split-K %d, %s", t.bm, t.bn, t.bk,
                t.stages, e.tiling.split_k, to_string(e.tiling.schedule));
  if (e.tiling.multicast != Multicast::kNone) {
    out += format(", clusters of %d sharing the %s tile", s.gpu.cluster_multicast_ctas,
                  to_string(e.tiling.multicast));
  }
  out += format(", warp %dx%d\n", w.m, w.n);
  if (kernel.family == KernelFamily::kLut) {
    out += format("  tables          %s, %s entries\n", tables_text(kernel, e.tiling).c_str(),
                  std::string(to_string(kernel.table_format)).c_str());
  }
  out += format("  search          exhaustive, %lld legal tilings, slowest %.3f us (%s-bound)\n",
                static_cast<long long>(search.legal), search.worst_any->time_s * 1e6,
                std::string(to_string(search.worst_any->bound)).c_str());
  if (e.tiling.schedule == TileSchedule::kStreamK) {
    out += format("  tiles           %lld in equal shares of k-steps over %d SMs (%d CTAs per SM), "
                  "%lld summed from partials\n",
                  static_cast<long long>(e.ctas), s.gpu.sm_count, e.ctas_per_sm,
                  static_cast<long long>(e.partial_tiles));
  } else {
    out += format("  CTAs            %lld (%d per SM, %lld waves)\n", static_cast<long long>(e.ctas),
                  e.ctas_per_sm, static_cast<long long>(e.waves));
  }
  out += format(
      "  compute         %.3f us\n  DRAM            %.3f us (%.3f MB)\n  L2              %.3f us",
      e.compute_s * 1e6, e.dram_s * 1e6, e.dram_bytes / 1e6, e.l2_s * 1e6);
  return out;
}

ResultTable gemm_table(const GemmKernel& kernel, const GemmShape& shape, const GemmSearch& search) {
  const GemmEstimate& e = *search.best;
  const ThreadblockTile& t = e.tiling.tile;
  const WarpTile w = warp_tile(kernel, e.tiling);
  ResultTable table({{"kernel", "", "kernel family and type"},
                     {"time", "us", "one GEMM"},
                     {"throughput", "TFLOP/s", "2 M N K / time"},
                     {"bound", "", "what limits it"},
                     {"tile", "", "threadblock tile BMxBNxBK"},
                     {"stages", "1", "pipeline stages"},
                     {"split_k", "1", "K split across CTAs"},
                     {"ctas", "1", "threadblocks"},
                     {"waves", "1", "waves of CTAs over the SMs"},
                     {"compute_time", "us", "tensor compute alone"},
                     {"dram_time", "us", "DRAM traffic alone"},
                     {"dram_bytes", "MB", "DRAM traffic"},
                     {"l2_time", "us", "L2 traffic alone"},
                     {"row_alignment", "bytes",
                      "rows' alignment when below the library's (fallback kernels); 0: aligned"},
                     {"rows_timed_aligned", "bytes",
                      "rows' alignment below 16 bytes on a GPU without measured fallback rates, "
                      "timed as aligned (a lower bound); 0: none"},
                     {"schedule", "", "tiles to SMs: data_parallel (waves) or stream_k"},
                     {"warp_tile", "", "one warp's outputs MxN"},
                     {"tables", "", "where LUT tables live: shared_memory, registers over N tiles"},
                     {"legal_tilings", "1", "tilings the exhaustive search found legal"},
                     {"worst_time", "us", "the slowest legal tiling"}});
  table.add_row({kernel.name,
                 e.time_s * 1e6,
                 shape.flops() / e.time_s / 1e12,
                 std::string(to_string(e.bound)),
                 std::to_string(t.bm) + "x" + std::to_string(t.bn) + "x" + std::to_string(t.bk),
                 std::int64_t{t.stages},
                 std::int64_t{e.tiling.split_k},
                 std::int64_t{e.ctas},
                 std::int64_t{e.waves},
                 e.compute_s * 1e6,
                 e.dram_s * 1e6,
                 e.dram_bytes / 1e6,
                 e.l2_s * 1e6,
                 std::int64_t{e.unaligned_row_bytes},
                 std::int64_t{e.rows_timed_aligned_bytes},
                 std::string(to_string(e.tiling.schedule)),
                 std::to_string(w.m) + "x" + std::to_string(w.n),
                 tables_text(kernel, e.tiling),
                 std::int64_t{search.legal},
                 search.worst_any->time_s * 1e6});
  return table;
}

}  // namespace

void read_gemm_problem(config::ConfigReader& root, GemmStudySpec& s) {
  const auto dim = [&root](std::string_view key, std::string description) {
    return root.get<std::int64_t>(key, {.description = std::move(description), .min = 1});
  };
  s.m = dim("m", "rows of X (batch x tokens)");
  s.n = dim("n", "output features");
  s.k = dim("k", "input features");
  s.act_dtype = root.get<std::string>("act_dtype", {.description = "activation type",
                                                    .default_value = "fp16",
                                                    .allowed = {"fp16", "bf16", "int8", "fp8"}});
  s.weight_bits = root.get<int>("weight_bits", {.description = "weight bits (16: FP16 weights)",
                                                .unit = "bits",
                                                .default_value = 16,
                                                .min = 1,
                                                .max = 16});
}

GemmStudySpec read_gemm_study(config::ConfigReader& root, StudyContext& context) {
  GemmStudySpec s;
  s.gpu = context.hardware.read(root, "gpu", "hardware config: a name in configs/hw or a path");
  read_gemm_problem(root, s);
  s.kernel =
      root.get<std::string>("kernel", {.description = "kernel family (auto: by precision and GPU)",
                                       .default_value = "auto",
                                       .allowed = {"auto", "dense", "dequant", "lut"}});
  return s;
}

GemmStudy::GemmStudy(config::ConfigReader& root, StudyContext& context)
    : spec_(read_gemm_study(root, context)) {}

std::string GemmStudy::plan() const {
  return "M=" + std::to_string(spec_.m) + " N=" + std::to_string(spec_.n) +
         " K=" + std::to_string(spec_.k) + " on " + spec_.gpu.name;
}

StudyResult GemmStudy::run(const StudyProgress& progress) const {
  const GemmKernel kernel = choose_kernel(spec_);
  const GemmShape shape{spec_.m, spec_.n, spec_.k, 1, DataType::kFp16};
  const GemmSearch search =
      search_gemm(spec_.gpu, kernel, shape, [](const Tiling&) { return true; });
  if (!search.best) best_gemm(spec_.gpu, kernel, shape);  // throws why no tiling runs
  if (progress) progress(1, 1, "GEMM timed");
  return {.tables = {{"gemm", gemm_table(kernel, shape, search)}},
          .report = describe(spec_, kernel, shape, search)};
}

}  // namespace lutsim
