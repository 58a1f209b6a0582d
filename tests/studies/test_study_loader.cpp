// Loading studies by name, with --set overrides that reach hardware configs.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/config/config_document.hpp"
#include "core/config/config_files.hpp"
#include "studies/compare/compare_study.hpp"
#include "studies/hardware_configs.hpp"
#include "studies/study_loader.hpp"
#include "tests/support/config_error_from.hpp"

using namespace lutsim;
using config::ConfigDocument;
using config::ConfigError;
using test::config_error_from;

namespace {

const std::string kCompare = "configs/studies/compare_default.yaml";

LoadedStudy load(const std::string& path, const std::vector<std::string>& sets) {
  return load_study(ConfigDocument::load_file(path), sets, "configs");
}

std::string load_error(const std::vector<std::string>& sets) {
  try {
    load(kCompare, sets);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a study is built by its study key and records its hardware configs", "[studies]") {
  const LoadedStudy s = load(kCompare, {"hw.a100_lut_4x.lut_tensor_core.array_n=128"});
  CHECK(s.kind == "compare");
  CHECK(s.name == "compare");
  CHECK(s.resolved["hw"]["a100_lut_4x"]["lut_tensor_core"]["array_n"] == 128);
  CHECK(s.resolved["hw"]["a100_lut_8x"]["lut_tensor_core"]["array_n"] == 64);
  CHECK(s.resolved["hw"]["a100_sxm4_80gb"]["name"] == "A100-SXM4-80GB");
  CHECK(s.resolved["baseline_gpu"] == "a100_sxm4_80gb");
}

TEST_CASE("hardware overrides reach the compare spec", "[studies]") {
  auto doc = ConfigDocument::load_file(kCompare);
  config::ConfigFiles files;
  HardwareConfigs hardware("configs", files);
  REQUIRE(hardware.route("hw.a100_lut_4x.lut_tensor_core.array_m=4"));
  REQUIRE(hardware.route("hw.a100_lut_4x.lut_tensor_core.array_n=32"));
  CHECK_FALSE(hardware.route("weight_bits=[2]"));
  auto root = doc.root();
  StudyContext context{"configs", hardware, files};
  const CompareStudySpec spec = read_compare_study(root, context);
  REQUIRE(spec.lut_gpus.size() == 2);
  const auto& lut = *spec.lut_gpus[0].lut_tensor_core;
  CHECK(lut.geometry.m == 4);
  CHECK(lut.geometry.n == 32);
  // M4N32K4 x 4 arrays: the same 2048 lookups per cycle as M2N64K4 x 4.
  CHECK(lut.one_bit_lookups_per_cycle() == 4 * 32 * 4 * 4);
  CHECK(spec.lut_gpus[1].lut_tensor_core->geometry.m == 2);
  hardware.check_all_routed_used();
}

TEST_CASE("bad hardware overrides name the override and the key", "[studies]") {
  CHECK_THAT(load_error({"hw.a100_lut_4x.lut_tensor_core.array_nn=128"}),
             Catch::StartsWith("--set hw.a100_lut_4x.lut_tensor_core.array_nn=128:1:") &&
                 Catch::Contains("lut_tensor_core.array_nn: unknown key 'array_nn'"));
  CHECK_THAT(load_error({"hw.h100_sxm.sm.count=132"}),
             Catch::Contains("hw.h100_sxm: the study uses no hardware config 'h100_sxm' (it "
                             "uses: a100_lut_4x, a100_lut_8x, a100_sxm4_80gb)"));
  CHECK_THAT(load_error({"hw.a100_lut_4x=3"}), Catch::Contains("expected hw.<config>.<key>"));
  CHECK_THAT(load_error({"hw.a100_lut_4x.lut_tensor_core.array_n=0"}),
             Catch::Contains("--set hw.a100_lut_4x.lut_tensor_core.array_n=0") &&
                 Catch::Contains("lut_tensor_core.array_n"));
}

TEST_CASE("the points of one run share a hardware config they do not override", "[studies]") {
  config::ConfigFiles files;
  const auto point = [&](const std::vector<std::string>& sets) {
    return load_study(files.load(kCompare), sets, "configs", files).resolved["hw"];
  };
  const auto plain = point({});
  const auto set = point({"hw.a100_lut_4x.lut_tensor_core.array_n=128"});
  const auto again = point({});
  CHECK(plain["a100_lut_4x"]["lut_tensor_core"]["array_n"] == 64);
  CHECK(set["a100_lut_4x"]["lut_tensor_core"]["array_n"] == 128);
  CHECK(set["a100_lut_8x"] == plain["a100_lut_8x"]);
  CHECK(again == plain);
  // A bad override after the shared read is still an error at the override.
  CHECK_THAT(std::string(config_error_from([&] { point({"hw.a100_lut_4x.sm.count=0"}); }).what()),
             Catch::StartsWith("--set hw.a100_lut_4x.sm.count=0:1:") &&
                 Catch::Contains("sm.count"));
  CHECK(point({}) == plain);
}

// Found by fuzz/study_yaml: the error named only the missing file, not the study key
// that named it.
TEST_CASE("a hardware config name that names no file is an error at the study's key", "[studies]") {
  CHECK(load_error({"baseline_gpu=a100_sxm5"}) ==
        "--set baseline_gpu=a100_sxm5:1:20: baseline_gpu: 'a100_sxm5' names no hardware config: "
        "configs/hw/a100_sxm5.yaml does not exist");
  CHECK_THAT(load_error({"baseline_gpu=configs/hw"}),
             Catch::EndsWith("baseline_gpu: 'configs/hw' names no hardware config: configs/hw is not a "
                             "regular file"));
}

TEST_CASE("an unknown study names the registered ones", "[studies]") {
  CHECK_THAT(load_error({"study=comparison"}),
             Catch::Contains("study") && Catch::Contains("accuracy") &&
                 Catch::Contains("compare") && Catch::Contains("gemm") && Catch::Contains("model"));
  StudyRegistry r;
  r.add<CompareStudy>();
  CHECK_THROWS_AS(r.add<CompareStudy>(), std::logic_error);
  CHECK(r.names() == std::vector<std::string>{"compare"});
}

TEST_CASE("the accuracy study's results folder comes from name", "[studies]") {
  const LoadedStudy s = load("configs/studies/numerics_accuracy.yaml", {"problem.k=64"});
  CHECK(s.kind == "accuracy");
  CHECK(s.name == "numerics_accuracy");
  CHECK(s.resolved["hw"] == nlohmann::json::object());
}

TEST_CASE("an accuracy problem too large to hold is refused at its key", "[studies]") {
  // Issue 16: the documented maxima (M, N <= 65536, K <= 2^20) ended in a bare std::bad_alloc.
  const auto error = [](const std::vector<std::string>& sets) {
    try {
      load("configs/studies/numerics_accuracy.yaml", sets);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(error({"problem.m=65536", "problem.k=1048576"}),
             Catch::EndsWith("problem.k: X (M x K) = 65536 x 1048576 = 68719476736 elements, more "
                             "than the study's 67108864 per matrix (512 MiB of doubles)"));
  CHECK_THAT(error({"problem.m=65536", "problem.n=65536", "problem.k=4"}),
             Catch::EndsWith("problem.n: Y (M x N) = 65536 x 65536 = 4294967296 elements, more "
                             "than the study's 67108864 per matrix (512 MiB of doubles)"));
  CHECK(error({"problem.m=16", "problem.n=16384", "problem.k=4096"}) == "no error");
}

TEST_CASE("a model the study names that does not exist is an error at its key", "[studies]") {
  // Found by fuzz_study_yaml: the catalog's error named the models folder, not the study file.
  CHECK_THAT(load_error({"models=[OPT-175B BLOOM-176B]"}),
             Catch::StartsWith("--set models=[OPT-175B BLOOM-176B]:1:") &&
                 Catch::Contains("models: unknown model 'OPT-175B BLOOM-176B' (known: "));
  CHECK_THAT(load_error({"models=[no/such/model.yaml]"}),
             Catch::Contains("models: no model file 'no/such/model.yaml'"));
}
