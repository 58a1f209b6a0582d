// INT8 GEMMs whose B operand is N-major (attention's O = P V): the tensor
// cores take 8-bit operands K-major only, so the library's kernel runs DP4A
// dot products on the CUDA cores (sim/tile/gemm_kernel.hpp).
#include <catch2/catch.hpp>

#include "sim/tile/gemm_model.hpp"
#include "sim/tile/kernel_roofline.hpp"
#include "tests/support/committed_hardware.hpp"

using namespace lutsim;
using test::committed_hardware;

namespace {

GemmShape n_major(std::int64_t m, std::int64_t n, std::int64_t k, std::int64_t batch,
                  DataType type) {
  GemmShape s{m, n, k, batch, type};
  s.b_major = OperandMajor::kN;
  return s;
}

}  // namespace

TEST_CASE("an INT8 GEMM with an N-major B runs on the CUDA cores at the DP4A rate", "[tile]") {
  const HardwareSpec h = committed_hardware("h100_sxm");
  const GemmShape nn = n_major(2048, 128, 2048, 112, DataType::kInt8);
  const GemmKernel k = library_dense_kernel(h, nn);
  CHECK(k.mac_unit == MacUnit::kCudaCore);
  CHECK(k.macs_per_cycle_per_sm == 256.0);
  CHECK(k.power_limited_macs_per_s == 0.0);
  CHECK(mac_efficiency(h, k) == 1.0);

  const GemmEstimate e = best_dense_gemm(h, nn);
  CHECK(e.bound == GemmBound::kCompute);
  // No faster than every SM doing DP4As at 64 x 4 MACs per cycle, not derated.
  const double macs = nn.flops() / 2.0;
  const double floor_s = macs / (h.sm_count * 256.0 * h.sm_clock_hz);
  CHECK(e.compute_s >= floor_s);
  CHECK(e.time_s < 1.10 * floor_s);
  // Its work is CUDA-core operations, one per 4 MACs of the padded tiles.
  const ActionCounts& a = e.actions;
  CHECK(a.tensor_core_macs.empty());
  CHECK(a.cuda_core_ops >= macs / 4.0);
  CHECK(a.cuda_core_ops < 1.05 * macs / 4.0);

  // The same GEMM with a K-major B runs on the tensor cores, over 4x faster.
  const GemmShape tn{2048, 128, 2048, 112, DataType::kInt8};
  CHECK(library_dense_kernel(h, tn).mac_unit == MacUnit::kTensorCore);
  CHECK(best_dense_gemm(h, tn).time_s * 4.0 < e.time_s);
  // 16-bit operands are transposed as they load: the layout does not change the kernel.
  CHECK(library_dense_kernel(h, n_major(2048, 128, 2048, 112, DataType::kFp16)).name ==
        dense_kernel(h, DataType::kFp16).name);
}

TEST_CASE("N-major 8-bit GEMMs the model has no kernel for are refused", "[tile]") {
  const HardwareSpec h = committed_hardware("h100_sxm");
  CHECK_THROWS_WITH(library_dense_kernel(h, n_major(2048, 128, 2048, 1, DataType::kFp8E4M3)),
                    Catch::Contains("FP8 GEMM with an N-major B is not modelled"));
  CHECK_THROWS_WITH(best_dense_gemm(h, n_major(2048, 120, 2048, 1, DataType::kInt8)),
                    Catch::Contains("N=120") && Catch::Contains("is not modelled"));
  CHECK_THROWS_WITH(best_dense_gemm(h, n_major(2048, 128, 2056, 1, DataType::kInt8)),
                    Catch::Contains("K=2056"));
  // The A100 configs give no DP4A rate: refused, naming the key.
  const HardwareSpec a100 = committed_hardware("a100_sxm4_80gb");
  CHECK_THROWS_WITH(best_dense_gemm(a100, n_major(2048, 128, 2048, 1, DataType::kInt8)),
                    Catch::Contains("cuda_core.int8_dot_macs_per_cycle_per_sm"));
}
