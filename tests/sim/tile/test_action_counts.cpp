// The tile model's action counts against hand-computed values.

#include <catch2/catch.hpp>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/end_to_end.hpp"
#include "sim/tile/gemm_model.hpp"
#include "tests/support/committed_hardware.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;

namespace {

using test::committed_hardware;

}  // namespace

TEST_CASE("W2A16 GEMV-like GEMM on A100-LUT-4X: counts of one tiling", "[tile][actions]") {
  const HardwareSpec lut = committed_hardware("a100_lut_4x");
  const GemmKernel k = lut_kernel(lut, 2, DataType::kFp16);
  const GemmShape s{16, 4096, 4096, 1, DataType::kFp16};
  // 16 x 512 CTA tiles, 32 K per step, 3 stages, no split-K, no multicast.
  const auto e = estimate_gemm(lut, k, s, {{16, 512, 32, 3}, 1, Multicast::kNone});
  REQUIRE(e);
  const ActionCounts& a = e->actions;
  // CTAs: (16 / 16) x (4096 / 512) = 8; K needs no padding (4096 = 128 steps of 32).
  CHECK(e->ctas == 8);
  // Lookups: M x N x (K / k) x bits = 16 x 4096 x (4096 / 4) x 2 = 134217728 lookups of
  // FP16-entry tables; no MAC tensor-core work, no CUDA-core work.
  CHECK(a.lut_lookups.at(TableEntryFormat::kFp16) == 134217728.0);
  CHECK(a.tensor_core_macs.empty());
  CHECK(a.cuda_core_ops == 0.0);
  // Bytes per element: A = 8 FP16 entries per 4 activations = 4; B = 2 / 8 + 2 / 128 (an
  // FP16 scale per 128 weights) = 0.265625; C = 2.
  // DRAM: A 16 x 4096 x 4 = 262144, B 4096 x 4096 x 0.265625 = 4456448, C 16 x 4096 x 2
  // = 131072: 4849664.
  CHECK(a.dram_bytes == 4849664.0);
  // Shared memory written: 8 CTAs x (16 x 4 + 512 x 0.265625 = 200 bytes per K) x 4096
  // = 6553600. Fragments read (warp tile 16 x 256: A once per each of the 512 / 256 = 2 warp
  // columns, B once): 8 x (16 x 2 x 4 + 512 x 0.265625 = 264 bytes per K) x 4096 = 8650752.
  CHECK(a.smem_bytes == 6553600.0 + 8650752.0);
  CHECK(a.register_file_bytes == 8650752.0);
  // L2: the tiles every CTA reads (6553600) plus the output written (131072).
  CHECK(a.l2_bytes == 6684672.0);
}

TEST_CASE("dense FP16 GEMM: MACs over padded tiles", "[tile][actions]") {
  const HardwareSpec a100 = committed_hardware("a100_sxm4_80gb");
  const GemmShape s{100, 200, 300, 1, DataType::kFp16};
  const auto e = estimate_dense_gemm(a100, s, {{128, 128, 32, 4}, 1, Multicast::kNone});
  REQUIRE(e);
  // 1 x 2 CTAs of 128 x 128 outputs; K = 300 runs 10 steps of 32 = 320:
  // 2 x 128 x 128 x 320 = 10485760 FP16 MACs (6000000 of them useful).
  CHECK(e->actions.tensor_core_macs.at(DataType::kFp16) == 10485760.0);
  CHECK(e->actions.tensor_core_macs.size() == 1);
  CHECK(e->actions.lut_lookups.empty());
  // DRAM: (100 x 300 + 200 x 300 + 100 x 200) x 2 bytes.
  CHECK(e->actions.dram_bytes == 220000.0);
}

TEST_CASE("best_gemm carries the counts of the tiling it chose", "[tile][actions]") {
  const HardwareSpec lut = committed_hardware("a100_lut_4x");
  const GemmKernel k = lut_kernel(lut, 2, DataType::kFp16);
  const GemmShape s{16, 4096, 4096, 1, DataType::kFp16};
  const GemmEstimate best = best_gemm(lut, k, s);
  const auto again = estimate_gemm(lut, k, s, best.tiling);
  REQUIRE(again);
  CHECK(best.actions.l2_bytes == again->actions.l2_bytes);
  CHECK(best.actions.smem_bytes == again->actions.smem_bytes);
  CHECK(best.actions.dram_bytes == best.dram_bytes);
  // Padding only adds work: at least the 134217728 lookups of the problem.
  CHECK(best.actions.lut_lookups.at(TableEntryFormat::kFp16) >= 134217728.0);
}

TEST_CASE("the forward pass sums its ops' actions, precompute included", "[tile][actions]") {
  const ModelSpec m = ModelCatalog("configs").load("Llama-2-7B");
  TraceRequest req;
  req.phase = Phase::kDecode;
  req.batch = 8;
  req.weight_bits = 2;
  const GemmTrace trace = make_trace(m, req);
  const SystemSpec sys{"lut", committed_hardware("a100_lut_4x"), LinearMethod::kLut,
                       PrecomputeMode::kFused, false};
  const EndToEndResult r = simulate_forward(trace, sys);
  ActionCounts sum;
  int checked = 0;
  for (const OpTime& op : r.ops) {
    sum += op.actions;
    if (op.name == "table_precompute(qkv_proj)") {
      ++checked;
      // 8 rows x 4096 / 4 tables x (2 x 8 - 2 = 14 adds) x 32 layers.
      CHECK(op.actions.cuda_core_ops == 8.0 * 1024 * 14 * 32);
    }
    if (op.name == "input_norm") {
      ++checked;
      // Read and write 8 x 4096 FP16 values, 32 layers.
      CHECK(op.actions.dram_bytes == 8.0 * 4096 * 2 * 2 * 32);
      CHECK(op.actions.l2_bytes == op.actions.dram_bytes);
    }
  }
  CHECK(checked == 2);
  CHECK(r.actions.dram_bytes == sum.dram_bytes);
  CHECK(r.actions.cuda_core_ops == sum.cuda_core_ops);
  CHECK(r.actions.lut_lookups == sum.lut_lookups);
  // The LM head stays FP16 (MAC tensor cores), the attention products too.
  CHECK(r.actions.tensor_core_macs.at(DataType::kFp16) > 0.0);
}
