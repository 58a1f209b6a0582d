#include <catch2/catch.hpp>

#include "sim/tile/gemm_model.hpp"
#include "sim/tile/unaligned_fallback.hpp"

using namespace lutsim;

TEST_CASE("row alignment is the largest power of two dividing a row's bytes", "[tile]") {
  CHECK(row_alignment_bytes(4096, 2.0, 16) == 16);
  CHECK(row_alignment_bytes(4097, 2.0, 16) == 2);
  CHECK(row_alignment_bytes(4098, 2.0, 16) == 4);
  CHECK(row_alignment_bytes(4100, 2.0, 16) == 8);
  CHECK(row_alignment_bytes(4097, 1.0, 16) == 1);
  CHECK(row_alignment_bytes(4097, 4.0, 16) == 4);  // INT32 output rows
}

TEST_CASE("an unaligned dense GEMM runs at the fallback kernels' rates", "[tile]") {
  const HardwareSpec h = load_hardware("configs/hw/h100_sxm.yaml");
  REQUIRE(h.unaligned_fallback);
  const UnalignedFallbackSpec& u = *h.unaligned_fallback;

  const GemmEstimate aligned = best_dense_gemm(h, {4096, 4096, 4096, 1, DataType::kFp16});
  CHECK(aligned.unaligned_row_bytes == 0);

  // Odd K: 2-byte FP16 rows, one element per load.
  const GemmShape odd{4096, 4096, 4097, 1, DataType::kFp16};
  const GemmEstimate e = best_dense_gemm(h, odd);
  CHECK(e.unaligned_row_bytes == 2);
  CHECK(e.bound == GemmBound::kCompute);
  CHECK(e.compute_s >= odd.flops() / 2.0 / u.macs_per_s_per_load_element);
  CHECK(e.time_s > 4.0 * aligned.time_s);

  // K + 4: 8-byte rows load as 4-byte ones (max_load_bytes), two elements per load.
  const GemmShape k4{4096, 4096, 4100, 1, DataType::kFp16};
  const GemmEstimate e4 = best_dense_gemm(h, k4);
  CHECK(e4.unaligned_row_bytes == 8);
  CHECK(e4.compute_s == Approx(k4.flops() / 2.0 / (2.0 * u.macs_per_s_per_load_element)));

  // An odd N leaves the operands aligned but the FP16 output rows at 2 bytes.
  CHECK(best_dense_gemm(h, {16, 4097, 4096, 1, DataType::kFp16}).unaligned_row_bytes == 2);
  // INT32 output rows of an INT8 GEMM with N + 4 are 16-byte aligned.
  CHECK(best_dense_gemm(h, {16, 4100, 4096, 1, DataType::kInt8}).unaligned_row_bytes == 0);
}

TEST_CASE("a GPU without measured fallback rates times an unaligned GEMM as an aligned one",
          "[tile]") {
  const HardwareSpec h = load_hardware("configs/hw/a100_sxm4_80gb.yaml");
  REQUIRE_FALSE(h.unaligned_fallback);
  const GemmEstimate odd = best_dense_gemm(h, {4096, 4096, 4097, 1, DataType::kFp16});
  CHECK(odd.unaligned_row_bytes == 0);  // K padded to whole k-steps: 4097 -> 4128 (+0.8%)
  CHECK(odd.rows_timed_aligned_bytes == 2);  // and the estimate says so
  CHECK(odd.time_s < 1.02 * best_dense_gemm(h, {4096, 4096, 4096, 1, DataType::kFp16}).time_s);
}

TEST_CASE("an unaligned GEMM timed as an aligned one is told apart by its rows' alignment",
          "[tile]") {
  const HardwareSpec a100 = load_hardware("configs/hw/a100_sxm4_80gb.yaml");
  const HardwareSpec h100 = load_hardware("configs/hw/h100_sxm.yaml");
  const GemmKernel fp16 = dense_kernel(a100, DataType::kFp16);
  const GemmKernel int8 = dense_kernel(a100, DataType::kInt8);
  // Odd K: 2-byte FP16 rows. BitNet's LM head (N = 32002): 4-byte FP16 output rows,
  // 8-byte INT32 ones.
  CHECK(unmodelled_unaligned_row_bytes(a100, fp16, {4096, 4096, 4097, 1, DataType::kFp16}) == 2);
  CHECK(unmodelled_unaligned_row_bytes(a100, fp16, {1, 32002, 3200, 1, DataType::kFp16}) == 4);
  CHECK(unmodelled_unaligned_row_bytes(a100, int8, {1, 32002, 3200, 1, DataType::kInt8}) == 8);
  CHECK(unmodelled_unaligned_row_bytes(a100, fp16, {4096, 4096, 4104, 1, DataType::kFp16}) == 0);
  // The H100 has measured fallback rates: such a GEMM is timed by them, not as aligned.
  CHECK(unmodelled_unaligned_row_bytes(h100, dense_kernel(h100, DataType::kFp16),
                                       {4096, 4096, 4097, 1, DataType::kFp16}) == 0);
}
