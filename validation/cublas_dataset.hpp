#pragma once

#include <filesystem>

#include "validation/measured_gemm.hpp"

namespace lutsim {

// The CSV written by our cuBLAS harness (validation/cublas/lutsim_cublas_bench):
// one row per (dtype, shape) with the GPU, its SM count, clocks and software
// versions, the layout, M, N, K, batch and the median kernel time in us
// (see validation/cublas/README.md). Every row becomes one MeasuredGemm of
// its dtype (one of kMmaTypes); the label is the row's label, dtype,
// layout when not linear_TN, and batch when > 1. Every row must name the same
// GPU and SM count (else an error naming the line); measured_on records them
// with the driver, CUDA and cuBLAS versions and the peak SM clock.
MeasuredDataset load_cublas_bench_dataset(const std::filesystem::path& csv, TimingMethod timing);

}  // namespace lutsim
