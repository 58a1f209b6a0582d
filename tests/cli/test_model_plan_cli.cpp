// lutsim model --plan: the plan lutsim compile --out wrote, timed without a
// search, gives the direct run's per-operator and total times; a plan of
// another version, revision, hardware config or pass list is refused by
// file and key.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/run_lutsim.hpp"
#include "tests/workloads/temp_path.hpp"

namespace {

using lutsim::test::Run;
using lutsim::test::run_lutsim;
namespace fs = std::filesystem;

nlohmann::json read_plan(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

void write_json(const fs::path& file, const nlohmann::json& j) {
  std::ofstream(file) << j.dump(2);
}

nlohmann::json run_json(const std::string& args) {
  const Run r = run_lutsim(args + " --json");
  INFO(args << "\n" << r.out);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out);
}

// The per-operator rows (op, kernel, count, times, share, bound, energy)
// and the totals.
void check_same_times(const nlohmann::json& planned, const nlohmann::json& direct) {
  REQUIRE(planned["tables"]["model"].size() > 4);
  CHECK(planned["tables"]["model"] == direct["tables"]["model"]);
  CHECK(planned["totals"] == direct["totals"]);
  CHECK(planned["totals"]["forward_pass_ms"] == direct["totals"]["forward_pass_ms"]);
  CHECK(planned["totals"]["forward_pass_ms"].get<double>() > 0.0);
}

}  // namespace

TEST_CASE("lutsim model --plan: the compiled plan times the model as the direct run does",
          "[cli][compiler]") {
  const fs::path dir = lutsim::test::unique_temp_path("model_plan");
  fs::create_directories(dir);
  const fs::path split_only = dir / "split.yaml";
  std::ofstream(split_only) << "passes: [reinterpret_weights, split_precompute]\n";
  struct Case {
    std::string model, passes, precompute;
  };
  for (const Case& c :
       {Case{"--model llama2_7b --phase decode --kv-len 512 --wbits 2", "", "fused"},
        Case{"--model llama2_7b --phase prefill --seq 256 --wbits 3", "", "fused"},
        Case{"--model opt_6_7b --phase decode --wbits 2", " --passes " + split_only.string(),
             "separate"}}) {
    INFO(c.model << c.passes);
    const fs::path out = dir / ("compiled_" + c.precompute + std::to_string(c.model.size()));
    REQUIRE(run_lutsim("compile " + c.model + " --hw a100_lut_4x --out " + out.string() + c.passes)
                .status == 0);
    const nlohmann::json plan = read_plan(out / "plan.json");
    CHECK(plan["plan_version"] == 1);
    CHECK(plan["hardware"]["given"] == "a100_lut_4x");
    REQUIRE(plan["tilings"].size() >= 4);
    for (const std::string attention : {"fused", "unfused"}) {
      const std::string options = " --attention " + attention + " --out " + (dir / "m").string();
      check_same_times(run_json("model --plan " + out.string() + options),
                       run_json("model " + c.model +
                                " --hw a100_lut_4x --method lut "
                                "--precompute " +
                                c.precompute + options));
    }
  }
}

TEST_CASE("lutsim model --plan: a plan that does not match is refused by file and key",
          "[cli][compiler]") {
  const fs::path dir = lutsim::test::unique_temp_path("model_plan_refused");
  const fs::path out = dir / "compiled";
  REQUIRE(run_lutsim("compile --model llama2_7b --phase decode --wbits 2 --hw a100_lut_4x --out " +
                     out.string())
              .status == 0);
  const fs::path file = out / "plan.json";
  const nlohmann::json plan = read_plan(file);
  const std::string model = "model --plan " + out.string() + " --out " + (dir / "m").string();
  const auto refused = [&](const nlohmann::json& edited, const std::string& message) {
    write_json(file, edited);
    const Run r = run_lutsim(model);
    INFO(r.out);
    CHECK(r.status != 0);
    CHECK_THAT(r.out, Catch::Contains(file.string() + ": ") && Catch::Contains(message));
  };
  nlohmann::json j = plan;
  j["plan_version"] = 2;
  refused(j, "key 'plan_version': expected 1, found 2");
  j = plan;
  j["git_revision"] = "0000000";
  refused(j, "key 'git_revision': the plan was compiled by lutsim 0000000");
  j = plan;
  j["hardware"]["config"]["name"] = "A100-LUT-4X, edited";
  j["hardware"]["config"]["no_such_key"] = 1;
  refused(j,
          "key 'hardware.config': the plan was compiled for 'a100_lut_4x' as it was then; "
          "it resolves differently now (name, no_such_key)");
  j = plan;
  j["passes"].push_back("quantize_tables");
  refused(j, "key 'passes': lutsim model times the passes");
  j = plan;
  j["tilings"][0]["tiling"]["schedule"] = "round_robin";
  refused(j, "tilings[0].tiling.schedule: expected data_parallel or stream_k, found 'round_robin'");
  j = plan;
  j["tilings"][0]["m"] = 3;
  refused(j, "planned for 3 x ");
  j = plan;
  j["tilings"].erase(0);
  refused(j, "has no tiling in the plan");
  // Options the plan fixes are refused with it.
  write_json(file, plan);
  for (const std::string extra : {" --hw a100_lut_4x", " --wbits 4", " --precompute separate"}) {
    const Run r = run_lutsim(model + extra);
    INFO(extra << "\n" << r.out);
    CHECK(r.status != 0);
    CHECK_THAT(r.out, Catch::Contains("does not apply with --plan"));
  }
  CHECK(run_lutsim(model).status == 0);
}
