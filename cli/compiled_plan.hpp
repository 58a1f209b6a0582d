#pragma once
// A compiled plan (issue 13 item 4): what `lutsim compile --out DIR` decided,
// in DIR/plan.json, for `lutsim model --plan DIR` to time the model with
// instead of deciding again: the hardware (as given and as resolved), the
// forward pass (the model and workload keys of the study `model`, or the
// trace CSV), the passes and, per LUT linear, the tiling the tile model
// times it with. Versioned (plan_version) and tied to the revision that
// wrote it.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lutsim::cli {

inline constexpr int kPlanVersion = 1;
inline constexpr const char* kPlanFile = "plan.json";

struct PlanContents {
  std::string hardware;            // --hw as given: a name in configs/hw or a path
  nlohmann::json hardware_config;  // the hardware config as resolved (extends applied)
  nlohmann::json forward_pass;     // {"model", "workload"} or {"trace_csv"}: the study's keys
  std::vector<std::string> passes;
  nlohmann::json tilings;  // sim/tile/tiling_plan.hpp's to_json
};

// {"plan_version", "git_revision", "hardware": {"given", "config"},
// "forward_pass", "passes", "tilings"}.
nlohmann::json plan_json(const PlanContents& plan);

// What `lutsim model --plan DIR` runs: the study `model`'s keys for the plan.
struct PlannedModel {
  std::string file;  // DIR/plan.json
  std::string gpu;   // the hardware as given to lutsim compile
  nlohmann::json forward_pass;
  std::string precompute;  // "fused" (the default passes) or "separate" (split only)
};

// Reads DIR/plan.json. Throws std::invalid_argument naming the file and the
// key when it is missing or malformed, of another plan_version, written by
// another git revision, for hardware whose config (`configs_dir`/hw, as it
// resolves now) differs from the plan's (the differing keys named), or for
// passes lutsim model does not time.
PlannedModel read_planned_model(const std::filesystem::path& dir,
                                const std::filesystem::path& configs_dir);

}  // namespace lutsim::cli
