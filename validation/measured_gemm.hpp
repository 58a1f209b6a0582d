#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sim/tile/gemm_shape.hpp"

namespace lutsim {

// How a measurement was timed, which decides what the model must add.
enum class TimingMethod {
  kKernelOnly,  // profiler kernel duration: the model's kernel time
  kEvents,      // CUDA events around the launch: kernel time + host launch gap
};

// One measured GEMM.
struct MeasuredGemm {
  std::string label;  // e.g. "Llama-2-70b-hf tp=1 attn_post_proj(o)" or "V3"
  GemmShape shape;
  double measured_s = 0.0;
  TimingMethod timing = TimingMethod::kKernelOnly;
};

// A named set of measurements from one machine.
struct MeasuredDataset {
  std::string name;
  std::string gpu_config;  // configs/hw/<gpu_config>.yaml the set was measured on
  std::vector<MeasuredGemm> gemms;
};

// validation/data/vidur/vidur_linear_gemm_fp16.csv (every row; median times).
MeasuredDataset load_vidur_dataset(const std::filesystem::path& csv);
// validation/data/bitblas/a100_gemv_gemm_latency_ms.csv, cuBLAS FP16 rows,
// each (M, N, K) once.
MeasuredDataset load_bitblas_dataset(const std::filesystem::path& csv);

}  // namespace lutsim
