// Measurement file formats: detection by header, the lutsim_cublas_bench
// loader, and the dataset catalog's checks.
#include <catch2/catch.hpp>

#include "core/specs/hardware_spec.hpp"
#include "validation/cublas_dataset.hpp"
#include "validation/attention_error.hpp"
#include "validation/dataset_catalog.hpp"
#include "validation/model_error.hpp"

using namespace lutsim;

namespace {

const std::string kData = "tests/validation/data/";

}  // namespace

TEST_CASE("the format is told by the header row", "[validation]") {
  CHECK(detect_dataset_format("validation/data/vidur/vidur_linear_gemm_fp16.csv") ==
        DatasetFormat::kVidur);
  CHECK(detect_dataset_format("validation/data/bitblas/a100_gemv_gemm_latency_ms.csv") ==
        DatasetFormat::kBitblas);
  CHECK(detect_dataset_format(kData + "cublas_format_sample.csv") == DatasetFormat::kCublasBench);
}

TEST_CASE("an unknown format names the file and the header it saw", "[validation]") {
  CHECK_THROWS_WITH(detect_dataset_format(kData + "unknown_format.csv"),
                    Catch::StartsWith(kData + "unknown_format.csv: unknown measurement format: "
                                              "header 'shape,time_ms' has the columns of none of: "
                                              "vidur (model,tp,op,M,N,K,median_ms); bitblas"));
  CHECK_THROWS_WITH(detect_dataset_format(kData + "no_such_file.csv"),
                    Catch::StartsWith("cannot read " + kData + "no_such_file.csv: "));
}

TEST_CASE("cuBLAS harness rows: dtype, layout, batch, label, GPU", "[validation]") {
  const MeasuredDataset d =
      load_cublas_bench_dataset(kData + "cublas_format_sample.csv", TimingMethod::kKernelOnly);
  REQUIRE(d.gemms.size() == 4);
  CHECK(d.measured_sm_count == 132);
  CHECK(d.measured_on ==
        "NVIDIA H100 80GB HBM3, 132 SMs, SM clock max 1980 MHz, driver 12.4, CUDA 12.4, "
        "cuBLAS 12.4.5");
  CHECK(d.gemms[0].label == "bitblas fp16");
  CHECK(d.gemms[0].measured_s == Approx(55e-6));
  CHECK(d.gemms[1].shape.type == DataType::kBf16);
  CHECK(d.gemms[1].shape.m == 4096);
  CHECK(d.gemms[2].label == "OPT-6.7B decode attn_value, layer 0 fp16 attn_value_NN batch=32");
  CHECK(d.gemms[2].shape.batch == 32);
  CHECK(d.gemms[2].shape.b_major == OperandMajor::kN);
  CHECK(d.gemms[0].shape.b_major == OperandMajor::kK);
  CHECK(d.gemms[3].shape.type == DataType::kInt8);
}

TEST_CASE("harness rows with the algorithm and launch columns load as before", "[validation]") {
  CHECK(detect_dataset_format(kData + "cublas_format_with_launches.csv") ==
        DatasetFormat::kCublasBench);
  const MeasuredDataset d = load_cublas_bench_dataset(kData + "cublas_format_with_launches.csv",
                                                      TimingMethod::kKernelOnly);
  REQUIRE(d.gemms.size() == 2);
  CHECK(d.gemms[0].measured_s == Approx(5.5e-6));
  CHECK(d.gemms[1].measured_s == Approx(9.0e-6));
  CHECK(d.gemms[1].shape.k == 8192);
  CHECK(d.gemms[1].label == "splitk fp16");
}

TEST_CASE("a cuBLAS row of a layout the harness does not write names it", "[validation]") {
  CHECK_THROWS_WITH(
      load_cublas_bench_dataset(kData + "cublas_bad_layout.csv", TimingMethod::kKernelOnly),
      kData +
          "cublas_bad_layout.csv:3: column 'layout': expected linear_TN or attn_value_NN, got "
          "'linear_NT'");
}

TEST_CASE("types not evaluated are left out with a note", "[validation]") {
  MeasuredDataset d =
      load_cublas_bench_dataset(kData + "cublas_format_sample.csv", TimingMethod::kKernelOnly);
  keep_types(d, {DataType::kFp16, DataType::kBf16});
  CHECK(d.gemms.size() == 3);
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0] == "left out 1 int8 rows (type not evaluated)");
}

TEST_CASE("one cuBLAS file holds one GPU", "[validation]") {
  CHECK_THROWS_WITH(
      load_cublas_bench_dataset(kData + "cublas_two_gpus.csv", TimingMethod::kKernelOnly),
      kData +
          "cublas_two_gpus.csv:3: GPU 'NVIDIA H100 PCIe' with 114 SMs differs from the "
          "first row's ('NVIDIA H100 80GB HBM3', 132 SMs): one file, one GPU");
}

TEST_CASE("a measurement is predicted with the config of its GPU", "[validation]") {
  MeasuredDataset d =
      load_cublas_bench_dataset(kData + "cublas_format_sample.csv", TimingMethod::kKernelOnly);
  d.gpu_config = "a100_sxm4_80gb";
  CHECK_THROWS_WITH(check_same_gpu(d, load_hardware("configs/hw/a100_sxm4_80gb.yaml")),
                    Catch::Contains("cublas_format_sample.csv: measured on NVIDIA H100 80GB "
                                    "HBM3, 132 SMs") &&
                        Catch::Contains("'a100_sxm4_80gb' (A100-SXM4-80GB) has 108 SMs"));
  CHECK_NOTHROW(check_same_gpu(d, load_hardware("configs/hw/h100_sxm.yaml")));
}

TEST_CASE("the H100 model runs on every evaluated harness row", "[validation]") {
  MeasuredDataset d =
      load_cublas_bench_dataset(kData + "cublas_format_sample.csv", TimingMethod::kKernelOnly);
  keep_types(d, {DataType::kFp16, DataType::kBf16});
  const DatasetError e = evaluate_dataset(d, load_hardware("configs/hw/h100_sxm.yaml"));
  CHECK(e.group("all").count == 3);
  for (const PointError& p : e.points) CHECK(p.predicted_s > 0);
}

TEST_CASE("a catalog entry whose file has another format is an error", "[validation]") {
  DatasetEntry e;
  e.id = "x";
  e.path = kData + "cublas_format_sample.csv";
  e.format = DatasetFormat::kVidur;
  e.where = "datasets.yaml:3:5";
  CHECK_THROWS_WITH(load_catalog_dataset(e),
                    "datasets.yaml:3:5: dataset 'x' is declared format 'vidur' but " + kData +
                        "cublas_format_sample.csv has the header of format 'cublas'");
}

TEST_CASE("SDPA attention timings: one phase and type per set, causal prefill", "[validation]") {
  const std::string csv = "validation/data/h200-attention/sdpa_fp16.csv";
  CHECK(detect_dataset_format(csv) == DatasetFormat::kSdpa);
  const AttentionDataset prefill = load_sdpa_dataset(csv, "prefill", {DataType::kFp16});
  const AttentionDataset decode = load_sdpa_dataset(csv, "decode", {DataType::kFp16});
  CHECK(prefill.calls.size() == 49);
  CHECK(decode.calls.size() == 56);
  CHECK(prefill.measured_on == "NVIDIA H200");
  // Llama-2-70B,prefill,1,64,8,128,128,128,fp16,9.600
  const MeasuredAttention& first_70b = prefill.calls[14];
  CHECK(first_70b.label == "Llama-2-70B prefill b=1 q=128 kv=128 fp16");
  CHECK(first_70b.shape.q_heads == 64);
  CHECK(first_70b.shape.kv_heads == 8);
  CHECK(first_70b.shape.causal);
  CHECK(first_70b.measured_s == Approx(9.6e-6));
  CHECK_FALSE(decode.calls[0].shape.causal);
  CHECK(decode.calls[0].shape.q_len == 1);
  const AttentionDataset none = load_sdpa_dataset(csv, "decode", {DataType::kBf16});
  CHECK(none.calls.empty());
  REQUIRE(none.notes.size() == 1);
  CHECK(none.notes[0] == "56 decode rows in fp16 left out (not among the evaluated types)");
  CHECK_THROWS_WITH(load_catalog_dataset({.id = "x", .path = csv, .format = DatasetFormat::kSdpa}),
                    Catch::Contains("not GEMMs"));
}
