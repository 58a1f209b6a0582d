#include "cli/compiled_plan.hpp"

#include <fstream>
#include <stdexcept>

#include "compiler/plan/precompute_plan.hpp"
#include "core/io/git_revision.hpp"
#include "core/specs/hardware_spec.hpp"

namespace lutsim::cli {
namespace {

nlohmann::json read_plan_file(const std::string& file) {
  std::ifstream in(file);
  if (!in) {
    throw std::invalid_argument(file + ": cannot read it (is the folder a lutsim compile --out?)");
  }
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    throw std::invalid_argument(file + ": not JSON: " + e.what());
  }
}

const nlohmann::json& key(const nlohmann::json& j, const std::string& file,
                          const std::string& name) {
  if (!j.is_object() || !j.contains(name))
    throw std::invalid_argument(file + ": key '" + name + "' is missing");
  return j.at(name);
}

std::string text_key(const nlohmann::json& j, const std::string& file, const std::string& name) {
  const nlohmann::json& v = key(j, file, name);
  if (!v.is_string()) {
    throw std::invalid_argument(file + ": key '" + name + "': expected a string, found " +
                                v.dump());
  }
  return v.get<std::string>();
}

// The keys (dotted paths) where `a` and `b` differ.
void differing_keys(const nlohmann::json& a, const nlohmann::json& b, const std::string& path,
                    std::vector<std::string>& out) {
  if (!a.is_object() || !b.is_object()) {
    if (a != b) out.push_back(path.empty() ? "(the whole config)" : path);
    return;
  }
  for (const auto& item : a.items()) {
    const std::string p = path.empty() ? item.key() : path + "." + item.key();
    if (!b.contains(item.key())) {
      out.push_back(p);
    } else {
      differing_keys(item.value(), b.at(item.key()), p, out);
    }
  }
  for (const auto& item : b.items()) {
    if (!a.contains(item.key())) out.push_back(path.empty() ? item.key() : path + "." + item.key());
  }
}

// The plan's hardware as it resolves now must be the one it was compiled for.
std::string check_hardware(const nlohmann::json& plan, const std::string& file,
                           const std::filesystem::path& configs_dir) {
  const nlohmann::json& hw = key(plan, file, "hardware");
  const std::string given = text_key(hw, file + ": hardware", "given");
  const nlohmann::json& compiled = key(hw, file + ": hardware", "config");
  nlohmann::json now;
  load_hardware(hardware_config_path(given, configs_dir), &now);
  std::vector<std::string> differ;
  differing_keys(compiled, now, "", differ);
  if (!differ.empty()) {
    std::string names;
    for (const std::string& d : differ) names += (names.empty() ? "" : ", ") + d;
    throw std::invalid_argument(file + ": key 'hardware.config': the plan was compiled for '" +
                                given + "' as it was then; it resolves differently now (" + names +
                                "): compile again");
  }
  return given;
}

// The precompute mode whose passes lutsim model times, from the plan's passes.
std::string precompute_of(const nlohmann::json& plan, const std::string& file) {
  const nlohmann::json& passes = key(plan, file, "passes");
  for (const bool fused : {true, false}) {
    if (passes == nlohmann::json(compiler::precompute_passes(fused))) {
      return fused ? "fused" : "separate";
    }
  }
  throw std::invalid_argument(
      file +
      ": key 'passes': lutsim model times the passes [reinterpret_weights, "
      "split_precompute, fuse_precompute] (precompute fused) or [reinterpret_weights, "
      "split_precompute] (separate), the plan ran " +
      passes.dump());
}

}  // namespace

nlohmann::json plan_json(const PlanContents& p) {
  return {{"plan_version", kPlanVersion},
          {"git_revision", std::string(git_revision())},
          {"hardware", {{"given", p.hardware}, {"config", p.hardware_config}}},
          {"forward_pass", p.forward_pass},
          {"passes", p.passes},
          {"tilings", p.tilings}};
}

PlannedModel read_planned_model(const std::filesystem::path& dir,
                                const std::filesystem::path& configs_dir) {
  const std::string file = (dir / kPlanFile).string();
  const nlohmann::json plan = read_plan_file(file);
  const nlohmann::json& version = key(plan, file, "plan_version");
  if (version != kPlanVersion) {
    throw std::invalid_argument(file + ": key 'plan_version': expected " +
                                std::to_string(kPlanVersion) + ", found " + version.dump() +
                                " (a plan of another lutsim: compile again)");
  }
  const std::string revision = text_key(plan, file, "git_revision");
  if (revision != git_revision()) {
    throw std::invalid_argument(file + ": key 'git_revision': the plan was compiled by lutsim " +
                                revision + ", this is " + std::string(git_revision()) +
                                ": compile again");
  }
  PlannedModel m;
  m.file = file;
  m.gpu = check_hardware(plan, file, configs_dir);
  m.forward_pass = key(plan, file, "forward_pass");
  m.precompute = precompute_of(plan, file);
  key(plan, file, "tilings");
  return m;
}

}  // namespace lutsim::cli
