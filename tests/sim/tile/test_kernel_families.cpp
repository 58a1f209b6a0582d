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

const GemmShape kPrefill{2048, 12288, 12288, 1, DataType::kFp16};
const GemmShape kGemv{1, 12288, 12288, 1, DataType::kFp16};

}  // namespace

TEST_CASE("LUT kernels run at the array rate per weight bit", "[tile]") {
  const HardwareSpec lut = committed_hardware("a100_lut_4x");
  const GemmKernel w1 = lut_kernel(lut, 1, DataType::kFp16);
  const GemmKernel w4 = lut_kernel(lut, 4, DataType::kFp16);
  // 4 tensor cores x (2 x 64 x 4 x 4X = 2048 one-bit lookups) / b.
  CHECK(w1.macs_per_cycle_per_sm == 8192.0);
  CHECK(w4.macs_per_cycle_per_sm == 2048.0);
  // Half tables of 8 FP16 entries per 4 activations: 4 bytes per activation.
  CHECK(w1.a_bytes_per_elem == 4.0);
  CHECK(w1.b_bytes_per_elem == Approx(1.0 / 8 + 2.0 / 128));
  CHECK_THROWS_WITH(lut_kernel(committed_hardware("a100_sxm4_80gb"), 2, DataType::kFp16),
                    "A100-SXM4-80GB has no LUT tensor cores");
}

TEST_CASE("a LUT GEMM whose K does not fill its last table group is refused", "[tile]") {
  // Issue 16: `lutsim gemm --k 3` on a group-size-4 LUT GPU printed a time.
  const HardwareSpec lut = committed_hardware("a100_lut_4x");
  const GemmKernel w2 = lut_kernel(lut, 2, DataType::kFp16);
  const GemmShape k3{16, 4096, 3, 1, DataType::kFp16};
  const std::string error =
      "K = 3 is not a multiple of 4, the weights per table lookup of lut w2 fp16 (pad K with zero "
      "weights)";
  CHECK_THROWS_WITH(best_gemm(lut, w2, k3), error);
  CHECK_THROWS_WITH(estimate_gemm(lut, w2, k3, {{16, 64, 64, 4}, 1}), error);
  CHECK(best_gemm(lut, w2, {16, 4096, 4, 1, DataType::kFp16}).time_s > 0.0);
  // Dense and dequant kernels take any K.
  CHECK(best_gemm(lut, dequant_kernel(lut, 2, DataType::kFp16), k3).time_s > 0.0);
}

TEST_CASE("low-bit weights shrink the memory-bound GEMV by their bit width", "[tile]") {
  const HardwareSpec a100 = committed_hardware("a100_sxm4_80gb");
  const double fp16 = best_dense_gemm(a100, kGemv).time_s;
  const double w4 = best_gemm(a100, dequant_kernel(a100, 4, DataType::kFp16), kGemv).time_s;
  const double w2 = best_gemm(a100, dequant_kernel(a100, 2, DataType::kFp16), kGemv).time_s;
  CHECK(fp16 / w4 > 3.0);  // 16 / (4 + scales) bits, less the fixed costs
  CHECK(w4 / w2 > 1.5);
}

TEST_CASE("large-M GEMMs: dequant stays at FP16 MMA speed and LUT beats it", "[tile]") {
  const HardwareSpec a100 = committed_hardware("a100_sxm4_80gb");
  const HardwareSpec lut4 = committed_hardware("a100_lut_4x");
  const double fp16 = best_dense_gemm(a100, kPrefill).time_s;
  const double dequant = best_gemm(a100, dequant_kernel(a100, 2, DataType::kFp16), kPrefill).time_s;
  const double lut = best_gemm(lut4, lut_kernel(lut4, 2, DataType::kFp16), kPrefill).time_s;
  CHECK(dequant == Approx(fp16).epsilon(0.05));
  CHECK(fp16 / lut > 1.5);
}

TEST_CASE("a doubled register file admits larger LUT tiles and is never slower", "[tile]") {
  const HardwareSpec plain = committed_hardware("a100_lut_8x");
  const HardwareSpec dreg = committed_hardware("a100_lut_8x_dreg");
  CHECK(dreg.effective_register_file_bytes_per_sm() ==
        2 * plain.effective_register_file_bytes_per_sm());
  const auto p = best_gemm(plain, lut_kernel(plain, 1, DataType::kFp16), kPrefill);
  const auto d = best_gemm(dreg, lut_kernel(dreg, 1, DataType::kFp16), kPrefill);
  CHECK(d.time_s <= p.time_s);
  CHECK(static_cast<std::int64_t>(d.tiling.tile.bm) * d.tiling.tile.bn >
        static_cast<std::int64_t>(p.tiling.tile.bm) * p.tiling.tile.bn);
}

TEST_CASE("the forward pass sums its ops and adds LUT table precompute", "[tile]") {
  const ModelSpec m = ModelCatalog("configs").load("Llama-2-7B");
  TraceRequest req;
  req.phase = Phase::kDecode;
  req.batch = 8;
  req.kv_len = 256;
  req.weight_bits = 2;
  const GemmTrace trace = make_trace(m, req);
  const HardwareSpec lut = committed_hardware("a100_lut_4x");
  SystemSpec sys{"lut", lut, LinearMethod::kLut, PrecomputeMode::kSeparateKernel, false};
  const EndToEndResult r = simulate_forward(trace, sys);
  double sum = 0.0;
  int precomputes = 0;
  for (const OpTime& op : r.ops) {
    sum += op.time_s;
    CHECK(op.time_s == Approx(op.time_each_s * op.count));
    if (op.name.starts_with("table_precompute")) ++precomputes;
  }
  CHECK(r.total_s == Approx(sum));
  CHECK(precomputes == 4);  // qkv, attn_out, gate_up, down (the LM head stays FP16)
  sys.precompute = PrecomputeMode::kFused;
  CHECK(simulate_forward(trace, sys).total_s < r.total_s);  // no extra kernels
  SystemSpec mac{"fp16", lut, LinearMethod::kMacTensorCore, PrecomputeMode::kFused, false};
  CHECK_THROWS_WITH(simulate_forward(trace, mac), Catch::Contains("need a dequant or LUT kernel"));
}

TEST_CASE("LUT kernels model FP8 activations and reject what they do not model", "[tile]") {
  const HardwareSpec lut = committed_hardware("a100_lut_4x");
  // FP8 activations give tables with entries in the configured format (FP16):
  // the same 4 bytes per activation as FP16 activations, not an FP16 kernel.
  const GemmKernel fp8 = lut_kernel(lut, 2, DataType::kFp8E4M3);
  CHECK(fp8.name == "lut w2 fp8_e4m3");
  CHECK(fp8.a_bytes_per_elem == 4.0);
  CHECK(lut_datapath(lut, 2, DataType::kFp8E4M3).table_format == TableEntryFormat::kFp16);
  // INT8 activations give exact integer tables (2-byte entries).
  CHECK(lut_datapath(lut, 2, DataType::kInt8).table_format == TableEntryFormat::kInteger);
  CHECK_THROWS_AS(lut_kernel(lut, 2, DataType::kBf16), DataTypeError);
  CHECK_THROWS_WITH(lut_kernel(lut, 2, DataType::kBf16),
                    "A100-LUT-4X LUT tensor-core activation: bf16 is not modelled (modelled: "
                    "fp16, fp8_e4m3, fp8_e5m2, int8)");
}

TEST_CASE("MAC kernels take MMA operand types only, at the GPU's rate for them", "[tile]") {
  const HardwareSpec a100 = committed_hardware("a100_sxm4_80gb");
  CHECK(dense_kernel(a100, DataType::kInt8).c_bytes_per_elem == 4.0);
  CHECK(dense_kernel(a100, DataType::kFp8E4M3).name == "dense fp8_e4m3");
  CHECK_THROWS_WITH(best_gemm(a100, dense_kernel(a100, DataType::kFp8E4M3), kGemv),
                    "A100-SXM4-80GB has no fp8_e4m3 tensor cores");
  CHECK_THROWS_AS(dense_kernel(a100, DataType::kFp32), DataTypeError);
  CHECK_THROWS_AS(dequant_kernel(a100, 2, DataType::kInt32), DataTypeError);
}

TEST_CASE("a trace's activation type reaches the kernel, never silently FP16", "[tile]") {
  const ModelSpec m = ModelCatalog("configs").load("Llama-2-7B");
  TraceRequest req;
  req.phase = Phase::kDecode;
  req.batch = 8;
  req.weight_bits = 2;
  req.act_dtype = DataType::kFp8E4M3;
  const HardwareSpec lut = committed_hardware("a100_lut_4x");
  const SystemSpec sys{"lut", lut, LinearMethod::kLut, PrecomputeMode::kFused, false};
  for (const OpTime& op : simulate_forward(make_trace(m, req), sys).ops) {
    if (op.name == "qkv_proj") CHECK(op.kernel == "lut w2 fp8_e4m3");
  }
  req.act_dtype = DataType::kBf16;  // was run as FP16 tables before
  CHECK_THROWS_WITH(simulate_forward(make_trace(m, req), sys), Catch::Contains("bf16"));
  const HardwareSpec a100 = committed_hardware("a100_sxm4_80gb");
  req.act_dtype = DataType::kFp8E4M3;  // FP8 MMAs after dequantization: not on an A100
  const SystemSpec dequant{"dq", a100, LinearMethod::kDequant, PrecomputeMode::kFused, false};
  CHECK_THROWS_WITH(simulate_forward(make_trace(m, req), dequant),
                    Catch::Contains("has no support for dequant w2 fp8_e4m3"));
}
