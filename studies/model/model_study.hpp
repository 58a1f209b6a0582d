#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/specs/hardware_spec.hpp"
#include "sim/tile/end_to_end.hpp"
#include "sim/tile/tiling_plan.hpp"
#include "studies/study.hpp"
#include "ppa/energy/energy_pricing.hpp"
#include "workloads/trace_generator.hpp"

namespace lutsim {

// One forward pass of a model (generated from the catalog, or a trace CSV)
// on one GPU, per operator.
struct ModelStudySpec {
  HardwareSpec gpu;
  std::string model;      // catalog name, model YAML or config.json; empty with trace_csv
  TraceRequest request;   // with `model`
  std::string trace_csv;  // a trace to simulate instead of a model
  std::string method;     // auto | mac | dequant | lut
  PrecomputeMode precompute = PrecomputeMode::kFused;
  bool precompute_given = false;  // the config sets precompute (LUT kernels only)
  bool launch_gaps = false;
  AttentionMode attention = AttentionMode::kFused;
  ppa::EnergyPricing energy;  // prices the operators' action counts (key `energy`)
  // Key `tiling_plan`: a compiled plan's plan.json; every LUT linear is timed
  // with its planned tiling (lutsim model --plan). None: searched.
  std::shared_ptr<const TilingPlan> tilings;
};

ModelStudySpec read_model_study(config::ConfigReader& root, StudyContext& context);

// The forward pass a model study times: its trace, and the system (the
// hardware with every override applied, the linear method chosen).
struct ModelForwardPass {
  GemmTrace trace;
  SystemSpec system;
};

// The study `model` (what `lutsim model` runs): table "model", one row per
// operator; records the linear method it chose as `linear_method` and the
// attention mode as `attention`.
class ModelStudy final : public Study {
 public:
  static constexpr std::string_view kName = "model";

  ModelStudy(config::ConfigReader& root, StudyContext& context);
  std::string plan() const override;
  StudyResult run(const StudyProgress& progress) const override;
  // What run() times (another engine times the same pass).
  ModelForwardPass forward_pass() const;

 private:
  ModelStudySpec spec_;
  std::optional<ModelSpec> model_;  // spec_.model loaded; none with a trace_csv
};

}  // namespace lutsim
