#pragma once

#include <array>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/config/config_reader.hpp"
#include "ppa/energy/energy_pricing.hpp"
#include "sim/tile/end_to_end.hpp"
#include "studies/study.hpp"
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
  HardwareSpec baseline_gpu;           // runs the MAC baselines
  std::vector<HardwareSpec> lut_gpus;  // have LUT tensor cores
  std::vector<ModelSpec> models;       // from the catalog names of `models`
  std::vector<CompareScenario> scenarios;
  std::vector<int> weight_bits;       // low-bit widths to compare
  std::vector<DataType> activations;  // of kCompareActivationTypes
  int tensor_parallel = 1;
  PrecomputeMode precompute = PrecomputeMode::kFused;
  bool launch_gaps = false;
  AttentionMode attention = AttentionMode::kFused;
  ppa::EnergyPricing energy;  // prices each row's action counts (key `energy`)
};

// Hardware configs are loaded through context.hardware (names resolve to
// <configs_dir>/hw/<name>.yaml), so hw.<name>.<key> overrides reach them;
// models from <configs_dir>/models through context.files.
CompareStudySpec read_compare_study(config::ConfigReader& root, StudyContext& context);

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
  HardwareSpec hardware;            // the GPU of `gpu` (its static power)
  ActionCounts actions;             // one forward pass, per GPU (ppa/ prices them)
  std::int64_t tokens = 0;          // tokens of one forward pass (tokens_per_forward)
  // Its linears whose rows are off 16 bytes on a GPU without measured fallback
  // rates, timed as aligned (OpTime::rows_timed_aligned_bytes), e.g.
  // "lm_head (4-byte rows)"; "" when none.
  std::string rows_timed_aligned;
};

using CompareProgress = std::function<void(std::size_t done, std::size_t total)>;

// One forward pass of the comparison: what a row times (its trace on its
// system), for a caller that times it again another way (the CLI's systemc
// engine).
struct CompareForwardPass {
  std::string model, scenario, gpu, method, precision;  // as the row's
  GemmTrace trace;
  SystemSpec system;
};

// Every (model, scenario, system, precision) of `spec`, in the order of
// run_compare_study's rows.
std::vector<CompareForwardPass> compare_forward_passes(const CompareStudySpec& spec);

// Runs every (model, scenario, system, precision) and returns rows in that
// order.
std::vector<CompareRow> run_compare_study(const CompareStudySpec& spec,
                                          const CompareProgress& progress = {});

// The study `compare` (configs/studies/compare_default.yaml): table "compare"
// with every row, and a summary of speedups over FP16 per system.
class CompareStudy final : public Study {
 public:
  static constexpr std::string_view kName = "compare";

  CompareStudy(config::ConfigReader& root, StudyContext& context);
  std::string plan() const override;
  StudyResult run(const StudyProgress& progress) const override;
  const CompareStudySpec& spec() const { return spec_; }

 private:
  CompareStudySpec spec_;
  std::filesystem::path configs_dir_;  // for plan()
};

}  // namespace lutsim
