#pragma once

#include <array>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/config/config_reader.hpp"
#include "sim/tile/end_to_end.hpp"
#include "workloads/trace_generator.hpp"

namespace lutsim {

// One inference scenario of the comparison, e.g. prefill BS1 SEQ2048.
struct CompareScenario {
  std::string name;
  Phase phase = Phase::kPrefill;
  std::int64_t batch = 1;
  std::int64_t seq_len = 1;
  std::int64_t kv_len = 0;
};

// Activation types of the compared low-bit runs: those the base GPU's
// dequantization kernels and the LUT variants both model.
inline constexpr std::array<DataType, 2> kCompareActivationTypes{DataType::kFp16, DataType::kInt8};

// `lutsim compare`: end-to-end latency of LUT-tensor-core GPUs against the
// base GPU's FP16 and INT8 tensor cores and dequantization kernels.
struct CompareStudySpec {
  std::string study;
  std::filesystem::path baseline_gpu;           // hardware config of the MAC baselines
  std::vector<std::filesystem::path> lut_gpus;  // hardware configs with LUT tensor cores
  std::vector<std::string> models;              // catalog names
  std::vector<CompareScenario> scenarios;
  std::vector<int> weight_bits;          // low-bit widths to compare
  std::vector<DataType> activations;     // of kCompareActivationTypes
  int tensor_parallel = 1;
  PrecomputeMode precompute = PrecomputeMode::kFused;
  bool launch_gaps = false;
};

// Hardware names resolve to <configs_dir>/hw/<name>.yaml; paths are kept.
CompareStudySpec read_compare_study(config::ConfigReader& root,
                                    const std::filesystem::path& configs_dir);

struct CompareRow {
  std::string model;
  std::string scenario;
  std::string gpu;
  std::string method;     // fp16_tensor_core | int8_tensor_core | dequant | lut
  std::string precision;  // e.g. W2A16, W8A8
  double latency_s = 0.0;
  double speedup_vs_fp16 = 0.0;     // FP16 tensor core / this
  double speedup_vs_int8 = 0.0;     // INT8 tensor core (W8A8) / this
  double speedup_vs_dequant = 0.0;  // dequant at the same precision / this; 0 if none
  double linear_share = 0.0;        // share of the time in linear layers (incl. precompute)
  bool weights_fit = true;          // linear weights fit in one GPU's DRAM
};

using CompareProgress = std::function<void(std::size_t done, std::size_t total)>;

// Loads hardware configs and models, runs every (model, scenario, system,
// precision) and returns rows in that order. Throws config::ConfigError for
// bad hardware configs, std::invalid_argument for unknown models.
std::vector<CompareRow> run_compare_study(const CompareStudySpec& spec,
                                          const std::filesystem::path& configs_dir,
                                          const CompareProgress& progress = {});

}  // namespace lutsim
