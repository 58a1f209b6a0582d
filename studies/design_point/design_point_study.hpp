#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/specs/hardware_spec.hpp"
#include "core/specs/model_spec.hpp"
#include "ppa/energy/energy_pricing.hpp"
#include "ppa/gpu/gpu_lut_ppa.hpp"
#include "studies/forward_pass_keys.hpp"
#include "studies/gemm/gemm_study.hpp"
#include "studies/study.hpp"
#include "workloads/trace_generator.hpp"

namespace lutsim {

// A hardware design point: a GPU whose LUT tensor cores (array shape, table
// form and format: its hardware config's lut_tensor_core section, swept as
// hw.<config>.lut_tensor_core.<key>) run one workload with weight_bits-bit
// weights and act_dtype activations. The workload is one GEMM (key `gemm`:
// m, n, k, weight_bits, act_dtype, as the gemm study reads them) or a model's
// forward pass (keys `model` and `workload`, the precompute, launch_gaps and
// attention keys, as the model study reads them); its linears run on the LUT
// tensor cores.
// An energy pricing with one LUT array's lookups and leakage priced
// (ppa::with_lut_array) and its run record (energy_record) as JSON and text:
// made once per run for each energy config, table entry format and array, so
// that a sweep's points that share them price and record nothing again.
struct PricedLutArray {
  ppa::DesignPoint array;  // the array priced
  ppa::EnergyPricing pricing;
  nlohmann::json record;
  std::string record_text;  // record.dump()
};

struct DesignPointSpec {
  HardwareSpec gpu;
  std::optional<GemmStudySpec> gemm;  // the GEMM workload; none with a model
  std::string model;                  // catalog name, model YAML or config.json
  TraceRequest request;               // with `model`
  ForwardPassKeys pass;               // with `model`
  int weight_bits = 2;
  DataType act_dtype = DataType::kFp16;
  ppa::DesignPoint array;  // one LUT array of the GPU (ppa::lut_array_design)
  // Key `energy`, with the LUT lookups and array leakage priced by `array`;
  // its component table prices the area too.
  std::shared_ptr<const PricedLutArray> energy;
  // Key `engine: systemc`: the workload also under the systemc engine (each
  // LUT GEMM's compute term from one warp tile on the cycle-level sub-core).
  bool systemc_engine = false;
};

// Reads the spec; a combination the analytic PPA model does not cover is a
// ConfigError at the key that selects it (act_dtype, weight_bits, or the
// hardware config's lut_tensor_core.<key> at `gpu`).
DesignPointSpec read_design_point(config::ConfigReader& root, StudyContext& context);

// The study `design_point`: the workload timed by the tile model (latency,
// tokens/s) and priced (energy per token from the action counts the tile
// model gives, ppa/energy; the LUT tensor cores' area per SM and per GPU and
// their power at the SM clock, ppa/gpu). Table "design_point", one row; with
// `engine: systemc` also the workload's latency under the systemc engine
// (studies/engines/engine_comparison.hpp) and the GEMMs it simulated.
class DesignPointStudy final : public Study {
 public:
  static constexpr std::string_view kName = "design_point";

  DesignPointStudy(config::ConfigReader& root, StudyContext& context);
  std::string plan() const override;
  StudyResult run(const StudyProgress& progress) const override;

 private:
  DesignPointSpec spec_;
  std::optional<ModelSpec> model_;  // spec_.model loaded; none with a GEMM
  ppa::GpuLutPpa lut_;              // the GPU's LUT tensor cores priced
};

}  // namespace lutsim
